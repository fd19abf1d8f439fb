import { randomUUID } from 'node:crypto';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnError, TurnEvent } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import { parseModelRouting } from './build-turn-args';
import { type ControlResult, cliPermissionMode } from '../claude-code-wire/control-protocol';
import type { ControlSession } from './control-session';
import type { AttemptDeps } from './run-attempt';
import type { GroupKiller, Spawner } from '../claude-code-wire/spawned-process';
import { TurnSetupError } from './turn-errors';
import {
  type Clock,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_TOOL_TIMEOUT_MS,
  type TurnProcess,
  realClock,
} from './turn-process';
import { type ProcessSweeper, defaultSweeper } from '../process-sweep';
import { DEFAULT_MAX_TURNS, type QueueTicket, TurnQueue } from './turn-queue';
import type { LockResult, ThreadLocks } from '../store/thread-locks';
import { DEFAULT_BUSY_WAIT_MS, takeThreadLock } from './thread-lock-wait';
import type { TurnHandle, TurnOutcome, TurnRequest, TurnStart } from './turn-request';
import { IdleProcesses } from './idle-processes';
import { resolveProjectDir } from './spawn-plan';
import { type SessionCostMap, type SessionMap, finishTurn, runStartedTurn } from './run-started-turn';
import { TurnPhases, isAnsweringPhase } from './turn-phases';
import { DEFAULT_WEDGE_BOUNDS, type WedgeBounds } from './wedge-watch';
import { SessionRules } from './session-rules';

export type { SessionCostMap, SessionMap } from './run-started-turn';

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
  /** An illegal phase transition throws (default: under the test runner) instead of being logged. */
  strictPhases?: boolean;
  /** How long a kept or pre-warmed process, and the fresh one that replaces it, may say nothing (wedge-watch.ts). */
  wedgeBounds?: Partial<WedgeBounds>;
  /** The rules allowed "for this session" (default: the engine's own, kept for its life). */
  sessionRules?: SessionRules;
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

/** One turn's state while the engine holds it: what `stop` and the control calls reach. */
interface LiveTurn {
  req: TurnRequest | TurnStart;
  /** The request, prepared while the turn waits for its place and lock. */
  prepared: Promise<TurnRequest>;
  base: { threadId: string; turnId: string };
  emit: (event: TurnEvent) => void;
  ticket: QueueTicket;
  cancelled: Promise<null>;
  stopPressed: Promise<void>;
  stopRequested: boolean;
  proc?: TurnProcess;
  control?: ControlSession;
}

/**
 * Runs chat turns: one Claude Code process per turn, at most CLAUDE_DESK_MAX_TURNS at once, one at a
 * time per thread. Every turn emits `finished` exactly once, last; no error escapes as an exception,
 * and every error leaves the thread usable for the next message. Each turn's phase (turn-phases.ts) is the one
 * record of where it is: the predicates callers ask (busy, answering) are read from `phases`.
 */
export class TurnEngine {
  readonly queue: TurnQueue;
  /** Idle processes for threads' next turns, kept or pre-warmed; the app decides when to pre-warm. */
  readonly idle: IdleProcesses;
  /** Every live turn's phase, from run() until its owner's end is over. */
  readonly phases: TurnPhases;
  /** What the user allowed "for this session", by Claude Code session: told to each new process of one. */
  readonly sessionRules: SessionRules;
  /** The handles of the turns the engine still holds (until it has given back their lock and place), by turnId. */
  private readonly turns = new Map<string, TurnHandle>();
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
    this.sessionRules = deps.sessionRules ?? new SessionRules();
    const log = deps.log ?? (() => {});
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
      log,
      redact: deps.redact,
      wedgeBounds: { ...DEFAULT_WEDGE_BOUNDS, ...deps.wedgeBounds },
    };
    // An illegal step is a bug: under the test runner it throws (a test fails); in the app it is refused and logged,
    // since a throw here would break the user's turn.
    const strict = deps.strictPhases ?? Boolean(process.env.VITEST);
    this.phases = new TurnPhases({ now: () => this.clock.now(), onIllegal: strict ? undefined : log, log });
    this.idle = new IdleProcesses({
      ...this.attemptDeps,
      sessions: deps.sessions,
      newSessionId: () => this.newSessionId(),
      isThreadBusy: (threadId) => this.phases.isBusy(threadId),
      ...deps.keep,
    });
  }

  get idleTimeoutMs(): number {
    return this.attemptDeps.idleTimeoutMs;
  }

  /**
   * Start a turn: queued at once (one at a time per thread), held until `finished` and its lock given back, then
   * closed once the owner's end (TurnStart.close) is over. A TurnStart's request is prepared meanwhile. `onEvent`
   * also gets the answer so far, folded by the shared reducer.
   */
  run(req: TurnRequest | TurnStart, onEvent: (event: TurnEvent, message: AssistantMessage) => void): TurnHandle {
    const log = this.attemptDeps.log;
    const { phases } = this;
    const base = { threadId: req.threadId, turnId: req.turnId };
    let message = newAssistantMessage(
      req.turnId,
      'prepare' in req ? (req.createdAt ?? this.clock.now()) : this.clock.now(),
    );
    phases.begin(req.threadId, req.turnId);
    const prepared = 'prepare' in req ? req.prepare() : Promise.resolve(req);
    prepared.catch(() => undefined); // awaited in body(); never an unhandled rejection meanwhile
    // Awaited just before the user line, which may be long after it failed.
    prepared.then(
      (r) => r.ready?.catch(() => undefined),
      () => undefined,
    );
    const emit = (event: TurnEvent): void => {
      // The phase moves before the listeners see the event: they may ask who is still busy or answering.
      if (event.type === 'started') phases.advance(req.turnId, 'running');
      else if (event.type === 'result' && !event.verdict.isError && phases.phase(req.turnId) === 'running') {
        phases.advance(req.turnId, 'answered');
        // The answer is complete: a queued turn may start while this one's CLI ends (up to 2 s for the context
        // breakdown); its thread stays busy until the turn closes.
        turn.ticket.yieldPlace();
      } else if (event.type === 'finished') phases.close(req.turnId, event.status);
      message = applyTurnEvent(message, event);
      try {
        onEvent(event, message);
      } catch (err) {
        log(`turn event listener threw: ${(err as Error).message}`);
      }
    };
    let cancelQueued: () => void = () => {};
    let pressStop: () => void = () => {};
    const turn: LiveTurn = {
      req,
      prepared,
      base,
      emit,
      ticket: this.queue.enqueue(req.threadId, (position) => emit({ ...base, type: 'queued', position })),
      cancelled: new Promise<null>((resolve) => (cancelQueued = () => resolve(null))),
      stopPressed: new Promise<void>((resolve) => (pressStop = resolve)),
      stopRequested: false,
    };
    const notRunning = (): Promise<ControlResult> =>
      Promise.resolve({ requestId: '', ok: false, error: 'Claude Code is not running.' });
    const handle: TurnHandle = {
      ...base,
      get message() {
        return message;
      },
      get running() {
        return turn.control?.live ?? false;
      },
      get finished() {
        const phase = phases.phase(req.turnId);
        return phase === undefined || !isAnsweringPhase(phase);
      },
      stop: () => {
        if (turn.stopRequested) return;
        turn.stopRequested = true;
        pressStop();
        if (turn.ticket.cancel()) cancelQueued();
        turn.proc?.stop();
      },
      interrupt: () => turn.control?.interrupt() ?? notRunning(),
      answer: (requestId, decision) => turn.control?.answer(requestId, decision) ?? false,
      approvalFile: (requestId) => turn.control?.approvalFile(requestId) ?? Promise.resolve({ state: 'gone' }),
      setModel: (model) => turn.control?.setModel(parseModelRouting(model).model) ?? notRunning(),
      setPermissionMode: (mode) => turn.control?.setPermissionMode(cliPermissionMode(mode)) ?? notRunning(),
      done: Promise.resolve({ status: 'failed' }),
      closed: Promise.resolve({ status: 'failed' }),
    };
    this.turns.set(req.turnId, handle);
    handle.done = this.body(turn).finally(() => {
      if (this.turns.get(req.turnId) === handle) this.turns.delete(req.turnId);
    });
    handle.closed = handle.done.then(async (outcome) => {
      // The owner's own end (the after-turn snapshot, the last saves) is part of the turn's closing.
      if ('close' in req && req.close)
        await req.close(outcome).catch((err: Error) => log(`turn ${req.turnId}: its end failed: ${err.message}`));
      if (phases.phase(req.turnId) !== 'closing') phases.close(req.turnId, outcome.status);
      phases.end(req.turnId);
      return outcome;
    });
    return handle;
  }

  /** From queued to `finished`: the place, the lock and the request (prepared meanwhile), then the answer. */
  private async body(turn: LiveTurn): Promise<TurnOutcome> {
    const { req, base, emit, ticket, prepared } = turn;
    const log = this.attemptDeps.log;
    // The slot in this process's queue and the thread's lock are taken while the request is prepared (neither
    // needs it): a kept process's first token waits on each step.
    let setupFailed = false;
    let failSetup: () => void = () => {};
    const setupFailure = new Promise<void>((resolve) => (failSetup = resolve));
    const slot = (async () => {
      const release = await Promise.race([ticket.ready, turn.cancelled]);
      if (!release || turn.stopRequested || setupFailed) return { release, taken: undefined };
      // Another process's turn on this thread: wait for it (bounded, shown as queued with its sentence).
      const taken = await takeThreadLock({
        acquire: () => this.lockThread(req.threadId),
        clock: this.clock,
        waitMs: this.busyWaitMs,
        stopped: Promise.race([turn.stopPressed, setupFailure]),
        onWaiting: (elsewhere) => setupFailed || emit({ ...base, type: 'queued', position: 1, elsewhere }),
      });
      if (taken.ok && !turn.stopRequested && !setupFailed) this.phases.advance(req.turnId, 'preparing');
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
              await taken.lock.release().catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
            release?.();
          })
          .finally(() => this.lateReleases.delete(late));
        this.lateReleases.add(late);
      }
      // Stop pressed while the request was prepared (a worktree being made): stopped, as asked, not failed.
      if (turn.stopRequested) return finishTurn(emit, base, { status: 'stopped' });
      const error = setupError(setup.err);
      emit({ ...base, type: 'error', error });
      return finishTurn(emit, base, { status: 'failed', error });
    }
    // Looked up while the turn takes its lock: the first token waits on each file operation.
    const projectDir = resolveProjectDir(setup.request);
    projectDir.catch(() => undefined); // awaited in runStartedTurn
    const { release, taken } = await slot;
    if (!release || !taken || (taken.ok && turn.stopRequested)) {
      if (taken?.ok && taken.lock?.ok)
        await taken.lock.release().catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
      release?.();
      return finishTurn(emit, base, { status: 'stopped' });
    }
    if (!taken.ok) {
      release();
      if (taken.stopped) return finishTurn(emit, base, { status: 'stopped' });
      emit({ ...base, type: 'error', error: taken.error });
      return finishTurn(emit, base, { status: 'failed', error: taken.error });
    }
    const lock = taken.lock;
    try {
      emit({ ...base, type: 'started', startedAt: this.clock.now() });
      return await runStartedTurn(
        setup.request,
        projectDir,
        {
          emit,
          isStopped: () => turn.stopRequested,
          onProcess: (p, c) => {
            turn.proc = p;
            turn.control = c;
            if (turn.stopRequested) p.stop();
          },
        },
        {
          sessions: this.deps.sessions,
          sessionCosts: this.deps.sessionCosts,
          warm: this.idle,
          sessionRules: this.sessionRules,
          attempt: this.attemptDeps,
          newSessionId: () => this.newSessionId(),
        },
      );
    } catch (err) {
      log(`turn ${req.turnId} failed internally: ${(err as Error).stack ?? String(err)}`);
      const error: TurnError = {
        kind: 'internal',
        message: `Claude Desk failed to run the turn: ${(err as Error).message}`,
      };
      emit({ ...base, type: 'error', error });
      return finishTurn(emit, base, { status: 'failed', error });
    } finally {
      if (lock?.ok) await lock.release().catch((err: Error) => log(`could not release a thread lock: ${err.message}`));
      release();
    }
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
      this.idle.discard(threadId, 'another Claude Desk ran a turn on this thread');
      this.deps.sessions.reload?.();
    }
    return lock;
  }

  /**
   * The turns the engine still holds — queued, preparing, running, or given back their lock (of one thread, or all).
   * Handles to reach a turn by; whether a thread is busy is `phases`' answer.
   */
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
    await Promise.all([...handles.map((h) => h.done), this.idle.stopAll(), ...this.lateReleases]);
    await this.deps.threadLocks?.settled?.();
  }

  private newSessionId(): string {
    return (this.deps.newSessionId ?? randomUUID)();
  }
}
