import type { TurnError, TurnEvent } from '../../shared/turn-events';
import { DESK_MCP_SERVER_NAME } from '../mcp/mcp-config';
import { buildUserLine } from './build-user-line';
import { CliEventMapper, type CliControlMessage } from './cli-event-mapper';
import type { CliVerdict } from './cli-verdict';
import { type ControlChannel, ControlSession } from './control-session';
import { initializeRequestBody, interruptRequest, sessionRulesRequestBody } from '../claude-code-wire/control-protocol';
import type { TurnRequest } from './turn-request';
import {
  type ProcessExit,
  type ProcessRunDeps,
  TurnProcess,
  type TurnProcessOptions,
  processRunOptions,
  realClock,
} from './turn-process';
import { type SpawnSpec, describeSpawn, materializeSpawn } from './spawn-plan';
import type { IdleProcesses } from './idle-processes';
import { liveFlags } from './kept-process';
import { BackgroundWait } from './background-wait';
import { AttemptTools, askContextUsage, stopLeftCommands } from './attempt-tools';
import { DEFAULT_WEDGE_BOUNDS, type WedgeBounds, reusedBoundMs } from './wedge-watch';
import type { SessionRules } from './session-rules';

export { CONTEXT_USAGE_WAIT_MS } from './attempt-tools';

/** toolTimeoutMs is CLAUDE_DESK_TOOL_TIMEOUT_MS; the sweeper tags each CLI and sweeps its leftovers (process-sweep.ts). */
export interface AttemptDeps extends ProcessRunDeps {
  env: NodeJS.ProcessEnv;
  tmpRoot?: string;
  log: (message: string) => void;
  /** Scrubs the app's runtime secrets (SecretRedactor) from the CLI's stderr before anything keeps it. */
  redact?: (text: string) => string;
  /** How long a kept or warm process (and a fresh one replacing it) may say nothing (wedge-watch.ts). */
  wedgeBounds?: WedgeBounds;
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
  warm?: Pick<IdleProcesses, 'take' | 'keep' | 'keeping'>;
  /** A fresh process that replaces a wedged one: it too must say something within this bound. */
  freshWedgeBoundMs?: number;
  /** The rules allowed "for this session", by session id: a new process resuming one is told them. */
  sessionRules?: SessionRules;
}

export interface AttemptResult {
  exit: ProcessExit;
  verdict?: CliVerdict;
  fatal?: TurnError;
  sawInit: boolean;
  /** The `result` event already went out when the verdict line arrived. */
  resultEmitted: boolean;
  apiErrorText?: string;
  /** One of the user's Claude Code hooks started and not ended when the process did (`PreToolUse:Bash`). */
  hookRunning?: string;
  /** What was spawned (the CLI or a sandbox wrapper), for error messages. */
  file: string;
  /** The process said nothing at all within its wedge bound and was killed: which one it was. */
  wedged?: 'kept' | 'warm' | 'fresh';
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
    // The user's Claude Code hooks started and not ended yet: a tool bound reached inside one names it.
    const hookOpen = new Map<string, string>();
    const hooksRunning = (e: { hookId: string; name: string; outcome?: unknown }): void => {
      if (e.outcome === undefined) hookOpen.set(e.hookId, e.name);
      else if (!proc.boundExceeded) hookOpen.delete(e.hookId); // ended by the bound's kill: it was what held it
    };
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
    const clock = deps.clock ?? realClock;
    // The session this process answers in: the one it resumed, until its init names another (a fork).
    let processSession = input.sessionId;
    // The CLI waits for an answer to every prompt (case 23): with nobody to ask, core's policy denies.
    const control = new ControlSession({
      threadId: req.threadId,
      turnId: req.turnId,
      log: deps.log,
      askUser: req.approvals === 'user',
      toolGate: req.toolGate,
      firstEdit: req.firstEdit,
      projectDir: input.projectDir,
      onSessionRules: (rules) => input.sessionRules?.add(processSession, rules),
    });
    // Sub-agents running in the background keep the turn open past its `result` (case 34).
    const background = new BackgroundWait(clock, (held) => conclude(held));
    const tools = new AttemptTools(background, clock, (running) => proc.setToolRunning(running), req.keepToolResult);

    const options: TurnProcessOptions = {
      file,
      args,
      cwd: input.projectDir,
      env: procPlan.env,
      ...processRunOptions(deps),
      // Stop asks the CLI to interrupt first: it keeps the partial answer for the next turn (case 25).
      stopLine: () => JSON.stringify(interruptRequest()),
      onIgnored: (preview, reason) => deps.log(`ignored CLI output (${reason}): ${preview}`),
      onValue: (value) => {
        const mapped = mapper.map(value);
        const bigs = mapped.bigResults && new Map(mapped.bigResults.map((r) => [r.toolUseId, r.text]));
        for (const event of mapped.events) {
          if (event.type === 'hook') hooksRunning(event);
          input.emit(tools.track(event, bigs));
        }
        if (mapped.sessionId) {
          input.sessionRules?.carry(processSession, mapped.sessionId);
          processSession = mapped.sessionId;
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
      const asked = sawInit && !verdict.verdict.isError && !fatal ? askUsage() : Promise.resolve();
      void asked
        .then(stopCommands)
        .catch(() => false)
        .then(release)
        .catch((err: Error) => {
          deps.log(`turn ${req.turnId}: its end failed: ${err.message}`);
          proc.endAfterResult();
        });
    }
    function stopCommands(): Promise<boolean> {
      if (fatal || !proc.running) return Promise.resolve(background.runningCommands.length === 0);
      return stopLeftCommands(req, background, control, clock, input.emit, deps.log);
    }
    async function askUsage(): Promise<void> {
      const usage = await askContextUsage(control, clock);
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
        tools.clear();
        proc.endAfterResult();
      }
    }
    const proc: TurnProcess = warm ? warm.attach(options) : new TurnProcess(options);
    // A reused process answers within ~50 ms (wedge-watch.ts): what it says from now on counts, not what it said before.
    const bounds = deps.wedgeBounds ?? DEFAULT_WEDGE_BOUNDS;
    const wedgeBoundMs = warm
      ? reusedBoundMs(bounds, warm.kept ? 'kept' : 'warm', clock.now() - warm.spawnedAt)
      : input.freshWedgeBoundMs;
    const watch = wedgeBoundMs ? { boundMs: wedgeBoundMs, mark: proc.outputMark } : undefined;

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

    await startAndSend(proc, control, channel, req, input, !warm?.kept, procPlan.mcpServers, deps.log, watch);
    const raw = await Promise.race([proc.exited, keptExit]);
    background.dispose();
    // Gone while a background sub-agent still ran (stopped, crashed): the answer given so far still counts.
    verdict ??= background.heldVerdict;
    // The CLI may echo what it was given (the MCP config's bearer token, a key) on stderr; that tail
    // reaches the log, the turn's error and the thread log, so it is scrubbed here, once, for all of them.
    const exit = deps.redact ? { ...raw, stderrTail: deps.redact(raw.stderrTail) } : raw;
    const wedged = exit.wedged ? (warm ? (warm.kept ? 'kept' : 'warm') : 'fresh') : undefined;
    return {
      exit,
      verdict,
      fatal,
      sawInit,
      resultEmitted,
      apiErrorText: mapper.lastApiErrorText,
      file,
      wedged,
      ...(hookOpen.size > 0 ? { hookRunning: [...hookOpen.values()].at(-1) } : {}),
    };
  } finally {
    // A kept process still reads its scratch files; the pool cleans them when it ends.
    if (!kept) await procPlan.scratch.cleanup();
  }
}

/**
 * Start the process, tell a new one (fresh or warm) the tool gate, hand it to the turn, and write the message once it
 * is saved; a message that could not be saved ends the process unread and throws.
 */
async function startAndSend(
  proc: TurnProcess,
  control: ControlSession,
  channel: ControlChannel,
  req: TurnRequest,
  input: AttemptInput,
  isNew: boolean,
  mcpServers: SpawnSpec['mcpServers'],
  log: (message: string) => void,
  watch?: { boundMs: number; mark: number },
): Promise<void> {
  proc.start();
  control.attach(channel);
  // A new process learns the tool gate first: from then on it asks before every tool (case 43), for this turn and
  // any it answers kept. Written at once, so it is read while the message is still being saved. Started with
  // --await-initialize, it also takes Claude Desk's MCP server from it (case 59): then it must be the first line.
  if (isNew) {
    void control.request('init', initializeRequestBody(mcpServers)).then((r) => {
      if (!r.ok) log(`turn ${req.turnId}: the CLI did not take the tool gate: ${r.error ?? 'no answer'}`);
      // An answer without mcp_servers_applied: true means the servers were not read at launch (case 59 b).
      else if (mcpServers && r.response?.mcp_servers_applied !== true && control.live)
        input.emit({ threadId: req.threadId, turnId: req.turnId, type: 'warning', message: MCP_NOT_TAKEN });
    });
    // What the user allowed for this session lived in the memory of an earlier process (case 55 b): tell this one,
    // before it reads the message, so the same call is not asked again.
    const rules = input.resume ? (input.sessionRules?.rulesFor(input.sessionId) ?? []) : [];
    if (rules.length > 0) {
      void control.request('rules', sessionRulesRequestBody(rules)).then((r) => {
        if (r.ok) return;
        log(`turn ${req.turnId}: the CLI did not take this session's rules: ${r.error ?? 'no answer'}`);
        // Refused by a running CLI (not one that ended): the user would see cards they thought they had answered.
        if (control.live)
          input.emit({ threadId: req.threadId, turnId: req.turnId, type: 'warning', message: RULES_REFUSED });
      });
    }
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
  // From the user line on, not before: saving the message may take a while, and that is not the process's silence.
  if (watch) proc.expectOutput(watch.boundMs, watch.mark);
}

/** Shown when a process started to take Claude Desk's MCP server in `initialize` says it did not. */
export const MCP_NOT_TAKEN =
  "Claude Desk's tools are unavailable this turn: Claude Code did not take them at start. Send the message again; if it keeps happening, see Settings → Claude Code → Diagnostics.";

/** Shown when a new process refuses the rules allowed earlier in its session (its `apply_flag_settings`). */
export const RULES_REFUSED =
  'Claude Code did not take the actions you allowed for this session, so it may ask for them again. Allow them again, or choose Always allow.';

/** How a kept process's turn ends: it did not exit, it answered (the verdict says how). */
const KEPT_EXIT: ProcessExit = { code: 0, signal: null, idleTimedOut: false, stopped: false, stderrTail: '' };
