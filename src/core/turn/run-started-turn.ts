import fs from 'node:fs/promises';
import type { TurnError, TurnEvent, TurnVerdict } from '../../shared/turn-events';
import { FRESH_SESSION_WARNING, sessionTotalFromHistory } from '../../shared/turn-costs';
import { turnCredential } from '../claude-code-wire/child-env';
import { buildTranscriptPreamble, buildUnreadPreamble } from './build-user-line';
import type { ControlSession } from './control-session';
import { type AttemptDeps, type AttemptInput, type AttemptResult, runAttempt } from './run-attempt';
import { classifyTurnEnd, explainAuthFailure, needsFreshSession } from './turn-errors';
import type { TurnProcess } from './turn-process';
import type { FirstEditAnswer, TurnOutcome, TurnRequest } from './turn-request';
import type { IdleProcesses } from './idle-processes';
import { DEFAULT_WEDGE_BOUNDS, wedgedNote, wedgedTwiceError } from './wedge-watch';
import type { SessionRules } from './session-rules';

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

/** What a started turn needs from its engine. */
export interface StartedTurnDeps {
  sessions: SessionMap;
  sessionCosts?: SessionCostMap;
  warm: IdleProcesses;
  /** The rules allowed "for this session", by session id (the engine's, for the app's life). */
  sessionRules?: SessionRules;
  attempt: AttemptDeps;
  newSessionId: () => string;
}

/** The turn's side of it: its events, whether the user stopped it, and where its live process goes. */
export interface StartedTurn {
  emit: (e: TurnEvent) => void;
  isStopped: () => boolean;
  onProcess: (p: TurnProcess, control: ControlSession) => void;
}

/** Emits the turn's `finished` (always its last event) and returns the outcome. */
export function finishTurn(emit: (e: TurnEvent) => void, req: TurnBase, outcome: TurnOutcome): TurnOutcome {
  emit({ threadId: req.threadId, turnId: req.turnId, type: 'finished', status: outcome.status });
  return outcome;
}

type TurnBase = { threadId: string; turnId: string };

/**
 * A turn that holds its place and its thread's lock, from its `started` to its `finished`: its session (resumed, or
 * a fresh one the CLI could not use the old one), one attempt — or two — and how it ended.
 */
export async function runStartedTurn(
  req: TurnRequest,
  projectDirFound: Promise<string | null>,
  turn: StartedTurn,
  deps: StartedTurnDeps,
): Promise<TurnOutcome> {
  const { emit, isStopped } = turn;
  const base = { threadId: req.threadId, turnId: req.turnId };
  const log = deps.attempt.log;
  let projectDir = await projectDirFound;
  if (!projectDir) {
    const wt = req.settings.worktree;
    const error: TurnError = wt
      ? {
          kind: 'internal',
          message: `This thread's worktree ${wt.path} is gone (removed outside Claude Desk).`,
          hint: `Restore it with \`git worktree add ${wt.path} ${wt.branch}\` in ${wt.repo}, or start a new thread.`,
        }
      : {
          kind: 'internal',
          message: `The project folder ${req.settings.projectDir} does not exist.`,
          hint: "Choose another folder in the thread's settings.",
        };
    emit({ ...base, type: 'error', error });
    return finishTurn(emit, base, { status: 'failed', error });
  }
  if (req.mcp === 'failed') {
    emit({
      ...base,
      type: 'warning',
      message: "Claude Desk's tools are unavailable this turn: its MCP server did not start.",
    });
  }

  const stored = await deps.sessions.get(req.threadId);
  // A warm `--session-id` process was started with a uuid of its own: use it.
  let sessionId = stored ?? deps.warm.pendingSessionId(req.threadId) ?? deps.newSessionId();
  let resume = stored !== undefined;
  let fellBack = false;
  let replaced = false;
  let attempt: AttemptResult;
  // A "when Claude first edits" thread's first editing call moved it into its worktree (case 66): the turn stopped
  // there, and goes on in the worktree — the same session, resumed there with a short note instead of the message.
  let moved: Extract<FirstEditAnswer, { kind: 'moved' }> | undefined;
  let current: TurnRequest = req.firstEdit
    ? {
        ...req,
        firstEdit: async (call) => {
          const answer = await req.firstEdit!(call);
          if (answer.kind === 'moved') moved = answer;
          if (answer.kind === 'moved' && call.toolUseId) refusedHere.add(call.toolUseId);
          return answer;
        },
      }
    : req;
  let movedOnce = false;
  // The calls refused in the checkout by the move: their card says so without the CLI's "hook error" prefix.
  const refusedHere = new Set<string>();
  const shown = (e: TurnEvent): TurnEvent =>
    e.type === 'tool_result' && refusedHere.has(e.toolUseId)
      ? { ...e, content: e.content.replace(/^PreToolUse:\w+ hook error: /, '') }
      : e;
  let answeredIn: string | undefined; // the session the last process answered in (its init)
  for (;;) {
    if (isStopped()) return finishTurn(emit, base, { status: 'stopped' });
    // A new session is handed the thread so far; a resumed one only what it never read (messages stopped at once).
    const preamble = resume
      ? buildUnreadPreamble((await current.unreadMessages?.()) ?? [])
      : buildTranscriptPreamble(await req.earlierMessages());
    const sessionCostBefore = resume ? await sessionCostBeforeTurn(sessionId, req, deps.sessionCosts) : 0;
    attempt = await runAttempt(
      current,
      {
        sessionId,
        resume,
        sessionCostBefore,
        resumeAt: resume && req.forkAt?.sessionId === sessionId ? req.forkAt.resumeAt : undefined,
        preamble,
        projectDir,
        // The stopped part's own `result` is not the turn's: the answer goes on in the worktree.
        emit: (e) => (e.type === 'result' && moved && !movedOnce ? undefined : emit(shown(e))),
        onProcess: turn.onProcess,
        // A fresh session never takes a process warmed for another; a wedged process's replacement is spawned fresh
        // (and may be kept for the next turn).
        warm: fellBack ? undefined : replaced ? keepOnly(deps.warm) : deps.warm,
        freshWedgeBoundMs: replaced ? (deps.attempt.wedgeBounds ?? DEFAULT_WEDGE_BOUNDS).freshMs : undefined,
        sessionRules: deps.sessionRules,
        onSession: (id) => {
          answeredIn = id;
          deps.sessions.set(req.threadId, id).catch((err: Error) => log(`could not save session: ${err.message}`));
        },
      },
      deps.attempt,
    );
    // A kept or warm process that said nothing at all (no line, so no request went out: `system/init` comes before
    // it) was killed: once, the same turn on a fresh process of the same session, with a quiet note.
    if (!replaced && (attempt.wedged === 'kept' || attempt.wedged === 'warm') && !isStopped()) {
      replaced = true;
      log(`thread ${req.threadId}: the ${attempt.wedged} CLI process said nothing; running the turn on a fresh one`);
      emit({ ...base, type: 'warning', message: wedgedNote(attempt.wedged) });
      continue;
    }
    if (moved && !movedOnce && !isStopped()) {
      movedOnce = true;
      log(`thread ${req.threadId}: its first edit moved it into its worktree ${moved.folder}`);
      emit({ ...base, type: 'warning', message: moved.line });
      projectDir = moved.folder;
      resume = true;
      sessionId = answeredIn ?? sessionId;
      current = { ...req, firstEdit: undefined, content: { text: moved.note }, unreadMessages: undefined };
      continue;
    }
    // Cases 03 and 14: the CLI could not use the uuid and said nothing else. Once, start afresh and
    // hand the new session the thread so far.
    if (!fellBack && !attempt.sawInit && !attempt.exit.stopped && needsFreshSession(attempt.exit, attempt.verdict)) {
      fellBack = true;
      log(`session ${sessionId} of thread ${req.threadId} unusable; starting a fresh one`);
      sessionId = deps.newSessionId();
      resume = false;
      emit({ ...base, type: 'warning', message: FRESH_SESSION_WARNING });
      continue;
    }
    break;
  }
  // A spawn's ENOENT names the program, but the folder it was to start in may be what is missing (removed meanwhile).
  const folderGone =
    attempt.exit.spawnError?.code === 'ENOENT' &&
    !(await fs.stat(projectDir).then(
      (st) => st.isDirectory(),
      () => false,
    ));
  return concludeTurn(req, sessionId, attempt, turn, deps, folderGone ? projectDir : undefined);
}

/** The pool, to keep the process that answers in, never to take one from. */
function keepOnly(warm: IdleProcesses): NonNullable<AttemptInput['warm']> {
  return {
    take: () => Promise.resolve(undefined),
    keep: (offer) => warm.keep(offer),
    get keeping() {
      return warm.keeping;
    },
  };
}

/** The attempt's verdict saved and shown, then the turn's outcome: stopped, failed (with why) or done. */
async function concludeTurn(
  req: TurnRequest,
  sessionId: string,
  attempt: AttemptResult,
  { emit, isStopped }: StartedTurn,
  deps: StartedTurnDeps,
  folderGone?: string,
): Promise<TurnOutcome> {
  const base = { threadId: req.threadId, turnId: req.turnId };
  const log = deps.attempt.log;
  const verdict: TurnVerdict | undefined = attempt.verdict?.verdict;
  if (verdict?.sessionCostUsd && deps.sessionCosts) {
    // A total of 0 (no API call, or a CLI that lost the session's cost record) never lowers the baseline.
    await deps.sessionCosts
      .setLastCost(verdict.sessionId ?? sessionId, verdict.sessionCostUsd)
      .catch((err: Error) => log(`could not save the session's cost: ${err.message}`));
  }
  if (verdict && !attempt.resultEmitted) emit({ ...base, type: 'result', verdict });
  if (attempt.exit.stopped || isStopped()) return finishTurn(emit, base, { status: 'stopped', verdict });
  const ended =
    attempt.fatal ??
    (attempt.wedged ? wedgedTwiceError(deps.attempt.wedgeBounds ?? DEFAULT_WEDGE_BOUNDS) : undefined) ??
    classifyTurnEnd({
      exit: attempt.exit,
      verdict: attempt.verdict,
      file: attempt.file,
      idleTimeoutMs: deps.attempt.idleTimeoutMs,
      apiErrorText: attempt.apiErrorText,
      ...(folderGone ? { folderGone } : {}),
      ...(attempt.hookRunning ? { hookRunning: attempt.hookRunning } : {}),
    });
  // Which credential was refused decides what the user can do about it (saving a key is useless
  // while the environment's key wins) — unless Claude Code named why it refused to start (case 61), which says more.
  const error =
    ended?.kind === 'auth_required' && !attempt.verdict?.startupFailure
      ? explainAuthFailure(ended, turnCredential(deps.attempt.env, req.savedApiKey))
      : ended;
  if (error) {
    if (attempt.exit.stderrTail.trim())
      log(`turn ${req.turnId} failed; Claude Code's stderr:\n${attempt.exit.stderrTail}`);
    emit({ ...base, type: 'error', error });
    return finishTurn(emit, base, { status: 'failed', verdict, error });
  }
  return finishTurn(emit, base, { status: 'done', verdict });
}

/** The resumed session's running cost so far: its saved figure, else (a thread from before) its last verdict. */
async function sessionCostBeforeTurn(
  sessionId: string,
  req: TurnRequest,
  costs: SessionCostMap | undefined,
): Promise<number> {
  const saved = await costs?.lastCost(sessionId).catch(() => undefined);
  return saved ?? sessionTotalFromHistory(await req.earlierMessages(), sessionId) ?? 0;
}
