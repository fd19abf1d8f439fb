import type { AssistantMessage, ChatMessage, ImageAttachment, UserMessage } from '../../shared/threads';

/** Default cap of the transcript handed to a new CLI session (characters). */
export const TRANSCRIPT_CAP_CHARS = 24_000;

type ContentBlock =
  { type: 'text'; text: string } | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

/**
 * The one stdin line of a turn (shape recorded in CASES.md "Stdin user line"). A preamble, when given,
 * goes first as its own text block so the user's own words stay a clean block of their own.
 */
export function buildUserLine(text: string, images: ImageAttachment[] = [], preamble?: string): string {
  const content: ContentBlock[] = [];
  if (preamble) content.push({ type: 'text', text: preamble });
  for (const image of images) {
    content.push({ type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } });
  }
  content.push({ type: 'text', text });
  const line = { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null, session_id: '' };
  return `${JSON.stringify(line)}\n`;
}

function assistantText(m: AssistantMessage): string {
  const out: string[] = [];
  for (const part of m.parts) {
    if (part.kind === 'text') out.push(part.text);
    else if (part.kind === 'tool')
      out.push(`[used tool ${part.name}${part.isError || part.denied ? ' (failed)' : ''}]`);
  }
  if (m.status === 'stopped') out.push('[stopped by the user]');
  return out.join('\n').trim();
}

function entryOf(m: ChatMessage): string | undefined {
  if (m.role === 'user') {
    const images = m.images?.length ? ` [${m.images.length} image(s) attached]` : '';
    return `User: ${m.text}${images}`;
  }
  const text = assistantText(m);
  return text ? `Assistant: ${text}` : undefined;
}

/**
 * The thread's earlier turns for a NEW CLI session (first turn on this machine, or a lost session):
 * newest kept, oldest cut first, and the cut is stated so the model knows the history is partial.
 * Returns undefined when there is nothing earlier.
 */
export function buildTranscriptPreamble(earlier: ChatMessage[], capChars = TRANSCRIPT_CAP_CHARS): string | undefined {
  const entries = earlier.map(entryOf).filter((e): e is string => e !== undefined);
  if (entries.length === 0) return undefined;
  const kept: string[] = [];
  let used = 0;
  let i = entries.length - 1;
  for (; i >= 0; i--) {
    const entry = entries[i] ?? '';
    const cost = entry.length + 2;
    if (used + cost > capChars) {
      // Keep the tail of an oversized newest entry rather than nothing at all.
      if (kept.length === 0) {
        kept.unshift(`[…beginning cut] ${entry.slice(Math.max(0, entry.length - Math.max(0, capChars - 20)))}`);
        i--;
      }
      break;
    }
    kept.unshift(entry);
    used += cost;
  }
  const omitted = i + 1;
  const head =
    omitted > 0 ? `(${omitted} earlier message${omitted === 1 ? '' : 's'} omitted to keep this short.)\n\n` : '';
  return (
    '<conversation-history>\nThis conversation continues an earlier one in Claude Desk whose session could not be ' +
    'resumed. The earlier messages, for context:\n\n' +
    head +
    kept.join('\n\n') +
    '\n</conversation-history>'
  );
}

/**
 * The user's last messages that were stopped before Claude Code read them: each one's answer was stopped with no
 * replayed prompt (`cli.userUuid`), so the CLI never wrote it to its session (a message stopped at once, on any
 * process, seen with 2.1.337) and a resumed session does not have it. Newest last; stops at the first answered one.
 */
export function unreadStoppedMessages(messages: ChatMessage[]): UserMessage[] {
  const unread: UserMessage[] = [];
  for (let i = messages.length - 1; i >= 1; i -= 2) {
    const answer = messages[i];
    const asked = messages[i - 1];
    if (answer?.role !== 'assistant' || asked?.role !== 'user' || asked.marker) break;
    if (answer.status !== 'stopped' || answer.cli?.userUuid || answer.parts.length > 0) break;
    unread.unshift(asked);
  }
  return unread;
}

/** The unread stopped messages handed to a resumed session with the next one, so Claude has what the user said. */
export function buildUnreadPreamble(unread: UserMessage[]): string | undefined {
  if (unread.length === 0) return undefined;
  const many = unread.length > 1;
  return (
    '<unread-messages>\n' +
    `The user sent ${many ? 'these messages' : 'this message'} just before the one below and stopped ${many ? 'each' : 'it'} ` +
    `before you read ${many ? 'them' : 'it'}, so ${many ? 'they are' : 'it is'} not in the conversation above. For context:\n\n` +
    unread.map(entryOf).join('\n\n') +
    '\n</unread-messages>'
  );
}
