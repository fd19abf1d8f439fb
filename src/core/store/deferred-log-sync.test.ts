import { describe, expect, it } from 'vitest';
import { DeferredLogSync } from './deferred-log-sync';

describe('DeferredLogSync', () => {
  it('one sync per log however many writes asked for it, made after the delay without a flush', async () => {
    const synced: string[] = [];
    const syncs = new DeferredLogSync({ warn: () => {}, delayMs: 10, sync: async (f) => void synced.push(f) });
    syncs.soon('/t/a.jsonl');
    syncs.soon('/t/a.jsonl');
    syncs.soon('/t/b.jsonl');
    expect(synced).toEqual([]); // not on the writer's path
    await expect.poll(() => synced.sort()).toEqual(['/t/a.jsonl', '/t/b.jsonl']);
  });

  it('flush syncs the waiting logs at once and waits for them; a failed sync is reported, not thrown', async () => {
    const warnings: string[] = [];
    let done = false;
    const syncs = new DeferredLogSync({
      warn: (w) => warnings.push(w),
      delayMs: 60_000,
      sync: async (f) => {
        await new Promise((r) => setTimeout(r, 10));
        if (f.endsWith('bad.jsonl')) throw new Error('EIO');
        done = true;
      },
    });
    syncs.soon('/t/good.jsonl');
    syncs.soon('/t/bad.jsonl');
    await syncs.flush();
    expect(done).toBe(true);
    expect(warnings).toEqual(['Could not sync bad.jsonl: Error: EIO']);
    await syncs.flush(); // nothing left: the timers were cleared
  });
});
