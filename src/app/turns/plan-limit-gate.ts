import { parseRateLimit } from '../../shared/rate-limit';
import type { TurnEvent } from '../../shared/turn-events';

/**
 * After the reset, how long the queue waits before it sends: the CLI rounds its reset time (a send right on it
 * may be refused again), and a refused message the user asked to send at the reset (the renderer's limits slice,
 * 10 s after) goes before the messages queued behind it.
 */
export const QUEUE_AFTER_RESET_MS = 15_000;

export interface GateTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: GateTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.(); // a pending reset never keeps the host (or the command line) alive
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/**
 * The account's plan limit as the CLI last reported it (`rate_limit_event`, recorded cases 38/38c): limits are
 * per account, so a refusal in one thread closes the gate for every thread's queue until the reset. A later
 * report that the account is allowed again opens it early.
 */
export class PlanLimitGate {
  private until: number | undefined;
  private timer: unknown;

  constructor(
    /** The gate opened (the reset passed): queues waiting for it may go. */
    private readonly onOpen: () => void,
    private readonly timers: GateTimers = realTimers,
  ) {}

  /** When queued messages may go again, while the limit holds; undefined when they may go now. */
  get opensAt(): number | undefined {
    if (this.until === undefined) return undefined;
    const at = this.until + QUEUE_AFTER_RESET_MS;
    return at > this.timers.now() ? at : undefined;
  }

  get closed(): boolean {
    return this.opensAt !== undefined;
  }

  see(event: TurnEvent): void {
    if (event.type !== 'rate_limit') return;
    const info = parseRateLimit(event.info);
    if (!info) return;
    if (info.status === 'rejected' && info.resetsAt !== undefined) {
      // A rejection without a reset time says nothing about when to go: the queue then holds as for any failure.
      if (this.until === info.resetsAt) return;
      this.until = info.resetsAt;
      this.arm();
    } else if (info.status !== 'rejected' && this.until !== undefined) {
      this.until = undefined;
      this.disarm();
      this.onOpen();
    }
  }

  private arm(): void {
    this.disarm();
    const at = this.opensAt;
    if (at === undefined) return;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        if (this.closed) return this.arm(); // moved later meanwhile
        this.until = undefined;
        this.onOpen();
      },
      Math.max(0, at - this.timers.now()),
    );
  }

  private disarm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
