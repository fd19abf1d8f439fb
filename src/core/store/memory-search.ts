/**
 * Ranked text search for memories: BM25 over content + tags with a tiny stemmer. Not a substring
 * match — "favourite colours" finds "The user's favourite colour is teal", and a memory that shares
 * more (and rarer) terms with the query ranks higher. Pure functions, no I/O.
 */

export interface SearchableDoc {
  id: string;
  content: string;
  tags: readonly string[];
  /** Recency tie-break: newer first when scores are equal. */
  updatedAt: number;
}

export interface ScoredDoc<T extends SearchableDoc> {
  doc: T;
  score: number;
}

// Words that carry no meaning on their own; dropped from queries and documents so "what is the
// user's favourite colour" ranks by "favourite" and "colour", not by "the".
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by do does for from had has have how i in is it its me my of on or ' +
    's so that the their them then there these they this to was were what when where which who why ' +
    'will with you your'
  ).split(' '),
);

/** "runn" → "run", "stopp" → "stop" (but keep "fall", "pass", "buzz"). */
function undouble(word: string): string {
  const last = word.at(-1);
  return last && last === word.at(-2) && !'lsz'.includes(last) ? word.slice(0, -1) : word;
}

/** Light suffix stripping: plural, -ing, -ed, final -e. Enough to match "colours"/"colour", "liked"/"likes". */
export function stem(word: string): string {
  return dropFinalE(stripSuffix(word));
}

function stripSuffix(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed') && !word.endsWith('eed')) return undouble(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return word.slice(0, -1);
  }
  return word;
}

function dropFinalE(word: string): string {
  return word.length > 3 && word.endsWith('e') && !word.endsWith('ee') ? word.slice(0, -1) : word;
}

function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Lowercase, Unicode letters/digits only (so "Zürich" and "東京" survive), stemmed. */
export function tokenize(text: string): string[] {
  return words(text).map(stem);
}

/** Search terms: stemmed words without stop words. */
function terms(text: string): string[] {
  const all = words(text);
  const kept = all.filter((w) => !STOP_WORDS.has(w));
  // A query made only of stop words ("who am I") still searches with what it has.
  return (kept.length > 0 ? kept : all).map(stem);
}

const K1 = 1.2;
const B = 0.75;

/** Rank `docs` against `query`; only documents sharing at least one term are returned. */
export function rankDocs<T extends SearchableDoc>(docs: readonly T[], query: string, limit: number): ScoredDoc<T>[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0 || docs.length === 0) return [];

  const docTerms = docs.map((d) => terms(`${d.content} ${d.tags.join(' ')}`));
  const avgLen = docTerms.reduce((n, t) => n + t.length, 0) / docs.length || 1;
  const docFreq = new Map<string, number>();
  for (const terms of docTerms) {
    for (const term of new Set(terms)) docFreq.set(term, (docFreq.get(term) ?? 0) + 1);
  }

  const scored: ScoredDoc<T>[] = [];
  docs.forEach((doc, i) => {
    const terms = docTerms[i] ?? [];
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    let score = 0;
    for (const q of queryTerms) {
      const f = tf.get(q);
      if (!f) continue;
      const df = docFreq.get(q) ?? 0;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * terms.length) / avgLen));
    }
    if (score > 0) scored.push({ doc, score });
  });

  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.doc.updatedAt - a.doc.updatedAt ||
      (a.doc.id < b.doc.id ? 1 : a.doc.id > b.doc.id ? -1 : 0),
  );
  return scored.slice(0, limit);
}
