import { describe, expect, it } from 'vitest';
import type { ThreadSummary } from '../../shared/threads';
import { Prewarmer, type PrewarmerDeps } from './prewarm';

function harness(turnsWaiting: boolean) {
  const warmed: string[] = [];
  const summary = { id: 't1', title: 't', settings: {} } as ThreadSummary;
  const deps: PrewarmerDeps = {
    pool: {
      enabled: true,
      size: 0,
      stats: { spawned: 0, reused: 0, discarded: 0 },
      warm: async (req: { threadId: string }) => void warmed.push(req.threadId),
      discard: () => undefined,
      discardAll: () => undefined,
      peek: () => undefined,
    } as unknown as PrewarmerDeps['pool'],
    threads: { summary: () => summary },
    prepare: async () => ({}) as Awaited<ReturnType<PrewarmerDeps['prepare']>>,
    isBusy: () => false,
    turnsWaiting: () => turnsWaiting,
    log: () => undefined,
  };
  return { prewarmer: new Prewarmer(deps), warmed };
}

describe('Prewarmer', () => {
  it('warms the next turn of a thread that just answered', async () => {
    const h = harness(false);
    await h.prewarmer.afterTurn('t1');
    expect(h.warmed).toEqual(['t1']);
  });

  it('warms nothing while turns wait for a place under the cap: they need the CPU first', async () => {
    const h = harness(true);
    await h.prewarmer.afterTurn('t1');
    await h.prewarmer.prepareTurn('t1');
    expect(h.warmed).toEqual([]);
  });
});
