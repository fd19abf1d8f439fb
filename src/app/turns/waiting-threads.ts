import type { EventBus } from '../event-bus';
import type { TurnService } from './turn-service';

/**
 * How many threads wait for the user (an approval card is open). The desktop app shows the count on the
 * dock/taskbar badge. The count is read from the engine's registry of live turns whenever a card opens or
 * closes or a turn ends, so there is no second record of which turns run.
 */
export class WaitingThreads {
  private last = 0;

  constructor(
    bus: EventBus,
    private readonly turns: Pick<TurnService, 'waitingThreadIds'>,
    private readonly onCount: (count: number) => void,
  ) {
    bus.on('turnEvent', ({ type }) => {
      if (type === 'approval_request' || type === 'approval_resolved' || type === 'finished') this.report();
    });
  }

  count(): number {
    return this.turns.waitingThreadIds().length;
  }

  private report(): void {
    const n = this.count();
    if (n === this.last) return;
    this.last = n;
    this.onCount(n);
  }
}
