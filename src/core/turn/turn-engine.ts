import { randomUUID } from 'node:crypto';
import type { TurnError, TurnEvent, TurnVerdict } from '../../shared/turn-events';
import { buildTranscriptPreamble } from './build-user-line';
import { type AttemptDeps, type AttemptResult, runAttempt } from './run-attempt';
import type { GroupKiller, Spawner } from './spawned-process';
import { classifyTurnEnd, needsFreshSession } from './turn-errors';
import { type Clock, DEFAULT_IDLE_TIMEOUT_MS, type TurnProcess, realClock } from './turn-process';
import { DEFAULT_MAX_TURNS, type Release, TurnQueue } from './turn-queue';
import type { TurnHandle, TurnOutcome, TurnRequest } from './turn-request';
import { WarmPool } from './warm-pool';
import { resolveProjectDir } from './spawn-plan';

/** Where thread → session uuids live (SessionsStore in production). */
export interface SessionMap {
  get(threadId: string): Promise<string | undefined>;
  set(threadId: string, sessionId: string): Promise<void>;
}

export interface TurnEngineDeps {
  sessions: SessionMap;
  /** The app's environment: ANTHROPIC_API_KEY, CLAUDE_DESK_IDLE_TIMEOUT_MS, CLAUDE_DESK_MAX_TURNS. */
  env?: NodeJS.ProcessEnv;
  spawner?: Spawner;
  killGroup?: GroupKiller | null;
  clock?: Clock;
  newSessionId?: () => string;
  /** Parent of the per-turn scratch dirs (default os.tmpdir()); never inside the data dir. */
  tmpRoot?: string;
  queue?: TurnQueue;
  log?: (message: string) => void;
  /** Scrubs runtime secrets from the CLI's stderr (SecretRedactor.text). */
  redact?: (text: string) => string;
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
  /** Pre-started processes for threads' next turns (issue 9); the app decides when to warm. */
  readonly warm: WarmPool;
  private readonly active = new Set<TurnHandle>();
  private readonly attemptDeps: AttemptDeps;
  private readonly clock: Clock;

  constructor(private readonly deps: TurnEngineDeps) {
    const env = deps.env ?? process.env;
    this.queue = deps.queue ?? new TurnQueue(positiveInt(env.CLAUDE_DESK_MAX_TURNS, DEFAULT_MAX_TURNS));
    this.clock = deps.clock ?? realClock;
    this.attemptDeps = {
      env,
      spawner: deps.spawner,
      killGroup: deps.killGroup,
      clock: this.clock,
      tmpRoot: deps.tmpRoot,
      idleTimeoutMs: positiveInt(env.CLAUDE_DESK_IDLE_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS),
      log: deps.log ?? (() => {}),
      redact: deps.redact,
    };
    this.warm = new WarmPool({
      ...this.attemptDeps,
      sessions: deps.sessions,
      newSessionId: () => this.newSessionId(),
      isThreadBusy: (threadId) => this.queue.isBusy(threadId),
    });
  }

  get idleTimeoutMs(): number {
    return this.attemptDeps.idleTimeoutMs;
  }

  run(req: TurnRequest, onEvent: (event: TurnEvent) => void): TurnHandle {
    const log = this.attemptDeps.log;
    const emit = (event: TurnEvent): void => {
      try {
        onEvent(event);
      } catch (err) {
        log(`turn event listener threw: ${(err as Error).message}`);
      }
    };
    const base = { threadId: req.threadId, turnId: req.turnId };
    let stopRequested = false;
    let proc: TurnProcess | undefined;
    let cancelQueued: () => void = () => {};
    const cancelled = new Promise<null>((resolve) => (cancelQueued = () => resolve(null)));

    const ticket = this.queue.enqueue(req.threadId, (position) => emit({ ...base, type: 'queued', position }));
    const handle: TurnHandle = {
      turnId: req.turnId,
      stop: () => {
        if (stopRequested) return;
        stopRequested = true;
        if (ticket.cancel()) cancelQueued();
        proc?.stop();
      },
      done: Promise.resolve({ status: 'failed' }),
    };

    const body = async (): Promise<TurnOutcome> => {
      const release = await Promise.race([ticket.ready, cancelled]);
      if (!release) return this.finish(emit, base, { status: 'stopped' });
      try {
        emit({ ...base, type: 'started', startedAt: this.clock.now() });
        return await this.runStarted(
          req,
          emit,
          () => stopRequested,
          (p) => {
            proc = p;
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
        (release as Release)();
      }
    };
    handle.done = body().finally(() => this.active.delete(handle));
    this.active.add(handle);
    return handle;
  }

  /** Stop every queued and running turn and wait until all have finished (app quit). */
  async stopAll(): Promise<void> {
    const handles = [...this.active];
    for (const h of handles) h.stop();
    await Promise.all([...handles.map((h) => h.done), this.warm.stopAll()]);
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
    emit: (e: TurnEvent) => void,
    isStopped: () => boolean,
    onProcess: (p: TurnProcess) => void,
  ): Promise<TurnOutcome> {
    const base = { threadId: req.threadId, turnId: req.turnId };
    const log = this.attemptDeps.log;
    const projectDir = await resolveProjectDir(req);
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
    // A warm `--session-id` process (issue 9) was started with a uuid of its own: use it.
    let sessionId = stored ?? this.warm.pendingSessionId(req.threadId) ?? this.newSessionId();
    let resume = stored !== undefined;
    let fellBack = false;
    let attempt: AttemptResult;
    for (;;) {
      if (isStopped()) return this.finish(emit, base, { status: 'stopped' });
      const preamble = resume ? undefined : buildTranscriptPreamble(req.earlierMessages);
      attempt = await runAttempt(
        req,
        {
          sessionId,
          resume,
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
          message:
            'The previous Claude Code session could not be resumed; continuing in a new one with a transcript of this thread.',
        });
        continue;
      }
      break;
    }

    const verdict: TurnVerdict | undefined = attempt.verdict?.verdict;
    if (verdict && !attempt.resultEmitted) emit({ ...base, type: 'result', verdict });
    if (attempt.exit.stopped || isStopped()) return this.finish(emit, base, { status: 'stopped', verdict });
    const error =
      attempt.fatal ??
      classifyTurnEnd({
        exit: attempt.exit,
        verdict: attempt.verdict,
        file: attempt.file,
        idleTimeoutMs: this.attemptDeps.idleTimeoutMs,
        apiErrorText: attempt.apiErrorText,
      });
    if (error) {
      if (attempt.exit.stderrTail.trim()) log(`turn ${req.turnId} failed; Claude Code's stderr:\n${attempt.exit.stderrTail}`);
      emit({ ...base, type: 'error', error });
      return this.finish(emit, base, { status: 'failed', verdict, error });
    }
    return this.finish(emit, base, { status: 'done', verdict });
  }

  private newSessionId(): string {
    return (this.deps.newSessionId ?? randomUUID)();
  }
}
