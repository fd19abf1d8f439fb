/**
 * Plain-text search over sessions, with the same rules as thread search (thread-search.ts): case-insensitive,
 * every term must occur in the title or the text, and the snippet surrounds the earliest hit in the first
 * message that has one. A session's text is one string with messages separated by TEXT_SEPARATOR; only its
 * lower-case form is kept in memory (the original characters are read back for the few snippets shown).
 */
import { formatSnippet, snippetBounds } from '../store/thread-search';
import { TEXT_SEPARATOR } from './session-fold';

export interface SessionDoc {
  title: string;
  /** Lower-cased search text. */
  lower: string;
}

/** Where the snippet comes from, or undefined when the session does not match every term. */
export function matchSession(doc: SessionDoc, terms: string[]): { at: number; length: number } | undefined {
  if (terms.length === 0) return undefined;
  const lowerTitle = doc.title.toLowerCase();
  let first = -1;
  let length = 0;
  for (const term of terms) {
    const i = doc.lower.indexOf(term);
    if (i < 0 && !lowerTitle.includes(term)) return undefined;
    if (i >= 0 && (first < 0 || i < first)) {
      first = i;
      length = term.length;
    }
  }
  return { at: first, length };
}

/** Where a snippet cuts a session's text (char offsets), and whether it was cut on each side. */
export interface SnippetRange {
  start: number;
  end: number;
  cutBefore: boolean;
  cutAfter: boolean;
}

/**
 * The snippet for a match: the message holding the earliest hit, cut around it (a title-only match shows
 * the start of the first message). Computed on the lower-cased text; the caller reads the original-case
 * characters of the range back (only those, not the whole text).
 */
export function snippetRange(lower: string, match: { at: number; length: number }): SnippetRange {
  const at = Math.max(0, match.at);
  const msgStart = match.at < 0 ? 0 : lower.lastIndexOf(TEXT_SEPARATOR, match.at) + 1;
  const sep = lower.indexOf(TEXT_SEPARATOR, at);
  const msgEnd = sep < 0 ? lower.length : sep;
  const message = lower.slice(msgStart, msgEnd);
  const { start, end } =
    match.at < 0 ? snippetBounds(message, 0, 0) : snippetBounds(message, at - msgStart, match.length);
  return { start: msgStart + start, end: msgStart + end, cutBefore: start > 0, cutAfter: end < message.length };
}

/** The snippet's text from the characters of its range. */
export function sessionSnippet(range: SnippetRange, chars: string): string {
  return formatSnippet(chars, range.cutBefore, range.cutAfter);
}
