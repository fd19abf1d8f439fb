import { describe, expect, it } from 'vitest';
import { atLabel, resetLabel, untilLabel } from './reset-time';

const local = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo, d, h, mi).getTime();

describe('reset time labels', () => {
  const now = local(2026, 11, 1, 14, 0); // Tue 1 Dec 2026, 14:00
  it('names the clock today, "tomorrow", the weekday within a week, the date after', () => {
    expect(resetLabel(local(2026, 11, 1, 16, 5), now)).toBe('16:05');
    expect(resetLabel(local(2026, 11, 2, 9, 0), now)).toBe('tomorrow 09:00');
    expect(resetLabel(local(2026, 11, 5, 9, 0), now)).toBe('Sat 09:00');
    expect(resetLabel(local(2026, 11, 9, 9, 0), now)).toBe('9 Dec 09:00');
  });
  it('puts the same moment into a sentence', () => {
    expect(atLabel(local(2026, 11, 1, 16, 5), now)).toBe('at 16:05');
    expect(atLabel(local(2026, 11, 2, 0, 14), now)).toBe('tomorrow at 00:14');
    expect(atLabel(local(2026, 11, 5, 9, 0), now)).toBe('on Sat at 09:00');
    expect(atLabel(local(2026, 11, 9, 9, 0), now)).toBe('on 9 Dec at 09:00');
  });
  it('says how long until then', () => {
    expect(untilLabel(now + 40_000, now)).toBe('in 40 s');
    expect(untilLabel(now + 125 * 60_000, now)).toBe('in 2 h 5 min');
    expect(untilLabel(now + 5 * 86_400_000, now)).toBe('in 5 days');
  });
});
