import { describe, expect, it } from 'vitest';
import { judgeAtMost, median, medianDifferenceInterval, medianRatioInterval } from './bench-stats';

/** n turns around `centre`, spread evenly ±`spread`. */
const turns = (centre: number, spread: number, n = 12) =>
  Array.from({ length: n }, (_, i) => centre - spread + (2 * spread * i) / (n - 1));

describe('median', () => {
  it('takes the middle value, the mean of the middle two for an even count, and skips what is not a number', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, NaN, 1])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe('medianRatioInterval', () => {
  it('is wide when the processes of one client differ more than the clients do', () => {
    // Each client's two processes sit 8 ms apart; the clients' medians are 2 ms apart.
    const x = [turns(50, 3), turns(58, 3)];
    const y = [turns(48, 3), turns(56, 3)];
    const interval = medianRatioInterval(x, y)!;
    expect(interval.ratio).toBeCloseTo(54 / 52, 2);
    expect(interval.low).toBeLessThan(1);
    expect(interval.high).toBeGreaterThan(1.1);
    expect(judgeAtMost(interval, 1)).toBe('not met by the median, within the spread');
  });

  it('is narrow when many processes alike show the same gap', () => {
    const x = Array.from({ length: 8 }, (_, i) => turns(60 + (i % 2), 2));
    const y = Array.from({ length: 8 }, (_, i) => turns(50 + (i % 2), 2));
    const interval = medianRatioInterval(x, y)!;
    expect(interval.low).toBeGreaterThan(1.15);
    expect(interval.high).toBeLessThan(1.25);
    expect(judgeAtMost(interval, 1.1)).toBe('not met');
    expect(judgeAtMost(interval, 1.3)).toBe('met');
  });

  it('gives the same interval for the same samples, and none without samples on both sides', () => {
    const x = [turns(50, 5), turns(54, 5)];
    const y = [turns(49, 5), turns(51, 5)];
    expect(medianRatioInterval(x, y)).toEqual(medianRatioInterval(x, y));
    expect(medianRatioInterval(x, [[NaN]])).toBeUndefined();
  });
});

describe('medianDifferenceInterval', () => {
  it('brackets the gap between the medians, and is wide when the rounds spread more than the sides differ', () => {
    const narrow = medianDifferenceInterval(
      Array.from({ length: 9 }, (_, i) => [40 + (i % 3)]),
      Array.from({ length: 9 }, (_, i) => [30 + (i % 3)]),
    )!;
    expect(narrow.difference).toBe(10);
    expect(narrow.low).toBeGreaterThanOrEqual(8);
    expect(narrow.high).toBeLessThanOrEqual(12);
    const wide = medianDifferenceInterval(
      Array.from({ length: 7 }, (_, i) => [20 + 30 * (i % 2)]),
      Array.from({ length: 7 }, (_, i) => [18 + 30 * (i % 2)]),
    )!;
    expect(wide.low).toBeLessThan(0);
    expect(wide.high).toBeGreaterThan(20);
    expect(medianDifferenceInterval([[NaN]], [[1]])).toBeUndefined();
  });
});
