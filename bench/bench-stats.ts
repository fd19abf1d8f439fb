/**
 * Statistics for benches that time real processes. Two identical CLI processes, started alike, sit a steady few
 * milliseconds apart (the first-token bench measured 1.5 ms on one machine, 8 ms on another), so a ratio of two
 * medians says as much about which processes were lucky as about which client is fast. An interval that resamples
 * the processes as well as their turns says how far the figure can be trusted.
 */

/** The median of the finite values (the mean of the middle two for an even count); NaN when there are none. */
export function median(xs: readonly number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The q-quantile (0…1) of sorted values, by the nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.round((sorted.length - 1) * q)] ?? NaN;
}

/** A small seeded generator (mulberry32): the same samples give the same interval on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One resample of a variant's turns: its processes drawn with replacement, then each drawn one's turns. */
function resample(groups: readonly (readonly number[])[], random: () => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[Math.floor(random() * groups.length)]!;
    for (let j = 0; j < group.length; j++) out.push(group[Math.floor(random() * group.length)]!);
  }
  return out;
}

export interface RatioInterval {
  ratio: number;
  low: number;
  high: number;
}

/**
 * median(x) / median(y) with a 95 % interval from a two-level bootstrap: each side's processes (groups) are
 * resampled, then the turns within each, since both the process and the turn vary. The two sides are
 * resampled independently: their processes are distinct. Undefined when either side has no finite value.
 */
export function medianRatioInterval(
  x: readonly (readonly number[])[],
  y: readonly (readonly number[])[],
  rounds = 2_000,
): RatioInterval | undefined {
  const clean = (groups: readonly (readonly number[])[]) =>
    groups.map((g) => g.filter(Number.isFinite)).filter((g) => g.length > 0);
  const [xs, ys] = [clean(x), clean(y)];
  if (!xs.length || !ys.length) return undefined;
  const random = seeded(0x5eed);
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) ratios.push(median(resample(xs, random)) / median(resample(ys, random)));
  ratios.sort((a, b) => a - b);
  return { ratio: median(xs.flat()) / median(ys.flat()), low: quantile(ratios, 0.025), high: quantile(ratios, 0.975) };
}

/** How a ratio and its interval stand against a goal of at most `goal`. */
export function judgeAtMost(interval: RatioInterval, goal: number): string {
  if (interval.high <= goal) return 'met';
  if (interval.low > goal) return 'not met';
  return interval.ratio <= goal ? 'met by the median, within the spread' : 'not met by the median, within the spread';
}

/**
 * median(x) − median(y) with a 95 % interval, by the same two-level bootstrap as medianRatioInterval: for a goal
 * stated as a difference (a pane's first glyph within one frame of the single pane's). Undefined when either side
 * has no finite value.
 */
export function medianDifferenceInterval(
  x: readonly (readonly number[])[],
  y: readonly (readonly number[])[],
  rounds = 2_000,
): { difference: number; low: number; high: number } | undefined {
  const clean = (groups: readonly (readonly number[])[]) =>
    groups.map((g) => g.filter(Number.isFinite)).filter((g) => g.length > 0);
  const [xs, ys] = [clean(x), clean(y)];
  if (!xs.length || !ys.length) return undefined;
  const random = seeded(0x5eed);
  const diffs: number[] = [];
  for (let r = 0; r < rounds; r++) diffs.push(median(resample(xs, random)) - median(resample(ys, random)));
  diffs.sort((a, b) => a - b);
  return {
    difference: median(xs.flat()) - median(ys.flat()),
    low: quantile(diffs, 0.025),
    high: quantile(diffs, 0.975),
  };
}
