import { describe, expect, it, vi } from 'vitest';
import { Prewarmer } from './prewarm';

/** A pool that records what it is told; the real one is tested in core/turn/idle-processes.test.ts. */
function fakePool() {
  return {
    warm: vi.fn(async () => 'warmed' as const),
    discard: vi.fn(),
    discardAll: vi.fn(),
    enabled: true,
    size: 0,
    stats: { spawned: 0, reused: 0, discarded: 0 },
    peek: vi.fn(() => undefined),
  };
}

describe('Prewarmer and power', () => {
  it('when the platform starts saving power, every waiting process goes, kept ones included', () => {
    const pool = fakePool();
    const prewarmer = new Prewarmer({
      pool,
      threads: { summary: () => undefined },
      prepare: vi.fn(),
      isBusy: () => false,
      log: () => undefined,
    });
    prewarmer.savePower();
    // No scope: 'all' (invalidate() passes 'warm' and leaves the kept ones to be judged by the next turn).
    expect(pool.discardAll).toHaveBeenCalledWith('the system is saving power');
  });

  it('on battery, a thread opened warms nothing', async () => {
    const pool = fakePool();
    const prewarmer = new Prewarmer({
      pool,
      threads: { summary: () => ({ id: 't', settings: {} }) as never },
      prepare: vi.fn(),
      isBusy: () => false,
      powerSaver: () => true,
      log: () => undefined,
    });
    await prewarmer.prepareTurn('t');
    expect(pool.warm).not.toHaveBeenCalled();
  });
});
