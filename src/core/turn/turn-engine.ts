import { randomUUID } from 'node:crypto';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnError, TurnEvent, TurnVerdict } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import { parseModelRouting, turnCredential } from './build-turn-args';
import { type ControlResult, cliPermissionMode } from '../claude-code-wire/control-protocol';
import type { ControlSession } from './control-session';
import { buildTranscriptPreamble } from './build-user-line';
import { type AttemptDeps, type AttemptResult, runAttempt } from './run-attempt';
import type { GroupKiller, Spawner } from '../claude-code-wire/spawned-process';
import { TurnSetupError, classifyTurnEnd, explainAuthFailure, needsFreshSession } from './turn-errors';
import {
  type Clock,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_TOOL_TIMEOUT_MS,
  type TurnProcess,
  realClock,
} from './turn-process';
import { type ProcessSweeper, defaultSweeper } from '../process-sweep';
import { DEFAULT_MAX_TURNS, TurnQueue } from './turn-queue';
import type { LockResult, ThreadLocks } from '../store/thread-locks';
import { DEFAULT_BUSY_WAIT_MS, takeThreadLock } from './thread-lock-wait';
import type { TurnHandle, TurnOutcome, TurnRequest, TurnStart } from './turn-request';
import { WarmPool } from './warm-pool';
import { resolveProjectDir } from './spawn-plan';
import { FRESH_SESSION_WARNING, sessionTotalFromHistory } from '../../shared/turn-costs';

/** Where thread → session uuids live (SessionsStore in production). */
export interface SessionMap {
  get(threadId: string): Promise<string | undefined>;
  set(threadId: string, sessionId: string): Promise<void>;
  /** Forget what is cached: another process changed the file. */
  reload?(): void;
}

/** Each session's running cost after its last turn (SessionCostsStore in production). */
export interface SessionCostMap {
  lastCost(sessionId: string): Promise<number | undefined>;
  setLastCost(sessionId: string, totalUsd: number): Promise<void>;
}

export interface TurnEngineDeps {
  sessions: SessionMap;
  /** Without it every turn's cost is its session's whole running total (the CLI's figure). */
  sessionCosts?: SessionCostMap;
  /**
   * The app's environment: ANTHROPIC_API_KEY, CLAUDE_DESK_IDLE_TIMEOUT_MS, CLAUDE_DESK_MAX_TURNS and
   * CLAUDE_DESK_BUSY_WAIT_MS (how long a turn waits for another process's turn on its thread).
   */
  env?: NodeJS.ProcessEnv;
  spawner?: Spawner;
  killGroup?: GroupKiller | null;
  clock?: Clock;
  newSessionId?: () => string;
  /** Parent of the per-turn scratch dirs (default os.tmpdir()); never inside the data dir. */
  tmpRoot?: string;
  queue?: TurnQueue;
  log?: (message: string) => void;
  /**
   * Keep the CLI that answered for the thread's next turn: at most `keep` processes, each
   * closed after `keepIdleMs` unused, none while `powerSaver()`. Default: none (a process per turn);
   * the app's policy is keepPolicy(env).
   */
  keep?: { keep: number; keepIdleMs: number; powerSaver?: () => boolean };
  /** Tags every CLI and sweeps its leftover tool processes (default: this process's own sweeper). */
  sweeper?: ProcessSweeper | null;
  /** Scrubs runtime secrets from the CLI's stderr (SecretRedactor.text). */
  redact?: (text: string) => string;
  /** One turn at a time per thread across processes (ThreadLocks); without it, within this process only. */
  threadLocks?: Pick<ThreadLocks, 'acquire'> & Partial<Pick<ThreadLocks, 'settled'>>;
}

/** A failed preparation as the turn's error: a TurnSetupError keeps its kind and hint. */
function setupError(err: unknown): TurnError {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof TurnSetupError) return { kind: err.kind, message, ...(err.hint ? { hint: err.hint } : {}) };
  return { kind: 'internal', message };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Runs chat turns: one Claude Code process per turn, at most CLAUDE_DESK_MAX_TURNS at once, one at a
 * time per thread. Every turn emits `finished` exactly once, last; no error escapes as an exception,
 * and every error leaves the thread usable for the next message.
 */
export class TurnEngine {
  readonly queue: TurnQueue;
  /** Pre-started processes for threads' next turns; the app decides when to warm. */
  readonly warm: WarmPool;
  private readonly turns = new Map<string, TurnHandle>(); // by turnId
  /** Locks given back after their turn's `done` (a failed preparation does not wait for its lock): stopAll waits. */
  private readonly lateReleases = new Set<Promise<void>>();
  private readonly attemptDeps: AttemptDeps;
  private readonly clock: Clock;
  private readonly busyWaitMs: number;

  constructor(private readonly deps: TurnEngineDeps) {
    const env = deps.env ?? process.env;
    this.busyWaitMs = positiveInt(env.CLAUDE_DESK_BUSY_WAIT_MS, DEFAULT_BUSY_WAIT_MS);
    this.queue = deps.queue ?? new TurnQueue(positiveInt(env.CLAUDE_DESK_MAX_TURNS, DEFAULT_MAX_TURNS));
    this.clock = deps.clock ?? realClock;
    this.attemptDeps = {
      env,
      spawner: deps.spawner,
      killGroup: deps.killGroup,
      clock: this.clock,
      tmpRoot: deps.tmpRoot,
      idleTimeoutMs: positiveInt(env.CLAUDE_DESK_IDLE_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS),
      toolTimeoutMs: positiveInt(env.CLAUDE_DESK_TOOL_TIMEOUT_MS, DEFAULT_TOOL_TIMEOUT_MS),
      // Real processes get tagged and swept (in-memory fakes, killGroup null, have nothing to sweep).
      sweeper: deps.sweeper !== undefined ? deps.sweeper : deps.killGroup === null ? null : defaultSweeper(),
      log: deps.log ?? (() => {}),
      redact: deps.redact,
    };
    this.warm = new WarmPool({
      ...this.attemptDeps,
      sessions: deps.sessions,
      newSessionId: () => this.newSessionId(),
      isThreadBusy: (threadId) => this.queue.isBusy(threadId),
      ...deps.keep,
    });
  }

  get idleTimeoutMs(): number {
    return this.attemptDeps.idleTimeoutMs;
  }

  /**
   * Start a turn: queued at once (one at a time per thread), registered until `finished`. A TurnStart's
   * request is prepared meanwhile. `onEvent` also gets the answer so far, folded by the shared reducer.
   */
  run(req: TurnRequest | TurnStart, onEvent: (event: TurnEvent, message: AssistantMessage) => void): TurnHandle {
    const log = this.attemptDeps.log;
    const base = { threadId: req.threadId, turnId: req.turnId };
    let message = newAssistantMessage(
      req.turnId,
      'prepare' in req ? (req.createdAt ?? this.clock.now()) : this.clock.now(),
    );
    let finished = false;
    const emit = (event: TurnEvent): void => {
      if (event.type === 'finished') finished = true; // before the listeners: they may ask who is still busy
      message = applyTurnEvent(message, event);
      try {
        onEvent(event, message);
      } catch (err) {
        log(`turn event listener threw: ${(err as Error).message}`);
      }
    };
    const prepared = 'prepare' in req ? req.prepare() : Promise.resolve(req);
    prepared.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
    // Awaited just before the user line, which may be long after it failed.
    prepared.then(
      (r) => r.ready?.catch(() => undefined),
      () => undefined,
    );
    let stopRequested = false;
    let proc: TurnProcess | undefined;
    let control: ControlSession | undefined;
    let cancelQueued: () => void = () => {};
    const cancelled = new Promise<null>((resolve) => (cancelQueued = () => resolve(null)));
    let pressStop: () => void = () => {};
    const stopPressed = new Promise<void>((resolve) => (pressStop = resolve));
    const notRunning = (): Promise<ControlResult> =>
      Promise.resolve({ requestId: '', ok: false, error: 'Claude Code is not running.' });

    const ticket = this.queue.enqueue(req.threadId, (position) => emit({ ...base, type: 'queued', position }));
    const handle: TurnHandle = {
      ...base,
      get message() {
        return message;
      },
      get running() {
        return control?.live ?? false;
      },
      get finished() {
        return finished;
      },
      stop: () => {
        if (stopRequested) return;
        stopRequested = true;
        pressStop();
        if (ticket.cancel()) cancelQueued();
        proc?.stop();
      },
      interrupt: () => control?.interrupt() ?? notRunning(),
      answer: (requestId, decision) => control?.answer(requestId, decision) ?? false,
      setModel: (model) => control?.setModel(parseModelRouting(model).model) ?? notRunning(),
      setPermissionMode: (mode) => control?.setPermissionMode(cliPermissionMode(mode)) ?? notRunning(),
      done: Promise.resolve({ status: 'failed' }),
    };

    const body = async (): Promise<TurnOutcome> => {
      // The slot in this process's queue and the thread's lock are taken while the request is prepared (neither
      // needs it): a kept process's first token waits on each step.
      let setupFailed = false;
      let failSetup: () => void = () => {};
      const setupFailure = new Promise<void>((resolve) => (failSetup = resolve));
      const slot = (async () => {
        const release = await Promise.race([ticket.ready, cancelled]);
        if (!release || stopRequested || setupFailed) return { release, taken: undefined };
        // Another process's turn on this thread: wait for it (bounded, shown as queued with its sentence).
        const taken = await takeThreadLock({
          acquire: () => this.lockThread(req.threadId),
          clock: this.clock,
          waitMs: this.busyWaitMs,
          stopped: Promise.race([stopPressed, setupFailure]),
          onWaiting: (elsewhere) => setupFailed || emit({ ...base, type: 'queued', position: 1, elsewhere }),
        });
        return { release, taken };
      })();
      const setup = await prepared.then(
        (request) => ({ request }),
        (err: unknown) => ({ err }),
      );
      if ('err' in setup) {
        setupFailed = true;
        failSetup();
        // Leave the queue (or give back the slot and the lock it already holds): this turn will not run.
        if (!ticket.cancel()) {
          const late: Promise<void> = slot
            .then(async ({ release, taken }) => {
              if (taken?.ok && taken.lock?.ok)
                await taken.lock
                  .release()
                  .catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
              release?.();
            })
            .finally(() => this.lateReleases.delete(late));
          this.lateReleases.add(late);
        }
        const error = setupError(setup.err);
        emit({ ...base, type: 'error', error });
        return this.finish(emit, base, { status: 'failed', error });
      }
      // Looked up while the turn takes its lock: the first token waits on each file operation.
      const projectDir = resolveProjectDir(setup.request);
      projectDir.catch(() => undefined); // awaited in runStarted
      const { release, taken } = await slot;
      if (!release || !taken || (taken.ok && stopRequested)) {
        if (taken?.ok && taken.lock?.ok)
          await taken.lock.release().catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
        release?.();
        return this.finish(emit, base, { status: 'stopped' });
      }
      if (!taken.ok) {
        release();
        if (taken.stopped) return this.finish(emit, base, { status: 'stopped' });
        emit({ ...base, type: 'error', error: taken.error });
        return this.finish(emit, base, { status: 'failed', error: taken.error });
      }
      const lock = taken.lock;
      try {
        emit({ ...base, type: 'started', startedAt: this.clock.now() });
        return await this.runStarted(
          setup.request,
          projectDir,
          emit,
          () => stopRequested,
          (p, c) => {
            proc = p;
            control = c;
            if (stopRequested) p.stop();
          },
        );
      } catch (err) {
        log(`turn ${req.turnId} failed internally: ${(err as Error).stack ?? String(err)}`);
        const error: TurnError = {
          kind: 'internal',
          message: `Claude Desk failed to run the turn: ${(err as Error).message}`,
        };
        emit({ ...base, type: 'error', error });
        return this.finish(emit, base, { status: 'failed', error });
      } finally {
        if (lock?.ok)
          await lock.release().catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
        release();
      }
    };
    this.turns.set(req.turnId, handle);
    handle.done = body().finally(() => {
      if (this.turns.get(req.turnId) === handle) this.turns.delete(req.turnId);
    });
    return handle;
  }

  /**
   * The thread's lock across processes; undefined when there is none (or it cannot be taken: a lock
   * that fails must not stop the user's turn). After another process's turn, what is kept is stale.
   */
  private async lockThread(threadId: string): Promise<LockResult | undefined> {
    if (!this.deps.threadLocks) return undefined;
    const lock = await this.deps.threadLocks.acquire(threadId).catch((err: Error) => {
      this.attemptDeps.log(`could not lock thread ${threadId}: ${err.message}`);
      return undefined;
    });
    if (lock?.ok && lock.otherRanLast) {
      this.warm.discard(threadId, 'another Claude Desk ran a turn on this thread');
      this.deps.sessions.reload?.();
    }
    return lock;
  }

  /** The turns queued, preparing or running (of one thread, or all): the one registry of live turns. */
  running(threadId?: string): TurnHandle[] {
    return [...this.turns.values()].filter((t) => threadId === undefined || t.threadId === threadId);
  }

  /** A live turn by its id. */
  turn(turnId: string): TurnHandle | undefined {
    return this.turns.get(turnId);
  }

  /** Stop every queued and running turn and wait until all have finished (app quit). */
  async stopAll(): Promise<void> {
    const handles = [...this.turns.values()];
    for (const h of handles) h.stop();
    await Promise.all([...handles.map((h) => h.done), this.warm.stopAll(), ...this.lateReleases]);
    await this.deps.threadLocks?.settled?.();
  }

  private finish(
    emit: (e: TurnEvent) => void,
    base: { threadId: string; turnId: string },
    outcome: TurnOutcome,
  ): TurnOutcome {
    emit({ ...base, type: 'finished', status: outcome.status });
    return outcome;
  }

  private async runStarted(
    req: TurnRequest,
    projectDirFound: Promise<string | null>,
    emit: (e: TurnEvent) => void,
    isStopped: () => boolean,
    onProcess: (p: TurnProcess, control: ControlSession) => void,
  ): Promise<TurnOutcome> {
    const base = { threadId: req.threadId, turnId: req.turnId };
    const log = this.attemptDeps.log;
    const projectDir = await projectDirFound;
    if (!projectDir) {
      const error: TurnError = {
        kind: 'internal',
        message: `The project folder ${req.settings.projectDir} does not exist.`,
        hint: "Choose another folder in the thread's settings.",
      };
      emit({ ...base, type: 'error', error });
      return this.finish(emit, base, { status: 'failed', error });
    }
    if (req.mcp === 'failed') {
      emit({
        ...base,
        type: 'warning',
        message: "Claude Desk's tools are unavailable this turn: its MCP server did not start.",
      });
    }

    const stored = await this.deps.sessions.get(req.threadId);
    // A warm `--session-id` process was started with a uuid of its own: use it.
    let sessionId = stored ?? this.warm.pendingSessionId(req.threadId) ?? this.newSessionId();
    let resume = stored !== undefined;
    let fellBack = false;
    let attempt: AttemptResult;
    for (;;) {
      if (isStopped()) return this.finish(emit, base, { status: 'stopped' });
      const preamble = resume ? undefined : buildTranscriptPreamble(await req.earlierMessages());
      const sessionCostBefore = resume ? await this.sessionCostBefore(sessionId, req) : 0;
      attempt = await runAttempt(
        req,
        {
          sessionId,
          resume,
          sessionCostBefore,
          resumeAt: resume && req.forkAt?.sessionId === sessionId ? req.forkAt.resumeAt : undefined,
          preamble,
          projectDir,
          emit,
          onProcess,
          warm: fellBack ? undefined : this.warm, // a fresh session never takes a process warmed for another
          onSession: (id) => {
            this.deps.sessions
              .set(req.threadId, id)
              .catch((err: Error) => log(`could not save session: ${err.message}`));
          },
        },
        this.attemptDeps,
      );
      // Cases 03 and 14: the CLI could not use the uuid and said nothing else. Once, start afresh and
      // hand the new session the thread so far.
      if (!fellBack && !attempt.sawInit && !attempt.exit.stopped && needsFreshSession(attempt.exit, attempt.verdict)) {
        fellBack = true;
        log(`session ${sessionId} of thread ${req.threadId} unusable; starting a fresh one`);
        sessionId = this.newSessionId();
        resume = false;
        emit({
          ...base,
          type: 'warning',
          message: FRESH_SESSION_WARNING,
        });
        continue;
      }
      break;
    }

    const verdict: TurnVerdict | undefined = attempt.verdict?.verdict;
    if (verdict?.sessionCostUsd && this.deps.sessionCosts) {
      // A total of 0 (no API call, or a CLI that lost the session's cost record) never lowers the baseline.
      await this.deps.sessionCosts
        .setLastCost(verdict.sessionId ?? sessionId, verdict.sessionCostUsd)
        .catch((err: Error) => log(`could not save the session's cost: ${err.message}`));
    }
    if (verdict && !attempt.resultEmitted) emit({ ...base, type: 'result', verdict });
    if (attempt.exit.stopped || isStopped()) return this.finish(emit, base, { status: 'stopped', verdict });
    const ended =
      attempt.fatal ??
      classifyTurnEnd({
        exit: attempt.exit,
        verdict: attempt.verdict,
        file: attempt.file,
        idleTimeoutMs: this.attemptDeps.idleTimeoutMs,
        apiErrorText: attempt.apiErrorText,
      });
    // Which credential was refused decides what the user can do about it (saving a key is useless
    // while the environment's key wins).
    const error =
      ended?.kind === 'auth_required'
        ? explainAuthFailure(ended, turnCredential(this.attemptDeps.env, req.savedApiKey))
        : ended;
    if (error) {
      if (attempt.exit.stderrTail.trim())
        log(`turn ${req.turnId} failed; Claude Code's stderr:\n${attempt.exit.stderrTail}`);
      emit({ ...base, type: 'error', error });
      return this.finish(emit, base, { status: 'failed', verdict, error });
    }
    return this.finish(emit, base, { status: 'done', verdict });
  }

  /** The resumed session's running cost so far: its saved figure, else (a thread from before) its last verdict. */
  private async sessionCostBefore(sessionId: string, req: TurnRequest): Promise<number> {
    const saved = await this.deps.sessionCosts?.lastCost(sessionId).catch(() => undefined);
    return saved ?? sessionTotalFromHistory(await req.earlierMessages(), sessionId) ?? 0;
  }

  private newSessionId(): string {
    return (this.deps.newSessionId ?? randomUUID)();
  }
}
