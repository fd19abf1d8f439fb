import { awaitsWorktree } from '../../shared/work-folder';
import {
  type SpawnPlan,
  type SpawnRequest,
  type SpawnSpec,
  describeSpawn,
  materializeSpawn,
  resolveProjectDir,
} from './spawn-plan';
import { DEFAULT_KEEP_IDLE_MS, liveFlags, switchLive } from './kept-process';
import { type Clock, type ProcessRunDeps, type TurnProcess, realClock } from './turn-process';
import {
  type AdoptedProcess,
  type Entry,
  type KeepOffer,
  adopt,
  endEntry,
  entryHandlers,
  spawnWarmEntry,
} from './idle-process';

export type { AdoptedProcess, KeepOffer } from './idle-process';
import { transcriptPath, transcriptStamp } from './transcript-stamp';
import type { TurnRequest } from './turn-request';

export const WARM_MAX_AGE_MS = 10 * 60_000;
/**
 * CLI processes waiting for a next turn, kept and warm together (one per thread at most): each is ~200 MB, and an
 * idle app held 3–4 of them (two kept, two warm) 60 s after six threads answered.
 */
export const WARM_MAX_PROCESSES = 2;

/** What the next turn of a thread will be started with: a turn request without its message. */
export type WarmRequest = SpawnRequest & Pick<TurnRequest, 'threadId' | 'layout'>;

export interface IdleProcessesDeps extends ProcessRunDeps {
  sessions: { get(threadId: string): Promise<string | undefined> };
  newSessionId: () => string;
  env: NodeJS.ProcessEnv;
  tmpRoot?: string;
  /** A turn of this thread is queued or running: its session may change, so don't warm now. */
  isThreadBusy: (threadId: string) => boolean;
  log: (message: string) => void;
  /** Kept and warm processes in all (default WARM_MAX_PROCESSES). */
  maxProcesses?: number;
  /** A warm process older than this is closed (default: keepIdleMs when set, else WARM_MAX_AGE_MS). */
  maxAgeMs?: number;
  /** At most this many processes kept after their answer for the thread's next turn (0: none). */
  keep?: number;
  /** A kept process unused for this long is closed. */
  keepIdleMs?: number;
  /** The platform asks to save power: nothing is kept. */
  powerSaver?: () => boolean;
}

/**
 * The next turn's CLI process of a thread, at most one per thread: warm or kept.
 *
 * Kept: the process that answered a turn stays, stdin open, for the thread's next one — the
 * CLI answers several turns in one process (case 11c) and reaches the API request in ~26 ms instead of
 * ~100 ms. It is used only if the next plan differs at most in the session flag (same uuid) and in what
 * set_model / set_permission_mode switch live; anything else discards it. At most `keep` of them (LRU),
 * closed after `keepIdleMs` unused, none while the platform saves power.
 *
 * Warm: pre-started CLI processes. The CLI prints nothing and calls no API
 * before its first user line (case 11d) and creates no session file until then, so a process started
 * with the next turn's exact plan can wait, stdin open, and answer ~0.5 s sooner. A warm process is
 * used only if a fresh plan for the turn has the same fingerprint; anything else discards it. Warm
 * processes are outside the TurnQueue: they count against the turn cap only once a turn adopts them.
 */
export class IdleProcesses {
  readonly stats = { spawned: 0, reused: 0, discarded: 0 };
  private readonly dying = new Set<TurnProcess>();
  private readonly entries = new Map<string, Entry>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly clock: Clock;

  constructor(private readonly deps: IdleProcessesDeps) {
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
   * Hand the thread's warm process to a turn if it was started with exactly the turn's plan (compared by
   * fingerprint, in memory), is alive and young enough; otherwise discard it. Either way the entry leaves the pool.
   */
  async take(threadId: string, plan: SpawnSpec): Promise<AdoptedProcess | undefined> {
    const entry = this.entries.get(threadId);
    if (!entry) return undefined;
    this.entries.delete(threadId);
    this.clearTimer(entry);
    const why = this.unfit(entry, plan) ?? (await this.movedOn(entry));
    if (why) {
      this.kill(entry, why);
      return undefined;
    }
    if (entry.kind === 'kept') {
      // Same process, other model or mode: switched live before the user line (cases 26, 27).
      const failed = await switchLive(entry.proc, entry.live, liveFlags(plan.args), (onValue) => {
        entry.onValue = onValue;
      }).catch((err: Error) => err.message);
      if (failed || !entry.proc.running) {
        this.kill(entry, failed ?? 'it exited');
        return undefined;
      }
    }
    this.stats.reused++;
    return adopt(entry, this.clock, this.deps.log);
  }

  /** Whether a process that answered would be kept now (keeping is on, the platform does not save power). */
  get keeping(): boolean {
    return (this.deps.keep ?? 0) > 0 && !this.deps.powerSaver?.();
  }

  /**
   * Keep a process that has just answered (its `result` is in) for the thread's next turn. Registered
   * at once, so the next turn of the thread finds it. false: not kept (keeping is off, the platform
   * saves power, every kept process waits for a queued turn of its own thread) — the caller ends it as usual.
   */
  keep(offer: KeepOffer): boolean {
    if (!this.keeping || !offer.proc.running) return false;
    this.discard(offer.threadId, 'replaced by the process that answered');
    const max = this.deps.keep ?? 0;
    const kept = () => [...this.entries.values()].filter((e) => e.kind === 'kept');
    while (kept().length >= max) {
      // A kept process whose thread has a turn waiting in the queue is about to answer it: evicting it for this one
      // would make that turn start cold (8 threads sent at once under a cap of 4 lost their kept processes so).
      const lru = kept()
        .filter((e) => !this.deps.isThreadBusy(e.threadId))
        .sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!lru) return false;
      this.discard(lru.threadId, 'the kept-process cap was reached (least recently used)');
    }
    this.makeRoom(offer.threadId);
    const entry: Entry = {
      kind: 'kept',
      threadId: offer.threadId,
      plan: offer.plan,
      fingerprint: offer.plan.keptFingerprint,
      live: offer.live,
      proc: offer.proc,
      spawnedAt: this.clock.now(),
      lastUsed: this.clock.now(),
      timer: undefined,
      buffered: [],
    };
    entry.conversation = transcriptStamp(this.transcriptOf(offer.plan)).catch(() => undefined);
    // The CLI now waits, silent, for the next user line: that is not a hang.
    offer.proc.pauseIdle();
    offer.proc.rebind(entryHandlers(entry, this.deps.log));
    this.add(entry, this.deps.keepIdleMs ?? DEFAULT_KEEP_IDLE_MS, 'it was not used for a while');
    this.deps.log(`thread ${offer.threadId}: CLI process ${offer.proc.pid ?? '?'} kept for the next turn`);
    return true;
  }

  /**
   * A process that waited holds the conversation as it was when it answered (kept) or started (warm): if the session's
   * transcript went on since — `claude --resume` in a terminal — it would answer from the past and fork the session
   * past the terminal's turn. Then a new process resumes the session as it is now.
   */
  private async movedOn(entry: Entry): Promise<string | undefined> {
    if (!entry.conversation) return undefined;
    const [then, now] = await Promise.all([entry.conversation, transcriptStamp(this.transcriptOf(entry.plan))]);
    return then !== now ? 'its session went on elsewhere (resumed in a terminal)' : undefined;
  }

  private transcriptOf(plan: SpawnSpec): string {
    return transcriptPath(plan.sessionId, plan.cwd, plan.env);
  }

  /** Why a process cannot answer a turn with this plan, or undefined when it can. */
  private unfit(entry: Entry, plan: SpawnSpec): string | undefined {
    if (!entry.proc.running) return 'it exited';
    if (entry.kind === 'warm') {
      if (this.clock.now() - entry.spawnedAt >= this.maxAgeMs) return 'it is too old';
      return plan.fingerprint !== entry.fingerprint
        ? 'the turn differs (settings, model, mode, auth or session changed)'
        : undefined;
    }
    // Its conversation is the session's latest only while nothing else resumed it.
    if (!plan.resume || plan.sessionId !== entry.plan.sessionId) return 'the thread is in another session now';
    return plan.keptFingerprint !== entry.fingerprint
      ? 'the turn needs what only a new process gets (folder, system prompt, tools, wall or auth changed)'
      : undefined;
  }

  discard(threadId: string, reason = 'discarded'): void {
    const entry = this.entries.get(threadId);
    if (!entry) return;
    this.entries.delete(threadId);
    this.clearTimer(entry);
    this.kill(entry, reason);
  }

  /**
   * Discard every warm process, and any still being started (settings, auth or power changed); with
   * `all`, the kept ones too (quit, power saver). A kept process is otherwise judged when a turn
   * wants it: a settings change that does not touch its plan must not cost the next turn its process.
   */
  discardAll(reason = 'discarded', scope: 'warm' | 'all' = 'all'): void {
    this.generation++;
    for (const [threadId, entry] of [...this.entries]) {
      if (scope === 'all' || entry.kind === 'warm') this.discard(threadId, reason);
    }
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

  /** One idle limit for warm and kept processes: after it, nothing waits (CLAUDE_DESK_KEEP_IDLE_MINUTES). */
  private get maxAgeMs(): number {
    return this.deps.maxAgeMs ?? (this.deps.keepIdleMs || WARM_MAX_AGE_MS);
  }

  private async warmNow(req: WarmRequest, generation: number): Promise<'warmed' | 'kept' | 'skipped'> {
    const { threadId } = req;
    if (!this.enabled || this.deps.isThreadBusy(threadId)) return 'skipped';
    // Its first turn makes the thread's worktree: a CLI warmed in the project folder now would never fit.
    if (awaitsWorktree(req.settings)) return 'skipped';
    const projectDir = await resolveProjectDir(req);
    if (!projectDir) return 'skipped';

    const stored = await this.deps.sessions.get(threadId);
    const sessionId = stored ?? this.pendingSessionId(threadId) ?? this.deps.newSessionId();
    const spec = await describeSpawn(req, { sessionId, resume: stored !== undefined, projectDir }, this.deps);
    const existing = this.entries.get(threadId);
    // A kept process that fits the plan is better than any warm one: it has no first-turn work left.
    const keptFits = existing?.kind === 'kept' && this.unfit(existing, spec) === undefined;
    const warmFits =
      existing?.kind === 'warm' &&
      existing.fingerprint === spec.fingerprint &&
      existing.proc.running &&
      this.age(existing) < this.maxAgeMs / 2;
    if (keptFits || warmFits) return 'kept';
    // Read before the spawn: the process reads the conversation as it is now, or later (never earlier).
    const conversation = spec.resume
      ? await transcriptStamp(this.transcriptOf(spec)).catch(() => undefined)
      : undefined;
    const plan = await materializeSpawn(spec, this.deps);
    // Re-check after the awaits: a turn may have started, or the settings changed meanwhile.
    if (generation !== this.generation || !this.enabled || this.deps.isThreadBusy(threadId)) {
      await plan.scratch.cleanup();
      return 'skipped';
    }
    // The slot changed meanwhile (a turn took it, or kept its process): this plan is stale; keep what is there.
    if (this.entries.get(threadId) !== existing) {
      await plan.scratch.cleanup();
      return 'skipped';
    }
    this.discard(threadId, 'replaced by a newer warm process');
    this.makeRoom(threadId);
    this.spawn(threadId, plan, spec.resume ? Promise.resolve(conversation) : undefined);
    return 'warmed';
  }

  /**
   * Before a thread's process joins: close other threads' processes, least recently used first, until it fits
   * under the cap on kept and warm processes together (the thread's own slot holds one, whichever kind).
   */
  private makeRoom(threadId: string): void {
    // CLAUDE_DESK_KEEP above the cap (the first-token bench's many lanes) raises it: that many asked to be kept.
    const cap = this.deps.maxProcesses ?? Math.max(WARM_MAX_PROCESSES, this.deps.keep ?? 0);
    const others = () => [...this.entries.values()].filter((e) => e.threadId !== threadId);
    while (others().length >= cap) {
      const lru = others().sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!lru) break;
      this.discard(lru.threadId, 'the cap on waiting CLI processes was reached (least recently used)');
    }
  }

  private spawn(threadId: string, plan: SpawnPlan, conversation?: Promise<string | undefined>): void {
    const entry = spawnWarmEntry(threadId, plan, this.deps, this.clock);
    if (conversation) entry.conversation = conversation;
    this.stats.spawned++;
    this.add(entry, this.maxAgeMs, 'it is too old');
    this.deps.log(`thread ${threadId}: warm CLI process ${entry.proc.pid ?? '?'} started`);
  }

  /** Register an entry: expiry timer, and dropped if it dies while it waits. */
  private add(entry: Entry, lifetimeMs: number, expiry: string): void {
    const { threadId } = entry;
    this.entries.set(threadId, entry);
    entry.timer = this.clock.setTimeout(() => this.discard(threadId, expiry), lifetimeMs);
    (entry.timer as { unref?: () => void } | undefined)?.unref?.();
    void entry.proc.exited.then((exit) => {
      if (this.entries.get(threadId) !== entry) return;
      // Died while waiting (crash, resume of a lost session, OOM kill): drop it; the turn spawns fresh.
      this.entries.delete(threadId);
      this.clearTimer(entry);
      this.deps.log(
        `thread ${threadId}: ${entry.kind} CLI process exited early (code ${exit.code}, signal ${exit.signal})`,
      );
      void entry.plan.scratch.cleanup();
    });
  }

  private kill(entry: Entry, reason: string): void {
    this.stats.discarded++;
    this.deps.log(`thread ${entry.threadId}: warm CLI process ${entry.proc.pid ?? '?'} discarded: ${reason}`);
    // Remember it until it is gone, so stopAll (quit) also waits for processes discarded earlier.
    this.dying.add(entry.proc);
    void entry.proc.exited.then(() => this.dying.delete(entry.proc));
    endEntry(entry, this.clock);
  }

  private clearTimer(entry: Entry): void {
    if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  private age(entry: Entry): number {
    return this.clock.now() - entry.spawnedAt;
  }
}
