import { describe, expect, it } from 'vitest';
import { setApiForTests } from '../api';
import { createFakeHost, makeThread } from '../test-support/fake-api';
import type { LiveTurn } from '../../../shared/live-turns';
import type { TurnEvent } from '../../../shared/turn-events';
import { createDeskStore } from './desk-store';
import { busyThreadIds, currentTurn } from './turn-selectors';

/** A page loaded while the host runs turns that say nothing (a long tool, a stall, a queued turn). */
function freshPage(turns: LiveTurn[]) {
  const host = createFakeHost({ threads: [makeThread('a', 'A'), makeThread('b', 'B')] });
  const api = { ...host.api, listTurns: async () => turns };
  setApiForTests(api);
  const store = createDeskStore();
  const ev = (e: object) => store.getState().handleTurnEvent(e as TurnEvent);
  return { store, ev };
}

describe("a page takes the host's turns in flight (listTurns)", () => {
  it('a quiet running turn and a queued one: both threads busy, with the timer and the queue place', async () => {
    const { store } = freshPage([
      { turnId: 'T1', threadId: 'a', status: 'running', startedAt: 1000 },
      { turnId: 'T2', threadId: 'b', status: 'queued', position: 1 },
    ]);
    expect(busyThreadIds(store.getState().inFlight)).toBe('');
    await store.getState().loadTurns();
    const s = store.getState();
    expect(busyThreadIds(s.inFlight)).toBe('|a|b|');
    expect(currentTurn(s.inFlight, 'a')).toEqual({ turnId: 'T1', threadId: 'a', status: 'running', startedAt: 1000 });
    expect(currentTurn(s.inFlight, 'b')).toEqual({ turnId: 'T2', threadId: 'b', status: 'queued', position: 1 });
  });

  it("the host's word replaces what a page missed (still queued here, running there), keeping a start it knew", async () => {
    const { store, ev } = freshPage([]);
    ev({ type: 'queued', threadId: 'a', turnId: 'T1', position: 2 });
    store.getState().applyLiveTurns([{ turnId: 'T1', threadId: 'a', status: 'waiting', startedAt: 5 }]);
    expect(store.getState().inFlight.T1).toEqual({ turnId: 'T1', threadId: 'a', status: 'waiting', startedAt: 5 });
    const before = store.getState().inFlight;
    store.getState().applyLiveTurns([{ turnId: 'T1', threadId: 'a', status: 'waiting', startedAt: 5 }]);
    expect(store.getState().inFlight).toBe(before); // nothing new: no store update
  });

  it('a turn whose end this page saw is not brought back by a list read before it ended', async () => {
    const { store, ev } = freshPage([]);
    ev({ type: 'started', threadId: 'a', turnId: 'T1', startedAt: 1 });
    ev({ type: 'finished', threadId: 'a', turnId: 'T1', status: 'stopped' });
    store.getState().applyLiveTurns([{ turnId: 'T1', threadId: 'a', status: 'running', startedAt: 1 }]);
    expect(busyThreadIds(store.getState().inFlight)).toBe('');
  });
});
