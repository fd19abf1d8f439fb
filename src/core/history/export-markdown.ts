/** A thread or a Claude Code session as Markdown: what a person reads, tool calls summarised. */
import type { ChatMessage } from '../../shared/threads';

export interface ExportHeader {
  title: string;
  project?: string;
  sessionId?: string;
  at?: number;
}

const RESULT_CAP = 4000;

/** A fence longer than any backtick run in the text, so code inside can never close it. */
function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${text}\n${f}`;
}

function capped(text: string): string {
  return text.length > RESULT_CAP
    ? `${text.slice(0, RESULT_CAP)}\n… (${text.length - RESULT_CAP} more characters)`
    : text;
}

export function toMarkdown(header: ExportHeader, messages: ChatMessage[]): string {
  const out: string[] = [`# ${header.title}`, ''];
  const meta: string[] = [];
  if (header.project) meta.push(`Project: \`${header.project}\``);
  if (header.sessionId) meta.push(`Claude Code session: \`${header.sessionId}\``);
  if (header.at) meta.push(`Last activity: ${new Date(header.at).toISOString()}`);
  if (meta.length) out.push(meta.map((m) => `- ${m}`).join('\n'), '');
  for (const m of messages) {
    if (m.role === 'user') {
      out.push('## User', '', m.text, '');
      continue;
    }
    out.push(`## Claude${m.model ? ` (${m.model})` : ''}`, '');
    for (const p of m.parts) {
      if (p.kind === 'text') out.push(p.text, '');
      else if (p.kind === 'thinking')
        out.push('<details><summary>Thinking</summary>', '', p.text, '', '</details>', '');
      else {
        out.push(
          `**Tool: ${p.name}**${p.isError ? ' (failed)' : ''}`,
          '',
          fence(JSON.stringify(p.input, null, 2), 'json'),
          '',
        );
        if (p.result) out.push(fence(capped(p.result)), '');
      }
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** A file name from a title: letters, digits and dashes, never empty. */
export function markdownFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'conversation'}.md`;
}
