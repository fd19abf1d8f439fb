/** A snippet with the searched words marked (plain text in, React nodes out: nothing is parsed as HTML). */
import type { ReactNode } from 'react';

/**
 * Short words that say nothing alone: marked only inside the whole phrase typed, never on their own ("an" lit up in
 * "plan" and "or" in "for" all over a result).
 */
const STOP_WORDS = new Set(
  'a an and are as at be by for from in into is it of on or the this that to was with'.split(' '),
);

/** Where a word starts: the text's start, or after anything that is not a letter or digit. */
const startsWord = (lower: string, i: number) => i === 0 || !/[\p{L}\p{N}]/u.test(lower[i - 1]!);

/** The ranges to mark: the phrase wherever it occurs, then each word where a word starts with it. */
export function highlightRanges(text: string, query: string): [number, number][] {
  const lower = text.toLowerCase();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const marked = new Array<boolean>(text.length).fill(false);
  const mark = (from: number, length: number) => marked.fill(true, from, from + length);
  const phrase = words.join(' ');
  if (words.length > 1)
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + phrase.length))
      if (startsWord(lower, at)) mark(at, phrase.length);
  for (const word of new Set(words)) {
    if (STOP_WORDS.has(word)) continue;
    // A word typed is the start of a word in the text ("pars" marks "parser"), never its middle.
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1))
      if (startsWord(lower, at)) mark(at, word.length);
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (!marked[i]) continue;
    const start = i;
    while (i < text.length && marked[i]) i++;
    ranges.push([start, i]);
  }
  return ranges;
}

export function Highlight({ text, query }: { text: string; query: string }) {
  const ranges = highlightRanges(text, query);
  if (ranges.length === 0) return <>{text}</>;
  const out: ReactNode[] = [];
  let plain = 0;
  for (const [from, to] of ranges) {
    if (plain < from) out.push(text.slice(plain, from));
    out.push(<mark key={from}>{text.slice(from, to)}</mark>);
    plain = to;
  }
  if (plain < text.length) out.push(text.slice(plain));
  return <>{out}</>;
}
