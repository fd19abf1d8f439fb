import { describe, expect, it } from 'vitest';
import { singleFlight, singleFlightBy } from './single-flight';

/** A run the test ends by hand, recording each start. */
function gate() {
  const starts: string[] = [];
  const ends: (() => void)[] = [];
  const run = (key = 'only'): Promise<void> => {
    starts.push(key);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  const settle = async (): Promise<void> => {
    ends.shift()?.();
    // Let the run's `finally` (and a run it starts) go.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { starts, run, settle };
}

describe('singleFlight', () => {
  it('runs at once when idle, and coalesces the asks during a run into one run after it', async () => {
    const g = gate();
    const refresh = singleFlight(() => g.run());
    refresh();
    expect(g.starts).toHaveLength(1);
    refresh();
    refresh();
    refresh();
    expect(g.starts).toHaveLength(1); // never two at once
    await g.settle();
    expect(g.starts).toHaveLength(2); // the three asks: one run, after the first
    await g.settle();
    expect(g.starts).toHaveLength(2); // and no more
    refresh();
    expect(g.starts).toHaveLength(3); // idle again: at once
  });

  it('an ask during the run after a burst runs once more after that one', async () => {
    const g = gate();
    const refresh = singleFlight(() => g.run());
    refresh();
    refresh();
    await g.settle();
    expect(g.starts).toHaveLength(2);
    refresh();
    await g.settle();
    expect(g.starts).toHaveLength(3);
    await g.settle();
    expect(g.starts).toHaveLength(3);
  });

  it('skips a run that returns nothing, and a run that failed (its failure kept by the loader) does not stop the next', async () => {
    let open = false;
    let runs = 0;
    const refresh = singleFlight(() => {
      if (!open) return undefined;
      runs++;
      return Promise.reject(new Error('host gone')).catch(() => undefined);
    });
    refresh();
    expect(runs).toBe(0);
    open = true;
    refresh();
    await Promise.resolve();
    await Promise.resolve();
    refresh();
    expect(runs).toBe(2);
  });

  it('per key: different keys run side by side, the same key coalesces', async () => {
    const g = gate();
    const refresh = singleFlightBy((key: string) => g.run(key));
    refresh('a');
    refresh('b');
    refresh('a');
    expect(g.starts).toEqual(['a', 'b']);
    await g.settle(); // a ends: its second run starts
    expect(g.starts).toEqual(['a', 'b', 'a']);
    await g.settle(); // b ends: nothing asked again
    await g.settle();
    expect(g.starts).toEqual(['a', 'b', 'a']);
  });
});
