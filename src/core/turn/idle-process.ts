import type { SpawnPlan } from './spawn-plan';
import { controlRequest, initializeRequestBody } from '../claude-code-wire/control-protocol';
import { type LiveFlags, liveFlags } from './kept-process';
import {
  type Clock,
  type ProcessRunDeps,
  TurnProcess,
  type TurnProcessOptions,
  processRunOptions,
} from './turn-process';

/** One idle process — pre-warmed or kept — and what is done to it: spawned, handed to a turn, ended. */

/** What starting a pooled process needs (the pool's own deps fit). */
export interface IdleProcessDeps extends ProcessRunDeps {
  log: (message: string) => void;
}

/** At the latest this long after a turn took a process, the log says which (see `take`). */
const USED_NOTE_LATEST_MS = 250;

/** The turn's result line: its answer is complete. */
function isResult(value: unknown): boolean {
  return (value as { type?: unknown } | null)?.type === 'result';
}

/** A warm or kept process handed to a turn: attach the turn's handlers, then write the user line. */
export interface AdoptedProcess {
  proc: TurnProcess;
  /** What the process was started with; its scratch dir (the files it read): clean it after the turn unless kept again. */
  plan: SpawnPlan;
  /** It has answered a turn before (kept), so it was initialized then; a warm one has read nothing yet. */
  kept: boolean;
  /** When it was started (the pool's clock): a warm process taken at once is still starting. */
  spawnedAt: number;
  attach(handlers: Pick<TurnProcessOptions, 'onValue' | 'onIgnored' | 'stopLine'>): TurnProcess;
}

/** A process that has answered a turn and is offered for the thread's next one. */
export interface KeepOffer {
  threadId: string;
  proc: TurnProcess;
  /** What it was started with (its first turn's plan: session flag, scratch dir). */
  plan: SpawnPlan;
  /** Its model and permission mode now (after any live switch). */
  live: LiveFlags;
}

export interface Entry {
  /** warm: started ahead, never written to; kept: has answered, stdin still open. */
  kind: 'warm' | 'kept';
  threadId: string;
  plan: SpawnPlan;
  /** warm: the whole plan's fingerprint; kept: everything a control request cannot switch (keptFingerprint). */
  fingerprint: string;
  live: LiveFlags;
  proc: TurnProcess;
  spawnedAt: number;
  lastUsed: number;
  timer: unknown;
  buffered: unknown[];
  /** The session's conversation as this process holds it (transcript-stamp.ts); absent: not known. */
  conversation?: Promise<string | undefined>;
  onValue?: (v: unknown) => void;
  onIgnored?: (preview: string, reason: string) => void;
  stopLine?: () => string;
}

/** A kept process is asked to end by closing its stdin (case 11b); signalled if still there after this. */
const KEPT_CLOSE_GRACE_MS = 2_000;

/** Start a warm process with the next turn's plan; until a turn adopts it, what it prints is buffered. */
export function spawnWarmEntry(threadId: string, plan: SpawnPlan, deps: IdleProcessDeps, clock: Clock): Entry {
  const entry: Entry = {
    kind: 'warm',
    threadId,
    plan,
    fingerprint: plan.fingerprint,
    live: liveFlags(plan.args),
    spawnedAt: clock.now(),
    lastUsed: clock.now(),
    timer: undefined,
    buffered: [],
    proc: undefined as unknown as TurnProcess, // set just below; the callbacks run only after start()
  };
  entry.proc = new TurnProcess({
    file: plan.file,
    args: plan.args,
    cwd: plan.cwd,
    env: plan.env,
    ...processRunOptions(deps),
    ...entryHandlers(entry, deps.log),
  });
  entry.proc.start();
  // Started to take Claude Desk's MCP server in `initialize` (--await-initialize, case 59), it waits at start-up for
  // that request, then connects the server (0.3–0.6 s after a late one, 59 e): written now, that is done before the
  // turn. The turn sends it again, answered alike (a repeated initialize, 59 e). Waiting silent after its answer is
  // not a hang: the idle bound is held until a turn takes it.
  if (plan.mcpServers) {
    entry.proc.writeLine(JSON.stringify(controlRequest(WARM_INITIALIZE_ID, initializeRequestBody(plan.mcpServers))));
    entry.proc.pauseIdle();
  }
  return entry;
}

/** The request id of a warm process's own `initialize`: its answer is a response to nobody for the turn. */
const WARM_INITIALIZE_ID = 'desk-warm-initialize';

/** Until a turn adopts it the CLI should print nothing (case 11d); keep anything it does print. */
export function entryHandlers(
  entry: Entry,
  log: (message: string) => void,
): Pick<TurnProcessOptions, 'onValue' | 'onIgnored' | 'stopLine'> {
  return {
    onValue: (v) => (entry.onValue ? entry.onValue(v) : entry.buffered.push(v)),
    onIgnored: (preview, reason) =>
      entry.onIgnored
        ? entry.onIgnored(preview, reason)
        : log(`${entry.kind} CLI output ignored (${reason}): ${preview}`),
    // Discarding a waiting process is a plain kill: an interrupt line would be its first input.
    stopLine: () => entry.stopLine?.() ?? '',
  };
}

/** The entry handed to a turn: the turn's handlers attached, what it printed meanwhile replayed to them. */
export function adopt(entry: Entry, clock: Clock, log: (message: string) => void): AdoptedProcess {
  // Not on the first token's path: a log line (scrubbed, written, echoed) is ~0.3 ms of CPU, taken from the CLI
  // working towards its request on a 2-core machine, or from reading its first delta. Written with the turn's
  // result, or a quarter second on (a real API's first token is further off), so a turn that never answers
  // still names its process.
  const used = `thread ${entry.threadId}: using the ${entry.kind} CLI process ${entry.proc.pid}`;
  let noted = false;
  const note = (): void => {
    if (noted) return;
    noted = true;
    clock.clearTimeout(late);
    log(used);
  };
  const late = clock.setTimeout(note, USED_NOTE_LATEST_MS);
  return {
    proc: entry.proc,
    plan: entry.plan,
    kept: entry.kind === 'kept',
    spawnedAt: entry.spawnedAt,
    attach: (handlers) => {
      entry.onValue = (value) => {
        if (!noted && isResult(value)) note();
        handlers.onValue(value);
      };
      entry.onIgnored = handlers.onIgnored;
      entry.stopLine = handlers.stopLine;
      // Kept, or warm and initialized: its idle bound was held while it waited (a no-op for one never written to).
      entry.proc.resumeIdle();
      for (const value of entry.buffered.splice(0)) handlers.onValue(value);
      return entry.proc;
    },
  };
}

/** End a discarded entry's process, and clean its scratch dir once it is gone. */
export function endEntry(entry: Entry, clock: Clock): void {
  if (entry.kind === 'kept') {
    // It has a conversation: closing stdin lets it end by itself (case 11b); a signal only if it lingers.
    entry.proc.closeStdin();
    const timer = clock.setTimeout(() => entry.proc.stop(), KEPT_CLOSE_GRACE_MS);
    (timer as { unref?: () => void } | undefined)?.unref?.();
    void entry.proc.exited.then(() => clock.clearTimeout(timer));
  } else {
    entry.proc.stop();
  }
  // The scratch dir lives as long as its process: the CLI may still read the files it names.
  void entry.proc.exited.then(() => entry.plan.scratch.cleanup());
}
