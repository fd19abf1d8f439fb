import path from 'node:path';
import { syncLog } from './thread-log';

/** How long after a user message is written its log is made power-loss safe (off the turn's first token). */
export const USER_SYNC_DELAY_MS = 150;

/**
 * Datasyncs that wait a moment, outside the thread's queue, so neither the writes queued behind one (the answer's
 * placeholder) nor the turn's start wait for it. One per log however many messages came meanwhile.
 */
export class DeferredLogSync {
  /** Logs with a user message not yet power-loss safe: the timer that syncs them (flush syncs them at once). */
  private readonly due = new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => Promise<void> }>();
  /** Those syncs under way (flush waits for them). */
  private readonly syncing = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      warn: (message: string) => void;
      delayMs?: number;
      /** syncLog, or a test's stand-in. */
      sync?: (file: string) => Promise<void>;
    },
  ) {}

  soon(file: string): void {
    if (this.due.has(file)) return;
    const run = (): Promise<void> => {
      clearTimeout(due.timer);
      this.due.delete(file);
      const pending = (this.deps.sync ?? syncLog)(file)
        .catch((err: unknown) => this.deps.warn(`Could not sync ${path.basename(file)}: ${String(err)}`))
        .finally(() => this.syncing.delete(pending));
      this.syncing.add(pending);
      return pending;
    };
    const due = { timer: setTimeout(() => void run(), this.deps.delayMs ?? USER_SYNC_DELAY_MS), run };
    due.timer.unref?.();
    this.due.set(file, due);
  }

  /** Sync every waiting log now; resolves when those and the syncs already under way are done. */
  async flush(): Promise<void> {
    await Promise.all([...[...this.due.values()].map((d) => d.run()), ...this.syncing]);
  }
}
