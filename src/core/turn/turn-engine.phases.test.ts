import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import { type Harness, createHarness } from '../../../test/fixtures/turn-harness';
import type { TurnPhaseChange } from './turn-phases';
import type { TurnRequest } from './turn-request';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

const env = { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'text' };

/** What a subscriber to the engine's phases sees, and what the turn's events were at each step. */
describe("TurnEngine: each turn's phase", () => {
  it('an answer goes queued → preparing → running → answered → closing → closed, the owner’s end inside closing', async () => {
    const engine = h.engine(env);
    const changes: TurnPhaseChange[] = [];
    const events: string[] = [];
    engine.phases.subscribe((c) => {
      changes.push(c);
      events.push(`phase ${c.phase}`);
    });
    const req = h.request('t', 'hi');
    let busyInClose: boolean | undefined;
    const handle = engine.run(
      {
        threadId: 't',
        turnId: req.turnId,
        prepare: async () => req,
        close: async (outcome) => {
          events.push(`close ${outcome.status}`);
          busyInClose = engine.phases.isBusy('t');
        },
      },
      (e: TurnEvent) => ['started', 'result', 'finished'].includes(e.type) && events.push(e.type),
    );
    expect(engine.phases.phase(req.turnId)).toBe('queued');
    expect((await handle.closed).status).toBe('done');
    expect(changes.map((c) => c.phase)).toEqual(['queued', 'preparing', 'running', 'answered', 'closing', 'closed']);
    expect(changes.every((c) => c.threadId === 't' && c.turnId === req.turnId && c.at > 0)).toBe(true);
    // Each phase moves before the event's listeners run; the owner's end runs while the turn still counts as busy.
    expect(events).toEqual([
      'phase queued',
      'phase preparing',
      'phase running',
      'started',
      'phase answered',
      'result',
      'phase closing',
      'finished',
      'close done',
      'phase closed',
    ]);
    expect(busyInClose).toBe(true);
    expect(engine.phases.isBusy('t')).toBe(false);
    expect(handle.finished).toBe(true);
  });

  it('a turn stopped while queued behind another of its thread closes stopped, never preparing', async () => {
    const engine = h.engine(env);
    const first = engine.run(h.request('t', 'first'), () => undefined);
    const second = engine.run(h.request('t', 'second'), () => undefined);
    const seen: string[] = [];
    engine.phases.subscribe((c) => c.turnId === second.turnId && seen.push(c.phase));
    expect(engine.phases.phase(second.turnId)).toBe('queued');
    expect(engine.phases.isAnswering('t')).toBe(true);
    second.stop();
    expect((await second.closed).status).toBe('stopped');
    expect(seen).toEqual(['closing', 'stopped']);
    expect((await first.closed).status).toBe('done');
  });

  it('a preparation that fails closes failed from queued or preparing, and the thread is free again', async () => {
    const engine = h.engine(env);
    const seen: string[] = [];
    engine.phases.subscribe((c) => seen.push(c.phase));
    let fail!: (err: Error) => void;
    const handle = engine.run(
      { threadId: 't', turnId: 'x', prepare: () => new Promise<TurnRequest>((_, reject) => (fail = reject)) },
      () => undefined,
    );
    fail(new Error('no CLI'));
    expect((await handle.closed).status).toBe('failed');
    expect(seen.slice(-2)).toEqual(['closing', 'failed']);
    expect(engine.phases.isBusy('t')).toBe(false);
  });
});
