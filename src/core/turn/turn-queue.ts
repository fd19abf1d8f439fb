export const DEFAULT_MAX_TURNS = 4;

/** Held while a turn runs; release exactly once (extra calls are ignored). */
export type Release = () => void;

export interface QueueTicket {
  /** Resolves when the turn may run: a global slot is free and its thread is idle. */
  ready: Promise<Release>;
  /** Leave the queue (a stopped queued turn). Resolves `ready` never; no-op once running. */
  cancel(): boolean;
  /**
   * The turn has its answer: its place under the cap goes to the next turn now, while its thread stays busy until
   * `ready`'s release (its CLI is still ending — the context breakdown, background commands — and the thread's next
   * turn must find the process it may keep). No-op unless it holds a place.
   */
  yieldPlace(): void;
}

interface Waiter {
  threadId: string;
  onPosition: (position: number) => void;
  lastPosition: number;
  resolve: (release: Release) => void;
  /** It counts against the cap (from `ready` until yieldPlace or release). */
  holdsPlace?: boolean;
}

/**
 * A global semaphore (at most `max` turns before their answer across all threads, seed: MAX_CONCURRENT_TURNS = 4;
 * an answered turn's CLI still ends outside it, briefly) plus a per-thread lock (two turns of one thread would race on
 * its session uuid).
 *
 * One FIFO of waiters; a waiter whose thread is busy does not block those behind it. Positions are
 * 1-based among the waiters and reported again whenever they change.
 *
 * The second stage of a message typed during a turn: the app's MessageQueue holds it until the thread's turn has
 * answered, then sends it, and its turn waits here only for a slot. A send that skips the app's queue (another front
 * door racing the thread's turn) waits here behind the thread's running turn.
 */
export class TurnQueue {
  private running = 0;
  /**
   * Threads holding a slot: the queue's own scheduling state, not an answer to "is this thread busy" — that is the
   * turn's phase (turn-phases.ts), which also counts the turn's end after its slot is given back.
   */
  private readonly busyThreads = new Set<string>();
  private waiters: Waiter[] = [];

  constructor(readonly max = DEFAULT_MAX_TURNS) {
    if (!(max >= 1)) throw new Error(`TurnQueue needs at least 1 slot, got ${max}`);
  }

  get activeCount(): number {
    return this.running;
  }

  get waitingCount(): number {
    return this.waiters.length;
  }

  enqueue(threadId: string, onPosition: (position: number) => void = () => {}): QueueTicket {
    let waiter!: Waiter;
    const ready = new Promise<Release>((resolve) => {
      waiter = { threadId, onPosition, lastPosition: 0, resolve };
    });
    this.waiters.push(waiter);
    this.pump();
    return {
      ready,
      cancel: () => {
        const i = this.waiters.indexOf(waiter);
        if (i === -1) return false;
        this.waiters.splice(i, 1);
        this.pump();
        return true;
      },
      yieldPlace: () => {
        if (!waiter.holdsPlace) return;
        waiter.holdsPlace = false;
        this.running--;
        this.pump();
      },
    };
  }

  private pump(): void {
    for (let i = 0; i < this.waiters.length && this.running < this.max;) {
      const w = this.waiters[i];
      if (!w || this.busyThreads.has(w.threadId)) {
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      this.running++;
      w.holdsPlace = true;
      this.busyThreads.add(w.threadId);
      w.resolve(this.releaseFor(w));
    }
    this.waiters.forEach((w, i) => {
      if (w.lastPosition !== i + 1) {
        w.lastPosition = i + 1;
        w.onPosition(i + 1);
      }
    });
  }

  private releaseFor(w: Waiter): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (w.holdsPlace) this.running--;
      w.holdsPlace = false;
      this.busyThreads.delete(w.threadId);
      this.pump();
    };
  }
}
