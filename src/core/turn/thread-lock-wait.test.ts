import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/fixtures/manual-clock';
import type { LockOwner, LockResult } from '../store/thread-locks';
import { takeThreadLock } from './thread-lock-wait';

const owner: LockOwner = { pid: 4242, host: 'command-line', at: 0, nonce: 'n' };
const busy: LockResult = { ok: false, owner };
const free: LockResult = { ok: true, otherRanLast: true, release: async () => {} };
const tick = () => new Promise((r) => setImmediate(r));

/** A lock that is busy for the first `busyFor` tries. */
function lockBusyFor(busyFor: number) {
  let tries = 0;
  return { acquire: async () => (tries++ < busyFor ? busy : free), tries: () => tries };
}

describe('takeThreadLock', () => {
  it('waits while another process holds the thread, says so once, and takes the lock when it is free', async () => {
    const { clock, advance } = manualClock();
    const lock = lockBusyFor(3);
    const shown: string[] = [];
    const result = takeThreadLock({
      ...lock,
      clock,
      waitMs: 60_000,
      stopped: new Promise(() => {}),
      onWaiting: (s) => shown.push(s),
    });
    for (let i = 0; i < 3; i++) {
      await tick();
      advance(500);
    }
    await expect(result).resolves.toEqual({ ok: true, lock: free });
    expect(lock.tries()).toBe(4);
    expect(shown).toEqual([
      'Waiting for the command line (claude-desk chat) to finish its turn on this thread (process 4242)…',
    ]);
  });

  it('past the bound the turn fails with a sentence: its message was not sent', async () => {
    const { clock, advance } = manualClock();
    const result = takeThreadLock({
      ...lockBusyFor(1e9),
      clock,
      waitMs: 120_000,
      stopped: new Promise(() => {}),
      onWaiting: () => {},
    });
    for (let i = 0; i < 300; i++) {
      await tick();
      advance(500);
    }
    await expect(result).resolves.toMatchObject({
      ok: false,
      stopped: false,
      error: {
        kind: 'busy_elsewhere',
        message:
          'This thread is running a turn in the command line (claude-desk chat), process 4242. Claude Desk waited 2 min for it to finish.',
        hint: expect.stringContaining('Your message did not reach Claude'),
      },
    });
  });

  it('Stop ends the wait at once', async () => {
    const { clock } = manualClock();
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    const result = takeThreadLock({ ...lockBusyFor(1e9), clock, waitMs: 60_000, stopped, onWaiting: () => {} });
    await tick();
    stop();
    await expect(result).resolves.toEqual({ ok: false, stopped: true });
  });

  it('with no cross-process lock (or one that failed) the turn just runs', async () => {
    const { clock } = manualClock();
    const result = takeThreadLock({
      acquire: async () => undefined,
      clock,
      waitMs: 1,
      stopped: new Promise(() => {}),
      onWaiting: () => {},
    });
    await expect(result).resolves.toEqual({ ok: true, lock: undefined });
  });
});
