/**
 * How a thread is named before anyone renames it: one rule for the host and the renderer's first paint.
 *
 * A short title that says what a thread is about, derived locally from its first exchange (no model
 * call): the user's first request with the pleasantries, markdown and code taken out, cut at a word.
 * When that says little ("hi", a pasted stack trace), the answer's first heading or sentence is used.
 * A title the user gave (create with a title, rename) is never replaced: callers only ask for one
 * while the thread still has the default title or the title this module gave it.
 */

import { typedText } from './attached-text';

/** A thread nobody has named yet; its first user message names it (autoTitle). */
export const DEFAULT_THREAD_TITLE = 'New thread';

const MAX = 52;

const GREETING = /^(hi|hello|hey|yo|good (morning|afternoon|evening))\b[\s,!.]*((there|claude)\b)?[\s,!.:]*/i;
const FILLERS: RegExp[] = [
  GREETING,
  /^(claude)[\s,!.:]+/i,
  /^(ok(ay)?|so|well|quick question)[\s,!.:]+/i,
  /^(can|could|would|will) you( please)?\s+/i,
  /^(please|pls|kindly)\s+/i,
  /^i('d| would) like (you )?to\s+/i,
  /^i (want|need) (you )?to\s+/i,
  /^help me( to)?\s+/i,
  /^let'?s\s+/i,
];

/**
 * Markdown and code out, plain words in: what a person would read aloud. With `keepCode` (search text and
 * its snippets), a fence's lines stay and only its ``` markers go.
 */
export function plainText(markdown: string, { keepCode = false }: { keepCode?: boolean } = {}): string {
  return (
    markdown
      .replace(keepCode ? /^\s{0,3}(```|~~~).*$/gm : /```[\s\S]*?(```|$)/g, ' ') // an unclosed fence runs to the end
      .replace(/`([^`\n]*)`/g, '$1')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+.*$/gm, ' ') // table separator rows
      .replace(/\|/g, ' ')
      // Emphasis marks, but not the underscores inside snake_case names.
      .replace(/(?<![\p{L}\p{N}])(\*\*|__|~~|\*|_)(?=\S)([^\n]*?\S)\1(?![\p{L}\p{N}])/gu, '$2')
      .replace(/[ \t]+/g, ' ')
  );
}

/** The first sentence that says something: greetings before it ("Hi Claude! …") are skipped. */
function firstSentence(text: string): string {
  for (const raw of text.split('\n')) {
    let line = stripFillers(raw.trim());
    while (line) {
      const end = /[.!?](\s|$)/.exec(line);
      const sentence = (end ? line.slice(0, end.index) : line).trim();
      if (/[\p{L}\p{N}]/u.test(stripFillers(sentence))) return sentence;
      line = end ? stripFillers(line.slice(end.index + 1).trim()) : '';
    }
  }
  return '';
}

function stripFillers(text: string): string {
  let s = text;
  for (let round = 0; round < 3; round++) {
    const before = s;
    for (const filler of FILLERS) s = s.replace(filler, '');
    if (s === before) break;
  }
  return s;
}

function cut(text: string, max = MAX): string {
  if (text.length <= max) return text;
  const part = text.slice(0, max - 1);
  const space = part.lastIndexOf(' ');
  return `${(space >= max * 0.5 ? part.slice(0, space) : part).replace(/[\s,;:–—-]+$/, '')}…`;
}

function tidy(sentence: string): string {
  const s = stripFillers(sentence)
    .replace(/[\s?!.,:;]+$/, '')
    .trim();
  return s ? s[0]!.toLocaleUpperCase() + s.slice(1) : '';
}

/** Says enough to tell threads apart: two words, or one long one. */
const saysEnough = (title: string): boolean => title.split(/\s+/).length >= 2 || title.length >= 10;

/** The title the first request gives (the host on appendUser, the renderer for its first paint). */
export function autoTitle(userText: string, max = MAX): string | undefined {
  // An attached file or a long paste is not what the thread is about in the person's words: only a paste
  // and the answer names it (a name line "Pasted text:" would say nothing).
  const plain = plainText(typedText(userText));
  // Only pleasantries ("hi"): those, as typed, until the answer names the thread.
  const title =
    cut(tidy(firstSentence(plain)), max) ||
    cut(
      plain
        .trim()
        .split('\n')[0]
        ?.trim()
        .replace(/[\s?!.,:;]+$/, '') ?? '',
      max,
    );
  return title ? title[0]!.toLocaleUpperCase() + title.slice(1) : undefined;
}

/** Only a greeting, as typed ("Hi", "Hello there"). */
const onlyGreeting = (title: string): boolean =>
  GREETING.test(title) && stripFillers(title).replace(/[\s!.,]+/g, '') === '';

/**
 * Whether a title from the request alone is weak enough that the answer may name the thread: none (a paste
 * alone), a word that says little, or only a greeting.
 */
export function isWeakTitle(title: string | undefined): boolean {
  return !title || !saysEnough(title) || onlyGreeting(title);
}

/**
 * The answer's name for a thread whose request said little (`requestTitle`): its first heading, else its first
 * sentence. After a greeting ("Hi", "Hello there") only a heading: the answer's first sentence is a greeting back
 * ("How can I help you today"), and the user's own words say more than that.
 */
export function titleFromAnswer(answerText: string, requestTitle?: string): string | undefined {
  const heading = /^\s{0,3}#{1,3}\s+(.+)$/m.exec(answerText)?.[1];
  if (!heading && requestTitle && onlyGreeting(requestTitle)) return undefined;
  const title = cut(tidy(heading ? plainText(heading) : firstSentence(plainText(answerText))));
  return title && saysEnough(title) ? title : undefined;
}
