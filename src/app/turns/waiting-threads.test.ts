import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../shared/threads';
import type { ApprovalRequest, TurnEvent } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import type { ThreadsStore } from '../../core/store/threads-store';
import { EventBus } from '../event-bus';
import { TurnService, type TurnRunner } from './turn-service';
import { WaitingThreads } from './waiting-threads';

const request = (requestId: string) => ({ requestId, toolName: 'Bash', input: {} }) as unknown as ApprovalRequest;

/** The engine's registry as TurnService reads it: live turns, each with its answer folded so far. */
function fakeEngine(bus: EventBus) {
  const live = new Map<string, { threadId: string; turnId: string; message: AssistantMessage }>();
  const engine = { running: () => [...live.values()] } as unknown as TurnRunner;
  const emit = (event: TurnEvent) => {
    const turn = live.get(event.turnId) ?? {
      threadId: event.threadId,
      turnId: event.turnId,
      message: newAssistantMessage(event.turnId, 0),
    };
    turn.message = applyTurnEvent(turn.message, event);
    live.set(event.turnId, turn);
    bus.emit('turnEvent', event);
    if (event.type === 'finished') live.delete(event.turnId);
  };
  return { engine, emit };
}

describe('WaitingThreads (the dock badge)', () => {
  it('counts threads with an open approval card, once per thread, and clears when answered or finished', () => {
    const bus = new EventBus();
    const { engine, emit } = fakeEngine(bus);
    const turns = new TurnService({ engine, bus, threads: {} as ThreadsStore, prepare: () => Promise.reject() });
    const counts: number[] = [];
    const waiting = new WaitingThreads(bus, turns, (n) => counts.push(n));
    emit({ threadId: 'a', turnId: 't1', type: 'approval_request', request: request('r1') });
    emit({ threadId: 'a', turnId: 't1', type: 'approval_request', request: request('r2') });
    emit({ threadId: 'b', turnId: 't2', type: 'approval_request', request: request('r3') });
    expect(waiting.count()).toBe(2);
    emit({ threadId: 'a', turnId: 't1', type: 'approval_resolved', requestId: 'r1', outcome: 'allowed' });
    expect(waiting.count()).toBe(2); // r2 still waits
    // The turn ends with a card still open: the reducer withdraws it, so the thread stops waiting.
    emit({ threadId: 'a', turnId: 't1', type: 'finished', status: 'stopped' });
    emit({ threadId: 'b', turnId: 't2', type: 'approval_resolved', requestId: 'r3', outcome: 'denied' });
    expect(counts).toEqual([1, 2, 1, 0]);
  });
});
