import { describe, expect, it } from 'vitest';
import { TurnPhases } from '../../core/turn/turn-phases';
import type { TurnEvent } from '../../shared/turn-events';
import { LiveTurns } from './live-turns';

describe('LiveTurns: the turns in flight as every window shows them', () => {
  const setup = () => {
    let now = 100;
    const phases = new TurnPhases({ now: () => now });
    const waiting = new Set<string>();
    const live = new LiveTurns({ live: () => phases.live(), waitingThreadIds: () => [...waiting] });
    phases.subscribe((c) => live.phaseChanged(c));
    const ev = (e: object) => live.turnEvent(e as TurnEvent);
    return { phases, waiting, live, ev, at: (t: number) => (now = t) };
  };

  it('queued with its place, running from its start, waiting on a card; gone once it answered and closed', () => {
    const { phases, waiting, live, ev, at } = setup();
    phases.begin('a', 'T1');
    phases.begin('b', 'T2');
    ev({ type: 'queued', threadId: 'b', turnId: 'T2', position: 1 });
    phases.advance('T1', 'preparing');
    at(200);
    phases.advance('T1', 'running');
    ev({ type: 'started', threadId: 'a', turnId: 'T1', startedAt: 190 });
    expect(live.list()).toEqual([
      { turnId: 'T1', threadId: 'a', status: 'running', startedAt: 190 },
      { turnId: 'T2', threadId: 'b', status: 'queued', position: 1 },
    ]);
    waiting.add('a');
    expect(live.list()[0]).toMatchObject({ status: 'waiting', startedAt: 190 });
    // A turn waiting for another Claude Desk's turn on its thread says so.
    ev({ type: 'queued', threadId: 'b', turnId: 'T2', position: 1, elsewhere: 'Waiting for the command line…' });
    expect(live.list()[1]).toEqual({
      turnId: 'T2',
      threadId: 'b',
      status: 'queued',
      position: 1,
      elsewhere: 'Waiting for the command line…',
    });
    // Answered is still in flight for a window (its `finished` is to come); closing is not.
    phases.advance('T1', 'answered');
    expect(live.list().map((t) => t.turnId)).toEqual(['T1', 'T2']);
    ev({ type: 'finished', threadId: 'a', turnId: 'T1', status: 'done' });
    phases.close('T1', 'done');
    expect(live.list().map((t) => t.turnId)).toEqual(['T2']);
    phases.end('T1');
    phases.close('T2', 'stopped');
    phases.end('T2');
    expect(live.list()).toEqual([]);
  });
});
