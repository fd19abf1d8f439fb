import type { TurnError, TurnEvent } from '../../shared/turn-events';
import type { ProcessSweeper } from '../process-sweep';
import { DESK_MCP_SERVER_NAME } from '../mcp/mcp-config';
import { buildUserLine } from './build-user-line';
import { CliEventMapper, type CliControlMessage } from './cli-event-mapper';
import type { CliVerdict } from './cli-verdict';
import { type ControlChannel, ControlSession } from './control-session';
import { initializeRequestBody, interruptRequest } from '../claude-code-wire/control-protocol';
import type { GroupKiller, Spawner } from '../claude-code-wire/spawned-process';
import type { TurnRequest } from './turn-request';
import { type Clock, type ProcessExit, TurnProcess, type TurnProcessOptions, realClock } from './turn-process';
import { describeSpawn, materializeSpawn } from './spawn-plan';
import type { WarmPool } from './warm-pool';
import { liveFlags } from './kept-process';
import { parseContextUsage } from '../../shared/context-usage';
import { BackgroundWait } from './background-wait';
import { stopBackgroundCommands } from './stop-background-commands';

import type { BigText } from '../claude-code-wire/big-text';
import { BIG_TOOL_RESULT_CHARS, TOOL_RESULT_HEAD_CHARS } from './big-tool-result';

/** How long a turn's end waits for get_context_usage (answered in ~30 ms, recorded case 37). */
export const CONTEXT_USAGE_WAIT_MS = 2_000;

export interface AttemptDeps {
  env: NodeJS.ProcessEnv;
  spawner?: Spawner;
  killGroup?: GroupKiller | null;
  clock?: Clock;
  tmpRoot?: string;
  idleTimeoutMs: number;
  /** The bound while a tool runs (CLAUDE_DESK_TOOL_TIMEOUT_MS). */
  toolTimeoutMs?: number;
  /** Tags each CLI and sweeps its leftovers when it exits (process-sweep.ts). */
  sweeper?: ProcessSweeper | null;
  log: (message: string) => void;
  /** Scrubs the app's runtime secrets (SecretRedactor) from the CLI's stderr before anything keeps it. */
  redact?: (text: string) => string;
}

export interface AttemptInput {
  sessionId: string;
  resume: boolean;
  /** The session's running cost after its previous turn, so the verdict carries this turn's own cost. */
  sessionCostBefore?: number;
  /** After a rewind: fork the resumed session at this answer line. */
  resumeAt?: string;
  preamble?: string;
  projectDir: string;
  emit: (event: TurnEvent) => void;
  /** The CLI accepted the session (system/init): remember it for the thread. */
  onSession: (sessionId: string) => void;
  /** Called with the live process and its control session once spawned (stop, answers, live switches). */
  onProcess: (proc: TurnProcess, control: ControlSession) => void;
  /**
   * Pre-started processes and the one kept from the thread's last turn; absent for
   * a new-session fallback, which always spawns fresh and keeps nothing.
   */
  warm?: Pick<WarmPool, 'take' | 'keep' | 'keeping'>;
}

export interface AttemptResult {
  exit: ProcessExit;
  verdict?: CliVerdict;
  fatal?: TurnError;
  sawInit: boolean;
  /** The `result` event already went out when the verdict line arrived. */
  resultEmitted: boolean;
  apiErrorText?: string;
  /** What was spawned (the CLI or a sandbox wrapper), for error messages. */
  file: string;
}

/** One CLI process for one turn: scratch files, args, spawn, the stdin line, events until exit. */
export async function runAttempt(req: TurnRequest, input: AttemptInput, deps: AttemptDeps): Promise<AttemptResult> {
  const mcp = typeof req.mcp === 'object' && req.mcp !== null ? req.mcp : undefined;
  // Planned in memory first: a kept or warm process is used only if it was started with exactly this plan, and
  // then no file is made for the turn (a kept turn's first token waited on a dozen file operations for it).
  const spec = await describeSpawn(req, input, deps);
  const warm = await input.warm?.take(req.threadId, spec).catch(() => undefined);
  // What the process that answers was started with: its own plan if it was warm or kept.
  const procPlan = warm?.plan ?? (await materializeSpawn(spec, deps));
  const { file, args } = procPlan;
  let kept = false;
  let markKept!: (exit: ProcessExit) => void;
  const keptExit = new Promise<ProcessExit>((resolve) => (markKept = resolve));
  try {
    const mapper = new CliEventMapper({
      threadId: req.threadId,
      turnId: req.turnId,
      appMcpServerName: mcp ? DESK_MCP_SERVER_NAME : undefined,
      sessionCostBefore: input.sessionCostBefore,
    });
    let verdict: CliVerdict | undefined;
    let fatal: TurnError | undefined;
    let sawInit = false;
    let resultEmitted = false;
    // The CLI waits for an answer to every prompt (case 23): with nobody to ask, core's policy denies.
    const control = new ControlSession({
      threadId: req.threadId,
      turnId: req.turnId,
      log: deps.log,
      askUser: req.approvals === 'user',
      toolGate: req.toolGate,
    });
    // Tool calls without their result yet: while any runs, silence is a build or a test, not a hang.
    const openTools = new Set<string>();
    const clock = deps.clock ?? realClock;
    // Sub-agents running in the background keep the turn open past its `result` (case 34).
    const background = new BackgroundWait(clock, (held) => conclude(held));
    const trackTools = (event: TurnEvent, bigs?: Map<string, BigText>): TurnEvent => {
      background.see(event);
      if (event.type === 'subagent' && background.busy) proc.setToolRunning(true);
      if (event.type === 'tool_call') {
        openTools.add(event.toolUseId);
        proc.setToolRunning(true);
        // When it started, for the card's "Running 3:12" (a repeated call for the same id keeps the first).
        return event.startedAt === undefined ? { ...event, startedAt: clock.now() } : event;
      }
      if (event.type === 'tool_result' || event.type === 'permission_denied') {
        openTools.delete(event.toolUseId);
        proc.setToolRunning(openTools.size > 0 || background.busy);
      }
      // A 64 MiB result copied into every ~250 ms snapshot grew a thread log to ~900 MiB:
      // it is stored once, and what streams on is its head. One from a long line was never a whole string
      // (BigText): it goes to disk piece by piece — or, with nowhere to keep it, whole into the event.
      const big = event.type === 'tool_result' ? bigs?.get(event.toolUseId) : undefined;
      if (big && event.type === 'tool_result') {
        if (req.keepToolResult) {
          req.keepToolResult(event.toolUseId, big);
          return event;
        }
        const { fullChars: _full, ...rest } = event;
        return { ...rest, content: big.toString() };
      }
      if (event.type === 'tool_result' && req.keepToolResult && event.content.length > BIG_TOOL_RESULT_CHARS) {
        req.keepToolResult(event.toolUseId, event.content);
        const { detail: _detail, ...rest } = event; // the structured copy is as big: dropped
        return { ...rest, content: event.content.slice(0, TOOL_RESULT_HEAD_CHARS), fullChars: event.content.length };
      }
      return event;
    };

    const options: TurnProcessOptions = {
      file,
      args,
      cwd: input.projectDir,
      env: procPlan.env,
      spawner: deps.spawner,
      killGroup: deps.killGroup,
      clock: deps.clock,
      idleTimeoutMs: deps.idleTimeoutMs,
      toolTimeoutMs: deps.toolTimeoutMs,
      sweeper: deps.sweeper,
      // Stop asks the CLI to interrupt first: it keeps the partial answer for the next turn (case 25).
      stopLine: () => JSON.stringify(interruptRequest()),
      onIgnored: (preview, reason) => deps.log(`ignored CLI output (${reason}): ${preview}`),
      onValue: (value) => {
        const mapped = mapper.map(value);
        const bigs = mapped.bigResults && new Map(mapped.bigResults.map((r) => [r.toolUseId, r.text]));
        for (const event of mapped.events) input.emit(trackTools(event, bigs));
        if (mapped.sessionId) {
          sawInit = true;
          input.onSession(mapped.sessionId);
        }
        if (mapped.requesting) background.sawRequest();
        if (mapped.control) routeControl(mapped.control);
        if (mapped.verdict && !verdict) {
          // While a background sub-agent runs, this `result` is not the turn's end (case 34).
          const settled = background.settle(mapped.verdict);
          if (settled) conclude(settled);
        }
        if (mapped.fatal && !fatal) {
          fatal = mapped.fatal;
          proc.abort();
        }
      },
    };
    function conclude(settled: CliVerdict): void {
      if (verdict) return;
      verdict = settled;
      // The answer is complete now; the CLI exits ~50 ms later. Show the verdict at once — unless no
      // init was seen, when it may be a session failure the engine recovers from (cases 03, 14).
      if (sawInit) {
        resultEmitted = true;
        input.emit({ threadId: req.threadId, turnId: req.turnId, type: 'result', verdict: verdict.verdict });
      }
      // While the process still runs: what fills the window, for the header's context panel (~30 ms, no API call).
      const asked = sawInit && !verdict.verdict.isError && !fatal ? askContextUsage() : Promise.resolve();
      void asked
        .then(stopLeftCommands)
        .catch(() => false)
        .then(release)
        .catch((err: Error) => {
          deps.log(`turn ${req.turnId}: its end failed: ${err.message}`);
          proc.endAfterResult();
        });
    }
    /**
     * Nothing a turn starts runs on after its answer: the background commands still running are stopped, the CLI's
     * own way (case 40), and their cards say the answer's end stopped them. True when none is left running.
     */
    async function stopLeftCommands(): Promise<boolean> {
      const left = background.runningCommands;
      if (left.length === 0 || fatal || !proc.running) return left.length === 0;
      const stopped = await stopBackgroundCommands(
        left.map((c) => c.taskId),
        control,
        clock,
      );
      const base = { threadId: req.threadId, turnId: req.turnId, type: 'background_command' } as const;
      for (const { taskId, toolUseId } of left.filter((c) => stopped.includes(c.taskId))) {
        input.emit({ ...base, toolUseId, taskId, status: 'stopped', endedWithTurn: true });
      }
      if (stopped.length < left.length) deps.log(`turn ${req.turnId}: a background command did not stop in time`);
      return stopped.length === left.length;
    }
    /**
     * Ask for the context breakdown, bounded: a CLI that does not answer never holds the turn up. `summary`: from the
     * last response's usage and the CLI's own estimates. The default (`full`) counts each category with the
     * token-count API: 26 calls the first time a process is asked (recorded case 37c; 0 with summary, 37b) — with a
     * real key, API calls at every new process, and the turn's end waited for them (two waves in flight: a
     * 200 ms count_tokens held a thread's first turn ~0.45 s past its answer).
     */
    async function askContextUsage(): Promise<void> {
      let timer: unknown;
      const bound = new Promise<undefined>(
        (resolve) => (timer = clock.setTimeout(() => resolve(undefined), CONTEXT_USAGE_WAIT_MS)),
      );
      const answer = await Promise.race([
        control.request('ctx', { subtype: 'get_context_usage', detail: 'summary' }),
        bound,
      ]);
      clock.clearTimeout(timer);
      const usage = answer?.ok ? parseContextUsage(answer.response) : undefined;
      if (usage) input.emit({ threadId: req.threadId, turnId: req.turnId, type: 'context_usage', usage });
    }
    async function release(commandsStopped: boolean): Promise<void> {
      if (!verdict) return;
      // A clean answer: the process may stay for the thread's next turn (case 11c) — it is
      // then the pool's, and this turn is over without waiting for an exit that will not come. Only with nothing
      // of the turn left around it: not while a command it could not stop runs, nor what its tools left in groups
      // of their own (found by its tag); nor while the CLI still has a turn of its own to run (a background command
      // that ended just now, case 40e) — that would reach the thread's next turn. Such a process ends as below.
      const keepable = sawInit && !verdict.verdict.isError && !fatal && commandsStopped && !background.followUpDue;
      if (
        keepable &&
        input.warm?.keeping &&
        (await proc.sweepStrays()) &&
        input.warm.keep({ threadId: req.threadId, proc, plan: procPlan, live: liveFlags(spec.args) })
      ) {
        kept = true;
        markKept(KEPT_EXIT);
      } else {
        // Stdin stayed open for the control protocol; after `result` closing it ends the CLI (case 11b),
        // and a CLI that lingers anyway (a tool child holding it) is ended after a short grace. A kept
        // process (above) is never told its turn is over, so this never ends one on purpose.
        openTools.clear();
        proc.setToolRunning(false);
        proc.endAfterResult();
      }
    }
    const proc: TurnProcess = warm ? warm.attach(options) : new TurnProcess(options);

    const channel: ControlChannel = {
      send: (message) => proc.writeLine(JSON.stringify(message)),
      pauseIdle: () => proc.pauseIdle(),
      resumeIdle: () => proc.resumeIdle(),
      emit: input.emit,
      closed: proc.exited,
    };
    function routeControl(message: CliControlMessage): void {
      try {
        control.handle(message, channel);
      } catch (err) {
        deps.log(`control handler failed: ${(err as Error).message}`);
      }
    }

    proc.start();
    control.attach(channel);
    // A new process (fresh or warm) learns the tool gate first: from then on it asks before every tool (case 43),
    // for this turn and any it answers kept. Written at once, so it is read while the message is still being saved.
    if (!warm?.kept) {
      void control.request('init', initializeRequestBody()).then((r) => {
        if (!r.ok) deps.log(`turn ${req.turnId}: the CLI did not take the tool gate: ${r.error ?? 'no answer'}`);
      });
    }
    input.onProcess(proc, control); // may stop it at once (stop pressed while the turn was starting)
    if (req.ready) {
      const failed = await req.ready.then(
        () => undefined,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
      if (failed) {
        proc.stop(); // it never got the message: nothing of this turn may run
        await proc.exited;
        throw failed;
      }
    }
    proc.writeLine(buildUserLine(req.content.text, req.content.images ?? [], input.preamble));
    const raw = await Promise.race([proc.exited, keptExit]);
    background.dispose();
    // Gone while a background sub-agent still ran (stopped, crashed): the answer given so far still counts.
    verdict ??= background.heldVerdict;
    // The CLI may echo what it was given (the MCP config's bearer token, a key) on stderr; that tail
    // reaches the log, the turn's error and the thread log, so it is scrubbed here, once, for all of them.
    const exit = deps.redact ? { ...raw, stderrTail: deps.redact(raw.stderrTail) } : raw;
    return { exit, verdict, fatal, sawInit, resultEmitted, apiErrorText: mapper.lastApiErrorText, file };
  } finally {
    // A kept process still reads its scratch files; the pool cleans them when it ends.
    if (!kept) await procPlan.scratch.cleanup();
  }
}

/** How a kept process's turn ends: it did not exit, it answered (the verdict says how). */
const KEPT_EXIT: ProcessExit = { code: 0, signal: null, idleTimedOut: false, stopped: false, stderrTail: '' };
