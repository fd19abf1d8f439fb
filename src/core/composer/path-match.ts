/**
 * Fuzzy matching of what was typed after `@` against project paths, written for one job: score up to
 * 100,000 lowercase paths per keystroke within a few milliseconds, with no per-path preparation. Matches
 * are ranked in two tiers: the query as one piece (best in the file's name, at a word start), then the
 * query's letters in order, aligned from the right so they fall in the name rather than the folders.
 */

/** Any piece match outranks any spread-out one (a spread-out score stays far below this). */
const PIECE = 1_000_000_000;
/** The lowest score a match in one piece can get. */
export const PIECE_MIN = PIECE - 10_000;
const lengthCost = (s: string): number => Math.min(s.length, 9_999);

const isBoundary = (s: string, i: number): boolean => {
  if (i === 0) return true;
  const c = s.charCodeAt(i - 1);
  return c === 47 /* / */ || c === 45 /* - */ || c === 95 /* _ */ || c === 46 /* . */ || c === 32;
};

/**
 * The score of `q` in `s` (both lowercase; `nameStart` is where the file's name begins in `s`), or -1 if
 * the letters of `q` are not in `s` in order. Higher is better; shorter paths win ties. `pieceOnly`: only
 * a match in one piece can help (the caller already keeps enough of those), so skip the spread-out scoring.
 */
export function scorePath(q: string, s: string, nameStart: number, pieceOnly = false): number {
  const at = s.lastIndexOf(q);
  if (at >= 0) {
    let score = PIECE;
    if (at >= nameStart) score += 4_000;
    if (at === nameStart) score += 4_000;
    else if (isBoundary(s, at)) score += 2_000;
    if (at === nameStart && (s.length === at + q.length || s.charCodeAt(at + q.length) === 46)) score += 4_000;
    return score - lengthCost(s);
  }
  return pieceOnly ? -1 : spreadScore(q, s, nameStart);
}

/** The letters of `q` in `s`, rightmost first: each letter scores, more for a word start, a run or the name. */
function spreadScore(q: string, s: string, nameStart: number): number {
  let j = q.length - 1;
  let score = 0;
  let prev = -2;
  for (let i = s.length - 1; i >= 0 && j >= 0; i--) {
    if (s.charCodeAt(i) !== q.charCodeAt(j)) continue;
    score += 10;
    if (isBoundary(s, i)) score += 8;
    if (prev === i + 1) score += 6;
    if (i >= nameStart) score += 4;
    prev = i;
    j--;
  }
  if (j >= 0) return -1;
  return score * 100 - lengthCost(s);
}

/** The indices `scorePath` matched, for highlighting (the same alignment it scored). */
export function matchPositions(q: string, s: string): number[] {
  const at = s.lastIndexOf(q);
  if (at >= 0) return Array.from({ length: q.length }, (_, k) => at + k);
  const out: number[] = [];
  for (let i = s.length - 1, j = q.length - 1; i >= 0 && j >= 0; i--) {
    if (s.charCodeAt(i) !== q.charCodeAt(j)) continue;
    out.push(i);
    j--;
  }
  return out.reverse();
}

/** Whether the letters of `q` are in `s` in order (the cheap test each keystroke narrows with). */
export function isSubsequence(q: string, s: string): boolean {
  // indexOf per letter: the engine's native scan skips the letters between far faster than a loop in JS.
  let at = -1;
  for (let j = 0; j < q.length; j++) {
    at = s.indexOf(q[j]!, at + 1);
    if (at < 0) return false;
  }
  return true;
}

/**
 * The best `limit` of a stream of (index, score), highest score first, ties ordered by `tie` (< 0: a first).
 * A min-heap of the kept ones: a candidate that can't beat the worst kept one costs one comparison, one that
 * can costs log(limit).
 */
export class TopK {
  private readonly idx: number[] = [];
  private readonly score: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly tie: (a: number, b: number) => number,
  ) {}

  get full(): boolean {
    return this.idx.length >= this.limit;
  }

  /** The score a newcomer must beat once full (-Infinity before). */
  get floor(): number {
    return this.full ? this.score[0]! : -Infinity;
  }

  offer(i: number, score: number): void {
    if (this.limit <= 0) return;
    if (!this.full) {
      this.idx.push(i);
      this.score.push(score);
      this.siftUp(this.idx.length - 1);
      return;
    }
    if (!this.better(i, score, 0)) return;
    this.idx[0] = i;
    this.score[0] = score;
    this.siftDown(0);
  }

  /** The kept indices, best first. */
  result(): number[] {
    const order = this.idx.map((_, k) => k);
    order.sort((a, b) => (this.better(this.idx[a]!, this.score[a]!, b) ? -1 : 1));
    return order.map((k) => this.idx[k]!);
  }

  /** Whether (i, s) ranks above the kept entry at heap slot k. */
  private better(i: number, s: number, k: number): boolean {
    const sk = this.score[k]!;
    return s !== sk ? s > sk : this.tie(i, this.idx[k]!) < 0;
  }

  private swap(a: number, b: number): void {
    [this.idx[a], this.idx[b]] = [this.idx[b]!, this.idx[a]!];
    [this.score[a], this.score[b]] = [this.score[b]!, this.score[a]!];
  }

  private siftUp(k: number): void {
    while (k > 0) {
      const parent = (k - 1) >> 1;
      // The worst sits at the root: move up while this one ranks below its parent.
      if (!this.better(this.idx[parent]!, this.score[parent]!, k)) return;
      this.swap(k, parent);
      k = parent;
    }
  }

  private siftDown(k: number): void {
    const n = this.idx.length;
    for (;;) {
      let worst = k;
      for (const c of [2 * k + 1, 2 * k + 2])
        if (c < n && this.better(this.idx[worst]!, this.score[worst]!, c)) worst = c;
      if (worst === k) return;
      this.swap(k, worst);
      k = worst;
    }
  }
}
