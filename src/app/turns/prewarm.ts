import type { ThreadsChange } from '../../core/store/threads-store';
import type { IdleProcesses } from '../../core/turn/idle-processes';
import type { Thread, ThreadSummary } from '../../shared/threads';
import type { BuildTurnRequest } from './turn-service';

/** How many threads count as "in view" (one window, or a couple of browser tabs); the pool caps at 2 too. */
const IN_VIEW = 2;

export interface PrewarmerDeps {
  pool: Pick<IdleProcesses, 'warm' | 'discard' | 'discardAll' | 'enabled' | 'size' | 'stats' | 'peek'>;
  /** Settings from the index: a warm-up never parses the thread's log. */
  threads: { summary(threadId: string): ThreadSummary | undefined };
  /** The app's per-turn preparation, quiet: a pre-warm must not post notices a turn would post. */
  prepare: (threadId: string, settings: Thread['settings'], opts: { quiet: true }) => ReturnType<BuildTurnRequest>;
  /** A turn of this thread is queued or running in the app (its session may be about to change). */
  isBusy: (threadId: string) => boolean;
  /** The platform says to save power (on battery, hot): no warm processes at all. */
  powerSaver?: () => boolean;
  /**
   * Turns wait for a place under the cap: a warm process would take the CPU they need (8 threads sent at once, the
   * bench's many-threads row) for a turn that is not coming soon. Nothing is warmed then.
   */
  turnsWaiting?: () => boolean;
  log: (message: string) => void;
}

/**
 * When to pre-warm: a thread opened or its composer focused (prepareTurn), and right after a
 * thread's turn ends. Only threads in view are warmed; anything that could change a turn's spawn plan
 * (settings, key, CLI status, thread settings) discards and re-warms — the pool's fingerprint check is
 * the safety net, this keeps memory from holding processes nobody will use.
 */
export class Prewarmer {
  private inView: string[] = [];
  private closed = false;
  /** Deleted threads: a warm-up already under way for one must not leave a process behind. */
  private readonly deleted = new Set<string>();

  constructor(private readonly deps: PrewarmerDeps) {}

  /** The renderer opened a thread or focused its composer. */
  prepareTurn(threadId: string): Promise<void> {
    this.inView = [threadId, ...this.inView.filter((t) => t !== threadId)].slice(0, IN_VIEW);
    return this.warmThread(threadId);
  }

  /** A thread's turn finished (its process has exited and the session map is up to date). */
  afterTurn(threadId: string): Promise<void> {
    if (!this.inView.includes(threadId)) this.inView = [threadId, ...this.inView].slice(0, IN_VIEW);
    return this.warmThread(threadId);
  }

  /** Something every turn is started with changed: drop all warm processes, re-warm what is in view. */
  invalidate(reason: string): void {
    // Kept processes stay: a turn that wants one checks it against its own plan.
    this.deps.pool.discardAll(reason, 'warm');
    for (const threadId of this.inView) void this.warmThread(threadId);
  }

  /** Diagnostics (and tests): warm processes now, the pool's counters, a thread's warm pid. */
  status(threadId?: string): { size: number; spawned: number; reused: number; discarded: number; pid?: number } {
    const { pool } = this.deps;
    return { size: pool.size, ...pool.stats, pid: threadId ? pool.peek(threadId)?.pid : undefined };
  }

  /** The platform started saving power: close every waiting process, kept ones too (each is ~200 MB). */
  savePower(): void {
    this.deps.pool.discardAll('the system is saving power');
  }

  /** The app is quitting: warm nothing more (a turn stopped by the quit must not warm its successor). */
  close(): void {
    this.closed = true;
    this.deps.pool.discardAll('the app is stopping');
  }

  threadChanged(change: ThreadsChange): void {
    if (change.kind === 'deleted') {
      this.deleted.add(change.threadId);
      this.inView = this.inView.filter((t) => t !== change.threadId);
      this.deps.pool.discard(change.threadId, 'the thread was deleted');
    } else if (change.kind === 'updated' && this.inView.includes(change.threadId)) {
      // Renamed or its settings (model, folder, prompt) changed: re-warm; an identical plan is kept.
      void this.warmThread(change.threadId);
    }
  }

  private async warmThread(threadId: string): Promise<void> {
    const { pool } = this.deps;
    try {
      if (this.closed || !pool.enabled) return;
      if (this.deps.powerSaver?.()) {
        pool.discardAll('the system is saving power');
        return;
      }
      if (this.deps.isBusy(threadId) || this.deleted.has(threadId) || this.deps.turnsWaiting?.()) return;
      const thread = this.deps.threads.summary(threadId);
      if (!thread) return;
      const parts = await this.deps.prepare(threadId, thread.settings, { quiet: true });
      if (this.closed) return;
      // The same request the turn will build (TurnService.send), minus the message.
      await pool.warm({ ...parts, threadId });
      if (this.deleted.has(threadId)) pool.discard(threadId, 'the thread was deleted');
    } catch (err) {
      // No CLI yet, not set up, …: the turn itself will say so; a pre-warm stays silent.
      this.deps.log(`pre-warm of thread ${threadId} skipped: ${(err as Error).message}`);
    }
  }
}
