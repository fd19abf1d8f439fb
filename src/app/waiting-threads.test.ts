import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../shared/turn-events';
import { EventBus } from './event-bus';
import { WaitingThreads } from './waiting-threads';

const request = (requestId: string) => ({ requestId }) as ApprovalRequest;

describe('WaitingThreads (the dock badge)', () => {
  it('counts threads with an open approval card, once per thread, and clears when answered or finished', () => {
    const bus = new EventBus();
    const counts: number[] = [];
    const waiting = new WaitingThreads(bus, (n) => counts.push(n));
    bus.emit('turnEvent', { threadId: 'a', turnId: 't1', type: 'approval_request', request: request('r1') });
    bus.emit('turnEvent', { threadId: 'a', turnId: 't1', type: 'approval_request', request: request('r2') });
    bus.emit('turnEvent', { threadId: 'b', turnId: 't2', type: 'approval_request', request: request('r3') });
    expect(waiting.count()).toBe(2);
    bus.emit('turnEvent', {
      threadId: 'a',
      turnId: 't1',
      type: 'approval_resolved',
      requestId: 'r1',
      outcome: 'allowed',
    });
    expect(waiting.count()).toBe(2); // r2 still waits
    bus.emit('turnEvent', { threadId: 'a', turnId: 't1', type: 'finished', status: 'stopped' });
    bus.emit('turnEvent', {
      threadId: 'b',
      turnId: 't2',
      type: 'approval_resolved',
      requestId: 'r3',
      outcome: 'denied',
    });
    expect(counts).toEqual([1, 2, 1, 0]);
  });
});
