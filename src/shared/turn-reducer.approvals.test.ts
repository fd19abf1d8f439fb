import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from './threads';
import type { ApprovalRequest, TurnEvent } from './turn-events';
import { applyTurnEvent, newAssistantMessage } from './turn-reducer';

type Body = TurnEvent extends infer E ? (E extends TurnEvent ? Omit<E, 'threadId' | 'turnId'> : never) : never;
const ev = (body: Body): TurnEvent => ({ threadId: 't1', turnId: 'turn1', ...body }) as TurnEvent;
const fold = (events: Body[], start: AssistantMessage = newAssistantMessage('turn1', 1)) =>
  events.reduce((m, e) => applyTurnEvent(m, ev(e)), start);
const card = (requestId: string): ApprovalRequest => ({
  requestId,
  toolName: 'Bash',
  input: { command: 'ls' },
  suggestions: [],
});

describe('approval cards in the message', () => {
  it('several cards queue; the turn waits until the last one is answered', () => {
    let m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'approval_request', request: card('a') },
      { type: 'approval_request', request: card('b') },
    ]);
    expect(m.status).toBe('waiting');
    expect(m.approvals?.map((c) => c.request.requestId)).toEqual(['a', 'b']);
    m = fold([{ type: 'approval_resolved', requestId: 'a', outcome: 'denied' }], m);
    expect(m.status).toBe('waiting');
    m = fold([{ type: 'approval_resolved', requestId: 'b', outcome: 'allowed' }], m);
    expect(m.status).toBe('running');
    expect(m.approvals?.map((c) => c.outcome)).toEqual(['denied', 'allowed']);
  });

  it('a repeated request (a reconnecting tab replays) is not a second card', () => {
    const m = fold([
      { type: 'approval_request', request: card('a') },
      { type: 'approval_request', request: card('a') },
    ]);
    expect(m.approvals).toHaveLength(1);
  });

  it('a card still waiting when the turn ends is shown as cancelled', () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'approval_request', request: card('a') },
      { type: 'finished', status: 'stopped' },
    ]);
    expect(m.status).toBe('stopped');
    expect(m.approvals?.[0]?.outcome).toBe('cancelled');
  });
});
