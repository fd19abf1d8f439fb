/**
 * The commit message Claude Desk drafts from a thread (the user edits it before anything is committed): the
 * thread's title as the subject, then what the user asked, so the history says why the change was made.
 */
const SUBJECT_MAX = 72;

export interface DraftSource {
  title: string;
  /** The user's messages in the thread, oldest first. */
  requests: string[];
  /** The changed files' paths (for a subject when the title says nothing). */
  files: string[];
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

export function draftCommitMessage({ title, requests, files }: DraftSource): string {
  const named = title.trim() !== '' && !/^new (thread|chat)$/i.test(title.trim());
  const subject = named
    ? oneLine(title, SUBJECT_MAX)
    : files.length > 0
      ? oneLine(`Update ${files.slice(0, 3).join(', ')}${files.length > 3 ? ' and more' : ''}`, SUBJECT_MAX)
      : 'Changes from Claude';
  const asked = requests
    .map((r) => oneLine(r, 200))
    .filter(Boolean)
    .slice(-5);
  if (asked.length === 0) return subject;
  return `${subject}\n\nAsked of Claude in Claude Desk:\n${asked.map((a) => `- ${a}`).join('\n')}\n`;
}
