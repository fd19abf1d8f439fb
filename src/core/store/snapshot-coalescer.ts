import type { AssistantMessage, TurnStatus } from '../../shared/threads';
import { isFinalStatus } from '../../shared/turn-reducer';

export type Schedule = (fn: () => void, ms: number) => () => void;

export const realSchedule: Schedule = (fn, ms) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return () => clearTimeout(t);
};

/**
 * Throttles the snapshots of streaming turns, per thread: a new turn, a status change and a final
 * status go out at once (so the log never misses a state the user saw change); snapshots in between
 * are held and written at most once per `intervalMs` — ~4 writes a second instead of one per delta.
 */
export class SnapshotCoalescer {
  private readonly pending = new Map<string, Map<string, AssistantMessage>>();
  private readonly timers = new Map<string, () => void>();
  private readonly lastWrite = new Map<string, number>();
  /** Status of each unfinished turn's last written snapshot, per thread. */
  private readonly statuses = new Map<string, Map<string, TurnStatus>>();

  constructor(
    private readonly deps: {
      now: () => number;
      schedule: Schedule;
      intervalMs: number;
      /** `changed`: a turn is new or its status moved (worth telling listeners). */
      write: (threadId: string, messages: AssistantMessage[], changed: boolean) => Promise<void>;
      onError: (threadId: string, err: unknown) => void;
    },
  ) {}

  /** Resolves once written when written at once; at once otherwise (the write follows). */
  async offer(threadId: string, message: AssistantMessage): Promise<void> {
    const { now, intervalMs } = this.deps;
    const pending = this.pending.get(threadId) ?? new Map<string, AssistantMessage>();
    pending.delete(message.id); // superseded by this newer snapshot either way
    const prev = this.statuses.get(threadId)?.get(message.id);
    const due = now() - (this.lastWrite.get(threadId) ?? -Infinity) >= intervalMs;
    if (prev === undefined || prev !== message.status || isFinalStatus(message.status) || due) {
      await this.write(threadId, [message]);
      return;
    }
    pending.set(message.id, message);
    this.pending.set(threadId, pending);
    if (!this.timers.has(threadId)) {
      const wait = Math.max(0, (this.lastWrite.get(threadId) ?? 0) + intervalMs - now());
      const cancel = this.deps.schedule(() => {
        this.flushThread(threadId).catch((err: unknown) => this.deps.onError(threadId, err));
      }, wait);
      this.timers.set(threadId, cancel);
    }
  }

  /** Snapshots not yet on disk (newer than the file), for readers. */
  pendingFor(threadId: string): AssistantMessage[] {
    return [...(this.pending.get(threadId)?.values() ?? [])];
  }

  async flushThread(threadId: string): Promise<void> {
    this.timers.get(threadId)?.();
    this.timers.delete(threadId);
    const pending = this.pendingFor(threadId);
    this.pending.delete(threadId);
    if (pending.length > 0) await this.write(threadId, pending);
  }

  async flushAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((id) => this.flushThread(id)));
  }

  /** Forget a thread (deleted): its pending snapshots are dropped, its timer cancelled. */
  drop(threadId: string): void {
    this.timers.get(threadId)?.();
    for (const m of [this.timers, this.pending, this.lastWrite, this.statuses]) m.delete(threadId);
  }

  private async write(threadId: string, messages: AssistantMessage[]): Promise<void> {
    this.lastWrite.set(threadId, this.deps.now());
    const statuses = this.statuses.get(threadId) ?? new Map<string, TurnStatus>();
    this.statuses.set(threadId, statuses);
    let changed = false;
    for (const m of messages) {
      changed ||= statuses.get(m.id) !== m.status;
      // Finished turns need no tracking; keeps the map small over a long session.
      if (isFinalStatus(m.status)) statuses.delete(m.id);
      else statuses.set(m.id, m.status);
    }
    await this.deps.write(threadId, messages, changed);
  }
}
