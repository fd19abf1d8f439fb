import { PROCESS_TAG_ENV, type ProcessSweeper } from '../process-sweep';
import { isKeepAlive } from '../claude-code-wire/keep-alive';
import { CLI_BIG_STRINGS } from './big-tool-result';
import { JsonlReader } from '../claude-code-wire/jsonl-reader';
import {
  type GroupKiller,
  type SpawnedProcess,
  type Spawner,
  killProcessGroup,
  spawnInOwnGroup,
  streamEnded,
} from '../claude-code-wire/spawned-process';
import { OrderedClose } from '../claude-code-wire/ordered-close';
import type { Timers } from '../claude-code-wire/control-requests';

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** While a tool runs (tool_use seen, its result not yet) silence is expected: builds and test runs take minutes. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30 * 60_000;
/** After `result` and stdin closed the CLI exits within ~50 ms (case 11b); past this it is ended. */
export const AFTER_RESULT_GRACE_MS = 3_000;
export const KILL_GRACE_MS = 2_000;
export const STDERR_CAP_BYTES = 16 * 1024;

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The spawn itself failed (ENOENT: no binary at that path). */
  spawnError?: NodeJS.ErrnoException;
  /** Killed by the idle bound. */
  idleTimedOut: boolean;
  /** The bound that was exceeded then: the idle bound, or the longer tool bound while a tool ran. */
  boundMs?: number;
  /** A tool was running when the bound ran out. */
  toolRunning?: boolean;
  /** Ended through stop(). */
  stopped: boolean;
  /** Ended as wedged: it printed nothing at all within the bound given to expectOutput (then in boundMs). */
  wedged?: boolean;
  /** The last 16 KiB of stderr. */
  stderrTail: string;
}

/** The control client's timers, and the time the idle bound measures. */
export interface Clock extends Timers {
  now(): number;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface TurnProcessOptions {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  onValue: (value: unknown) => void;
  onIgnored?: (preview: string, reason: string) => void;
  spawner?: Spawner;
  /** null: never signal process groups (in-memory fakes have no real pid). */
  killGroup?: GroupKiller | null;
  idleTimeoutMs?: number;
  /** The bound while a tool runs (setToolRunning); default DEFAULT_TOOL_TIMEOUT_MS. */
  toolTimeoutMs?: number;
  killGraceMs?: number;
  /** How long a CLI may linger after its answer (endAfterResult) before its group is ended. */
  afterResultGraceMs?: number;
  /**
   * Tags the child (env) and, when it exits, kills everything still carrying the tag: tool processes
   * in groups of their own that a group signal misses (process-sweep.ts). null/absent: no sweep.
   */
  sweeper?: ProcessSweeper | null;
  clock?: Clock;
  /**
   * A line that asks the child to stop by itself (the CLI's `interrupt`, case 25). With it, stop() writes
   * it and closes stdin, and signals only if the child is still alive after the grace period.
   */
  stopLine?: () => string;
}

type Handlers = Pick<TurnProcessOptions, 'onValue' | 'onIgnored' | 'stopLine'>;

/** How every CLI of a turn or of the idle processes is started and bounded: the same for each, from the engine's deps. */
export type ProcessRunDeps = Pick<
  TurnProcessOptions,
  'spawner' | 'killGroup' | 'clock' | 'toolTimeoutMs' | 'sweeper'
> & { idleTimeoutMs: number };

/** The start-and-bound part of a TurnProcess's options, taken from deps that carry it (and more). */
export function processRunOptions(deps: ProcessRunDeps): ProcessRunDeps {
  const { spawner, killGroup, clock, idleTimeoutMs, toolTimeoutMs, sweeper } = deps;
  return { spawner, killGroup, clock, idleTimeoutMs, toolTimeoutMs, sweeper };
}

/**
 * One CLI child: spawn, write lines, read stdout as JSON lines, bound idleness, stop it cleanly.
 * Spawning and writing are separate steps so a pre-started ("warm") process can wait with
 * nothing written: the CLI prints nothing before its first user line (case 11d), and the idle bound
 * starts only with the first write.
 */
export class TurnProcess {
  readonly exited: Promise<ProcessExit>;
  private resolveExit!: (exit: ProcessExit) => void;
  private child: SpawnedProcess | undefined;
  private readonly reader: JsonlReader;
  private stderrChunks: Buffer[] = [];
  private stderrBytes = 0;
  private idleTimer: unknown;
  private idleArmed = false;
  private idlePaused = false;
  private toolRunning = false;
  private tag: string | undefined;
  private lastActivity = 0;
  private idleTimedOut = false;
  private exceeded: { boundMs: number; toolRunning: boolean } | undefined;
  private stopped = false;
  private wedged = false;
  /** How many stdout chunks it printed so far: any byte is a sign of life (expectOutput). */
  private chunks = 0;
  private wedgeTimer: unknown;
  private readonly closer: OrderedClose;
  private done = false;
  private readonly clock: Clock;
  private readonly idleTimeoutMs: number;
  private handlers: Handlers;
  private readonly toolTimeoutMs: number;

  constructor(private readonly options: TurnProcessOptions) {
    this.handlers = { onValue: options.onValue, onIgnored: options.onIgnored, stopLine: options.stopLine };
    this.clock = options.clock ?? realClock;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.toolTimeoutMs = Math.max(this.idleTimeoutMs, options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
    // SIGTERM, then SIGKILL a grace later, to the group first (a fake without a pid: the child only).
    this.closer = new OrderedClose(() => this.child, {
      timers: this.clock,
      killGroup: options.killGroup,
      stepMs: options.killGraceMs ?? KILL_GRACE_MS,
    });
    this.reader = new JsonlReader(
      {
        onValue: (v) => {
          // A heartbeat is alive, not progress (case 62): the bounds go on counting through it.
          if (!isKeepAlive(v)) this.touch();
          this.handlers.onValue(v);
        },
        onIgnored: (preview, reason) => {
          this.touch();
          this.handlers.onIgnored?.(preview, reason);
        },
      },
      { bigStrings: CLI_BIG_STRINGS },
    );
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ended by the idle or tool bound: what still comes (a hook's end, killed with it) is the bound's doing. */
  get boundExceeded(): boolean {
    return this.exceeded !== undefined;
  }

  get running(): boolean {
    return this.child !== undefined && !this.done;
  }

  start(): void {
    if (this.child) return;
    const spawner = this.options.spawner ?? spawnInOwnGroup;
    let child: SpawnedProcess;
    this.tag = this.options.sweeper?.newTag();
    const env = this.tag ? { ...this.options.env, [PROCESS_TAG_ENV]: this.tag } : this.options.env;
    try {
      child = spawner(this.options.file, this.options.args, { cwd: this.options.cwd, env });
    } catch (err) {
      this.finish({ code: null, signal: null, spawnError: err as NodeJS.ErrnoException });
      return;
    }
    this.child = child;
    child.stdin?.on('error', () => undefined); // EPIPE when the child is already gone
    child.stdout?.on('data', (chunk: Buffer) => {
      this.chunks++;
      this.clearWedgeTimer(); // it spoke
      this.reader.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => this.collectStderr(chunk));
    child.on('error', (err) => {
      // Spawn failure: no pid, and 'exit' may never come.
      if (child.pid === undefined) this.finish({ code: null, signal: null, spawnError: err as NodeJS.ErrnoException });
    });
    child.on('exit', (code, signal) => void this.onExit(code, signal));
  }

  /** Write one line to stdin; the first write arms the idle bound. */
  writeLine(line: string): void {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded) return;
    stdin.write(line.endsWith('\n') ? line : `${line}\n`);
    if (!this.idleArmed) {
      this.idleArmed = true;
      this.touch();
      this.scheduleIdle(this.idleTimeoutMs);
    }
  }

  /** A mark for expectOutput: what the child has printed so far. */
  get outputMark(): number {
    return this.chunks;
  }

  /**
   * The child must print something — a byte of stdout — by `boundMs` from now, counting from `mark` (outputMark when
   * the turn took it). A child that stays silent is wedged: it is killed at once, group and all (a process that never
   * answered has no turn to save, and the user waits), and its exit says `wedged`.
   */
  expectOutput(boundMs: number, mark: number): void {
    if (this.done || this.chunks > mark) return;
    this.clearWedgeTimer();
    this.wedgeTimer = this.clock.setTimeout(() => {
      this.wedgeTimer = undefined;
      if (this.done || this.chunks > mark || this.stopped) return;
      this.wedged = true;
      this.exceeded = { boundMs, toolRunning: false };
      this.closer.closeStdin();
      this.closer.signal('SIGKILL');
    }, boundMs);
  }

  private clearWedgeTimer(): void {
    if (this.wedgeTimer !== undefined) this.clock.clearTimeout(this.wedgeTimer);
    this.wedgeTimer = undefined;
  }

  /**
   * Send the child's output elsewhere from now on: a CLI kept for its thread's next turn
   * changes hands between turns, while its stdout keeps flowing through the same reader.
   */
  rebind(handlers: Handlers): void {
    this.handlers = handlers;
  }

  /** Close stdin: after a `result` the CLI then exits within ~50 ms (case 11b). */
  closeStdin(): void {
    this.closer.closeStdin();
  }

  /** Hold the idle bound while the CLI legitimately waits (an approval card; case 23). */
  pauseIdle(): void {
    this.idlePaused = true;
  }

  resumeIdle(): void {
    if (!this.idlePaused) return;
    this.idlePaused = false;
    this.touch();
  }

  /**
   * A tool is running (or no longer): silence then means a build or a test run, not a hung CLI, so the
   * longer tool bound applies instead of the idle bound (`sleep 12` under a 3 s bound died).
   */
  setToolRunning(running: boolean): void {
    if (this.toolRunning === running) return;
    this.toolRunning = running;
    this.touch();
  }

  /**
   * The answer is complete: close stdin (the CLI then exits, case 11b) and, should it linger — or a
   * tool child keep it alive — end its group after a short grace. Not for a process kept for the next
   * turn: that one is simply not told its turn is over.
   */
  endAfterResult(): void {
    if (this.done) {
      this.closeStdin();
      return;
    }
    this.closer.close(this.options.afterResultGraceMs ?? AFTER_RESULT_GRACE_MS, true);
  }

  /**
   * End what this CLI's tools left running in process groups of their own — a `cmd &` of a Bash call, a shell
   * still going — leaving the CLI and its own group (MCP servers) alone: for a CLI kept for its thread's next turn,
   * which does not exit and so is not swept. True once none is left, or when there is nothing to look with (no
   * tag: an in-memory fake).
   */
  sweepStrays(): Promise<boolean> {
    const pid = this.child?.pid;
    const sweeper = this.options.sweeper;
    if (!this.tag || !sweeper || pid === undefined || this.options.killGroup === null) return Promise.resolve(true);
    return sweeper.sweepOutsideGroup(this.tag, pid).catch(() => false);
  }

  /**
   * Stop: with a stopLine, write it, close stdin and give the child the grace period to end itself;
   * then (or at once without one) SIGTERM the group, and SIGKILL it if still alive after another grace.
   */
  stop(): void {
    if (this.done || this.stopped) return;
    this.stopped = true;
    const stdin = this.child?.stdin;
    const line = stdin && !stdin.destroyed && !stdin.writableEnded ? this.handlers.stopLine?.() : undefined;
    if (!line) {
      this.terminate();
      return;
    }
    this.writeLine(line);
    this.closer.close(this.options.killGraceMs ?? KILL_GRACE_MS);
  }

  /** End the process for the turn's own reasons (fatal auth error): like stop(), not marked as stopped. */
  abort(): void {
    if (this.done) return;
    this.terminate();
  }

  private terminate(): void {
    this.closer.terminate();
  }

  private touch(): void {
    this.lastActivity = this.clock.now();
  }

  private scheduleIdle(ms: number): void {
    // One timer that re-checks on expiry instead of a clearTimeout/setTimeout per line: a stream of
    // 10,000 deltas costs nothing here (bench/reader.bench.ts latency).
    this.idleTimer = this.clock.setTimeout(() => this.onIdleTimer(), ms);
  }

  private onIdleTimer(): void {
    this.idleTimer = undefined;
    if (this.done) return;
    const quiet = this.clock.now() - this.lastActivity;
    const bound = this.toolRunning ? this.toolTimeoutMs : this.idleTimeoutMs;
    if (this.idlePaused || quiet < bound) {
      // Re-check within the idle bound even under the tool bound: the tool may finish meanwhile.
      this.scheduleIdle(this.idlePaused ? this.idleTimeoutMs : Math.min(this.idleTimeoutMs, bound - quiet));
      return;
    }
    this.idleTimedOut = true;
    this.exceeded = { boundMs: bound, toolRunning: this.toolRunning };
    this.terminate();
  }

  private collectStderr(chunk: Buffer): void {
    this.stderrChunks.push(chunk);
    this.stderrBytes += chunk.length;
    // Trim only once we hold twice the cap, so 1 MiB of stderr costs a handful of concats.
    if (this.stderrBytes > STDERR_CAP_BYTES * 2) {
      const joined = Buffer.concat(this.stderrChunks);
      const tail = joined.subarray(joined.length - STDERR_CAP_BYTES);
      this.stderrChunks = [Buffer.from(tail)];
      this.stderrBytes = tail.length;
    }
  }

  private stderrTail(): string {
    const joined = Buffer.concat(this.stderrChunks);
    const tail = joined.length > STDERR_CAP_BYTES ? joined.subarray(joined.length - STDERR_CAP_BYTES) : joined;
    return tail.toString('utf8');
  }

  private async onExit(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    const child = this.child;
    // The leader is gone; anything left in its group is an orphan (a tool's child). End it.
    if (child?.pid !== undefined && this.options.killGroup !== null) {
      (this.options.killGroup ?? killProcessGroup)(child.pid, 'SIGKILL');
    }
    // Tools in process groups of their own (Claude Code's Bash), and under bwrap the CLI's whole tree:
    // everything that still carries this process's tag ends with it.
    if (this.tag) await this.options.sweeper?.sweep(this.tag).catch(() => 0);
    // Drain what is still buffered in the pipes, but do not wait forever for a descendant that
    // escaped the group and still holds stdout open; then let go of the pipes, so such a descendant
    // cannot keep this process (the command line) alive.
    await Promise.all([streamEnded(child?.stdout ?? null), streamEnded(child?.stderr ?? null)]);
    for (const stream of [child?.stdin, child?.stdout, child?.stderr]) stream?.destroy();
    this.finish({ code, signal });
  }

  private finish(partial: {
    code: number | null;
    signal: NodeJS.Signals | null;
    spawnError?: NodeJS.ErrnoException;
  }): void {
    if (this.done) return;
    this.done = true;
    if (this.idleTimer !== undefined) this.clock.clearTimeout(this.idleTimer);
    this.clearWedgeTimer();
    this.closer.cancel();
    this.reader.end();
    this.resolveExit({
      ...partial,
      idleTimedOut: this.idleTimedOut,
      ...this.exceeded,
      stopped: this.stopped,
      ...(this.wedged ? { wedged: true } : {}),
      stderrTail: this.stderrTail(),
    });
  }
}
