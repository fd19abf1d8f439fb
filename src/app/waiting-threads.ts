import type { TurnEvent } from '../shared/turn-events';
import type { EventBus } from './event-bus';

/**
 * Which threads wait for the user (an approval card is open), from the turn events every front door
 * sees. The desktop app shows the count on the dock/taskbar badge; a turn that ends clears its waits.
 */
export class WaitingThreads {
  /** turnId → { threadId, pending request ids } */
  private readonly turns = new Map<string, { threadId: string; pending: Set<string> }>();
  private last = 0;

  constructor(
    bus: EventBus,
    private readonly onCount: (count: number) => void,
  ) {
    bus.subscribe((event, payload) => {
      if (event !== 'turnEvent') return;
      const e = payload as TurnEvent;
      const turn = this.turns.get(e.turnId) ?? { threadId: e.threadId, pending: new Set<string>() };
      if (e.type === 'approval_request') {
        turn.pending.add(e.request.requestId);
        this.turns.set(e.turnId, turn);
      } else if (e.type === 'approval_resolved') turn.pending.delete(e.requestId);
      else if (e.type === 'finished') this.turns.delete(e.turnId);
      else return;
      this.report();
    });
  }

  count(): number {
    const threads = new Set<string>();
    for (const t of this.turns.values()) if (t.pending.size > 0) threads.add(t.threadId);
    return threads.size;
  }

  private report(): void {
    const n = this.count();
    if (n === this.last) return;
    this.last = n;
    this.onCount(n);
  }
}
