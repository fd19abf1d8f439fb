import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { localTimeZone } from './usage-rollup';

/** The function as a process in that zone computes it (a worker thread's TZ cannot be changed). */
const inZone = (tz: string): string =>
  execFileSync(process.execPath, ['-e', `process.stdout.write((${localTimeZone.toString()})())`], {
    env: { PATH: process.env.PATH ?? '', TZ: tz },
    encoding: 'utf8',
  });

/** The key a saved rollup must match: days cut in another zone are not reused. */
describe("the rollup's time zone", () => {
  it('tells zones that cut days differently apart, and names zones that cut them alike alike', () => {
    const utc = inZone('UTC');
    expect(utc).toBe('2015-1-1:0');
    expect(inZone('Etc/UTC')).toBe(utc);
    const paris = inZone('Europe/Paris');
    expect(paris).not.toBe(utc);
    expect(inZone('Europe/Berlin')).toBe(paris); // the same rules
    expect(inZone('Africa/Lagos')).not.toBe(paris); // +1 all year: no summer time
    expect(inZone('Europe/London')).not.toBe(inZone('America/New_York'));
    // The same offsets, but summer time starts and ends on other days.
    expect(inZone('Europe/Lisbon')).toBe(inZone('Europe/London'));
    expect(inZone('America/Santiago')).not.toBe(inZone('America/Halifax'));
  });
});
