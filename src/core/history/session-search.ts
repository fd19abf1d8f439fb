/**
 * Plain-text search over sessions, with the same rules as thread search (thread-search.ts): case-insensitive,
 * every term must occur in the title or the text, and the snippet surrounds the earliest hit in the first
 * message that has one. A session's text is one string with messages separated by TEXT_SEPARATOR; only its
 * lower-case form is kept in memory (the original is read back for the few snippets shown).
 */
import { snippetAround } from '../store/thread-search';
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

/**
 * The snippet for a match: the message holding the earliest hit, cut around it (a title-only match shows
 * the start of the first message). `text` is the original-case text when its length matches, else `lower`.
 */
export function sessionSnippet(text: string, match: { at: number; length: number }): string {
  if (match.at < 0) {
    const end = text.indexOf(TEXT_SEPARATOR);
    return snippetAround(end < 0 ? text : text.slice(0, end), 0, 0);
  }
  const start = text.lastIndexOf(TEXT_SEPARATOR, match.at) + 1;
  const endSep = text.indexOf(TEXT_SEPARATOR, match.at);
  const message = text.slice(start, endSep < 0 ? text.length : endSep);
  return snippetAround(message, match.at - start, match.length);
}
