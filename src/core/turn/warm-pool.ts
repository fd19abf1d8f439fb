import type { GroupKiller, Spawner } from './spawned-process';
import { type SpawnPlan, type SpawnRequest, buildSpawnPlan, resolveProjectDir } from './spawn-plan';
import { fingerprintPlan } from './turn-fingerprint';
import { type Clock, TurnProcess, type TurnProcessOptions, realClock } from './turn-process';
import type { TurnRequest } from './turn-request';

export const WARM_MAX_AGE_MS = 10 * 60_000;
export const WARM_MAX_PROCESSES = 2;

/** What the next turn of a thread will be started with: a turn request without its message. */
export type WarmRequest = SpawnRequest & Pick<TurnRequest, 'threadId' | 'layout'>;

export interface WarmPoolDeps {
  sessions: { get(threadId: string): Promise<string | undefined> };
  newSessionId: () => string;
  env: NodeJS.ProcessEnv;
  tmpRoot?: string;
  spawner?: Spawner;
  killGroup?: GroupKiller | null;
  clock?: Clock;
  idleTimeoutMs: number;
  /** A turn of this thread is queued or running: its session may change, so don't warm now. */
  isThreadBusy: (threadId: string) => boolean;
  log: (message: string) => void;
  maxProcesses?: number;
  maxAgeMs?: number;
}

/** A warm process handed to a turn: attach the turn's handlers, then write the user line. */
export interface AdoptedProcess {
  proc: TurnProcess;
  /** The warm process's own scratch dir (its files are the ones it read): clean it after the turn. */
  scratch: SpawnPlan['scratch'];
  attach(handlers: Pick<TurnProcessOptions, 'onValue' | 'onIgnored' | 'stopLine'>): TurnProcess;
}

interface Entry {
  threadId: string;
  plan: SpawnPlan;
  fingerprint: string;
  proc: TurnProcess;
  spawnedAt: number;
  timer: unknown;
  buffered: unknown[];
  onValue?: (v: unknown) => void;
  onIgnored?: (preview: string, reason: string) => void;
  stopLine?: () => string;
}

/**
 * Pre-started CLI processes, at most one per thread (issue 9). The CLI prints nothing and calls no API
 * before its first user line (case 11d) and creates no session file until then, so a process started
 * with the next turn's exact plan can wait, stdin open, and answer ~0.5 s sooner. A warm process is
 * used only if a fresh plan for the turn has the same fingerprint; anything else discards it. Warm
 * processes are outside the TurnQueue: they count against the turn cap only once a turn adopts them.
 */
export class WarmPool {
  readonly stats = { spawned: 0, reused: 0, discarded: 0 };
  private readonly dying = new Set<TurnProcess>();
  private readonly entries = new Map<string, Entry>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly clock: Clock;

  constructor(private readonly deps: WarmPoolDeps) {
    this.clock = deps.clock ?? realClock;
  }

  /** CLAUDE_DESK_PREWARM=0 turns pre-warming off. */
  get enabled(): boolean {
    return this.deps.env.CLAUDE_DESK_PREWARM !== '0';
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live warm process of a thread, if any (e.g. to send it control requests before adoption). */
  peek(threadId: string): TurnProcess | undefined {
    const entry = this.entries.get(threadId);
    return entry?.proc.running ? entry.proc : undefined;
  }

  /** The uuid a warm `--session-id` process waits with: the thread's next turn must use the same. */
  pendingSessionId(threadId: string): string | undefined {
    const entry = this.entries.get(threadId);
    return entry && !entry.plan.resume && entry.proc.running ? entry.plan.sessionId : undefined;
  }

  /** Start (or keep, if identical) the warm process for a thread's next turn. Never throws. */
  warm(req: WarmRequest): Promise<'warmed' | 'kept' | 'skipped'> {
    const prev = this.chains.get(req.threadId) ?? Promise.resolve();
    const next = prev
      .then(() => this.warmNow(req, this.generation))
      .catch((err: Error) => {
        this.deps.log(`pre-warm of thread ${req.threadId} failed: ${err.message}`);
        return 'skipped' as const;
      });
    this.chains.set(req.threadId, next);
    void next.finally(() => {
      if (this.chains.get(req.threadId) === next) this.chains.delete(req.threadId);
    });
    return next;
  }

  /**
   * Hand the thread's warm process to a turn if it was started with exactly `plan` (compared by
   * fingerprint), is alive and young enough; otherwise discard it. Either way the entry leaves the pool.
   */
  async take(threadId: string, plan: SpawnPlan): Promise<AdoptedProcess | undefined> {
    const entry = this.entries.get(threadId);
    if (!entry) return undefined;
    this.entries.delete(threadId);
    this.clearTimer(entry);
    const fingerprint = await fingerprintPlan(plan).catch(() => 'unreadable');
    const why = !entry.proc.running
      ? 'it exited'
      : this.clock.now() - entry.spawnedAt >= this.maxAgeMs
        ? 'it is too old'
        : fingerprint !== entry.fingerprint
          ? 'the turn differs (settings, model, mode, auth or session changed)'
          : undefined;
    if (why) {
      this.kill(entry, why);
      return undefined;
    }
    this.stats.reused++;
    this.deps.log(`thread ${threadId}: using the warm CLI process ${entry.proc.pid}`);
    return {
      proc: entry.proc,
      scratch: entry.plan.scratch,
      attach: (handlers) => {
        entry.onValue = handlers.onValue;
        entry.onIgnored = handlers.onIgnored;
        entry.stopLine = handlers.stopLine;
        for (const value of entry.buffered.splice(0)) handlers.onValue(value);
        return entry.proc;
      },
    };
  }

  discard(threadId: string, reason = 'discarded'): void {
    const entry = this.entries.get(threadId);
    if (!entry) return;
    this.entries.delete(threadId);
    this.clearTimer(entry);
    this.kill(entry, reason);
  }

  /** Discard every warm process, and any still being started (settings, auth or power changed). */
  discardAll(reason = 'discarded'): void {
    this.generation++;
    for (const threadId of [...this.entries.keys()]) this.discard(threadId, reason);
  }

  /** Kill every warm process (their whole groups) and wait until they are gone (app quit). */
  async stopAll(): Promise<void> {
    const procs = new Set<TurnProcess>();
    const sweep = (): void => {
      for (const entry of this.entries.values()) procs.add(entry.proc);
      this.discardAll('the app is stopping');
    };
    sweep();
    await Promise.all([...this.chains.values()]); // warm() never rejects
    sweep(); // anything a pending warm() slipped in before it saw the new generation
    await Promise.all([...procs, ...this.dying].map((p) => p.exited));
  }

  private get maxAgeMs(): number {
    return this.deps.maxAgeMs ?? WARM_MAX_AGE_MS;
  }

  private async warmNow(req: WarmRequest, generation: number): Promise<'warmed' | 'kept' | 'skipped'> {
    const { threadId } = req;
    if (!this.enabled || this.deps.isThreadBusy(threadId)) return 'skipped';
    const projectDir = await resolveProjectDir(req);
    if (!projectDir) return 'skipped';

    const stored = await this.deps.sessions.get(threadId);
    const sessionId = stored ?? this.pendingSessionId(threadId) ?? this.deps.newSessionId();
    const plan = await buildSpawnPlan(req, { sessionId, resume: stored !== undefined, projectDir }, this.deps);
    const fingerprint = await fingerprintPlan(plan);
    const existing = this.entries.get(threadId);
    // Re-check after the awaits: a turn may have started, or the settings changed meanwhile.
    if (generation !== this.generation || !this.enabled || this.deps.isThreadBusy(threadId)) {
      await plan.scratch.cleanup();
      return 'skipped';
    }
    if (existing?.fingerprint === fingerprint && existing.proc.running && this.age(existing) < this.maxAgeMs / 2) {
      await plan.scratch.cleanup();
      return 'kept';
    }
    this.discard(threadId, 'replaced by a newer warm process');
    const cap = this.deps.maxProcesses ?? WARM_MAX_PROCESSES;
    while (this.entries.size >= cap) {
      const oldest = [...this.entries.values()].sort((a, b) => a.spawnedAt - b.spawnedAt)[0];
      if (!oldest) break;
      this.discard(oldest.threadId, 'the warm-process cap was reached');
    }
    this.spawn(threadId, plan, fingerprint);
    return 'warmed';
  }

  private spawn(threadId: string, plan: SpawnPlan, fingerprint: string): void {
    const entry: Entry = {
      threadId,
      plan,
      fingerprint,
      spawnedAt: this.clock.now(),
      timer: undefined,
      buffered: [],
      proc: undefined as unknown as TurnProcess, // set just below; the callbacks run only after start()
    };
    entry.proc = new TurnProcess({
      file: plan.file,
      args: plan.args,
      cwd: plan.cwd,
      env: plan.env,
      spawner: this.deps.spawner,
      killGroup: this.deps.killGroup,
      clock: this.deps.clock,
      idleTimeoutMs: this.deps.idleTimeoutMs,
      // Until a turn adopts it the CLI should print nothing (case 11d); keep anything it does print.
      onValue: (v) => (entry.onValue ? entry.onValue(v) : entry.buffered.push(v)),
      onIgnored: (preview, reason) =>
        entry.onIgnored
          ? entry.onIgnored(preview, reason)
          : this.deps.log(`warm CLI output ignored (${reason}): ${preview}`),
      // Discarding a waiting process is a plain kill: an interrupt line would be its first input.
      stopLine: () => entry.stopLine?.() ?? '',
    });
    entry.proc.start();
    this.stats.spawned++;
    this.entries.set(threadId, entry);
    entry.timer = this.clock.setTimeout(() => this.discard(threadId, 'it is too old'), this.maxAgeMs);
    (entry.timer as { unref?: () => void } | undefined)?.unref?.();
    this.deps.log(`thread ${threadId}: warm CLI process ${entry.proc.pid ?? '?'} started`);
    void entry.proc.exited.then((exit) => {
      if (this.entries.get(threadId) !== entry) return;
      // Died while waiting (crash, resume of a lost session, OOM kill): drop it; the turn spawns fresh.
      this.entries.delete(threadId);
      this.clearTimer(entry);
      this.deps.log(`thread ${threadId}: warm CLI process exited early (code ${exit.code}, signal ${exit.signal})`);
      void plan.scratch.cleanup();
    });
  }

  private kill(entry: Entry, reason: string): void {
    this.stats.discarded++;
    this.deps.log(`thread ${entry.threadId}: warm CLI process ${entry.proc.pid ?? '?'} discarded: ${reason}`);
    // Remember it until it is gone, so stopAll (quit) also waits for processes discarded earlier.
    this.dying.add(entry.proc);
    void entry.proc.exited.then(() => this.dying.delete(entry.proc));
    entry.proc.stop();
    // The scratch dir lives as long as its process: the CLI may still read the files it names.
    void entry.proc.exited.then(() => entry.plan.scratch.cleanup());
  }

  private clearTimer(entry: Entry): void {
    if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  private age(entry: Entry): number {
    return this.clock.now() - entry.spawnedAt;
  }
}
