import type { AssistantMessage, ChatMessage } from '../../../../shared/threads';

/**
 * How much of the earlier conversation the new thread's first message carries: far below any model's window (about
 * 3k tokens), so the message that asks for the summary can never be refused as too long itself.
 */
export const SUMMARY_SOURCE_CAP_CHARS = 12_000;

function answerText(m: AssistantMessage): string {
  const out: string[] = [];
  for (const part of m.parts) {
    if (part.kind === 'text') out.push(part.text);
    else if (part.kind === 'tool') out.push(`[used ${part.name}${part.isError ? ' (failed)' : ''}]`);
  }
  return out.join('\n').trim();
}

function entryOf(m: ChatMessage): string | undefined {
  if (m.role === 'user') return m.text.trim() ? `User: ${m.text.trim()}` : undefined;
  const text = answerText(m);
  return text ? `Claude: ${text}` : undefined;
}

/**
 * The first message of "New thread with a summary": the latest part of this conversation (newest kept, oldest cut
 * first, the cut said) and a request that Claude sum it up there. Claude Desk cannot ask this conversation itself —
 * every request carrying it is refused (recorded case 57) — so the summary is made in the new thread, from what
 * fits, and the user reads the message before sending it.
 */
export function summaryRequest(title: string, earlier: ChatMessage[], cap = SUMMARY_SOURCE_CAP_CHARS): string {
  const entries = earlier.map(entryOf).filter((e): e is string => e !== undefined);
  const kept: string[] = [];
  let used = 0;
  let i = entries.length - 1;
  for (; i >= 0; i--) {
    const entry = entries[i]!;
    if (used + entry.length + 2 > cap) {
      // A huge newest message (a pasted log): its start, cut, rather than nothing of it.
      if (kept.length === 0) {
        kept.unshift(`${entry.slice(0, cap)} […cut]`);
        i--;
      }
      break;
    }
    kept.unshift(entry);
    used += entry.length + 2;
  }
  const omitted = i + 1;
  return [
    `Summarize this earlier conversation ("${title}") in a few short paragraphs: what we set out to do, what was ` +
      'decided and done, and what is still open. Then wait for my next message. It grew longer than the model’s ' +
      'context window; ' +
      (omitted > 0
        ? `only its latest part is here (${omitted} earlier message${omitted === 1 ? '' : 's'} left out).`
        : 'its messages are here, without the tools’ output.'),
    '',
    '<earlier-conversation>',
    kept.join('\n\n'),
    '</earlier-conversation>',
  ].join('\n');
}
