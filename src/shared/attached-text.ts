/**
 * Text that travels folded: an attached file or a long paste. It goes to Claude in full, inside the message
 * text (the CLI takes text only), as a block under its name:
 *
 *     notes.md:
 *     ````attached
 *     …the file…
 *     ````
 *
 * The fence is longer than any backtick run inside, so no line of the text can close it, and its `attached`
 * info string marks the block as ours: the user's bubble folds exactly these back into chips, never a code
 * block the person typed themselves (that one renders as code).
 */

/** A text riding along with a message: an attached file (its name) or a long paste (PASTED_TEXT). */
export interface TextAttachment {
  name: string;
  text: string;
}

export const PASTED_TEXT = 'Pasted text';
/** A paste above this folds into a chip instead of filling the text box (the "~20 lines"). */
export const LONG_PASTE_LINES = 20;
/** …or one this long in characters (a minified JSON or a log line is long without newlines). */
export const LONG_PASTE_CHARS = 4000;

const INFO = 'attached';

/** Lines as a person counts them: a trailing newline does not start another one. */
export function lineCount(text: string): number {
  if (!text) return 0;
  return text.replace(/\n$/, '').split('\n').length;
}

export function isLongPaste(text: string): boolean {
  return text.length > LONG_PASTE_CHARS || lineCount(text) > LONG_PASTE_LINES;
}

/** "Pasted text", then "Pasted text 2", … so two pastes stay apart in the chips and for Claude. */
export function pasteName(taken: readonly TextAttachment[]): string {
  const names = new Set(taken.map((t) => t.name));
  let n = 1;
  while (names.has(n === 1 ? PASTED_TEXT : `${PASTED_TEXT} ${n}`)) n++;
  return n === 1 ? PASTED_TEXT : `${PASTED_TEXT} ${n}`;
}

/** "142 lines", "1 line". */
export function linesLabel(text: string): string {
  const n = lineCount(text);
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
}

function block({ name, text }: TextAttachment): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1); // longer than any fence inside, so the text cannot close it
  const body = text.replace(/\n$/, '');
  return `${name.replace(/\s+/g, ' ')}:\n${fence}${INFO}\n${body}${body ? '\n' : ''}${fence}`;
}

/** The message as the CLI gets it: the typed text, then each attachment in a marked block under its name. */
export function withAttachedTexts(text: string, attachments: readonly TextAttachment[]): string {
  if (!attachments.length) return text;
  return [text.trimEnd(), ...attachments.map(block)].filter(Boolean).join('\n\n');
}

export type MessageSegment = { kind: 'text'; text: string } | { kind: 'attached'; attachments: TextAttachment[] };

// A name line, then a fence of 3+ backticks with our info string, up to the same fence alone on its line.
const BLOCK = /(?:^|\n\n)([^\n]{1,300}):\n(`{3,})attached\n(?:([\s\S]*?)\n)?\2(?=\n\n|$)/g;

/**
 * A message's text cut into what the person wrote (markdown) and runs of attached texts (chips). Text with no
 * marked block comes back as one text segment, unchanged.
 */
export function splitAttachedTexts(text: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(BLOCK)) {
    const before = text.slice(at, m.index);
    const item = { name: m[1]!, text: m[3] ?? '' };
    const last = segments.at(-1);
    if (before.trim()) segments.push({ kind: 'text', text: before });
    else if (last?.kind === 'attached') {
      last.attachments.push(item);
      at = m.index + m[0].length;
      continue;
    }
    segments.push({ kind: 'attached', attachments: [item] });
    at = m.index + m[0].length;
  }
  const rest = text.slice(at);
  if (rest.trim() || segments.length === 0) segments.push({ kind: 'text', text: rest });
  return segments;
}

/** Only what the person typed, the attached texts left out (a title or a one-line summary is made from it). */
export function typedText(text: string): string {
  return splitAttachedTexts(text)
    .flatMap((s) => (s.kind === 'text' ? [s.text.trim()] : []))
    .filter(Boolean)
    .join('\n\n');
}

/** One line for a list (a queued message): the typed text, then each attachment by name and size. */
export function foldedSummary(text: string): string {
  const attached = splitAttachedTexts(text).flatMap((s) => (s.kind === 'attached' ? s.attachments : []));
  return [typedText(text), ...attached.map((a) => `${a.name} (${linesLabel(a.text)})`)].filter(Boolean).join(' · ');
}
