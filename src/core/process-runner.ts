import { spawn, spawnSync } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { killProcessGroup } from './process-group';

/**
 * The one way Claude Desk starts a child process: the Claude Code CLI, its probes, git, bwrap, ps and the orphan
 * reaper all start here. Callers take a `StartProcess` (or a `RunToEnd` built on it) as a dependency, so a test
 * injects a fake with the same narrow shape.
 */

export type StdioMode = 'pipe' | 'ignore';

export interface StartOptions {
  cwd?: string;
  /** The child's COMPLETE environment (nothing else is inherited). Omit to inherit process.env. */
  env?: NodeJS.ProcessEnv;
  /** stdin, stdout, stderr; default all piped. */
  stdio?: readonly [StdioMode, StdioMode, StdioMode];
  /**
   * Lead a process group of its own (POSIX), so `kill(-pid)` reaches every grandchild — shells, MCP servers, a
   * login shell's rc jobs — and none is orphaned. Windows has no process groups.
   */
  ownGroup?: boolean;
}

/** The slice of a started child the callers use (after the Agent SDK's `SpawnedProcess`). */
export interface ChildHandle {
  readonly pid?: number | undefined;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  readonly exitCode: number | null;
  kill(signal?: NodeJS.Signals): boolean;
  on(event: 'exit' | 'close', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  /** Let this app exit while the child runs on. */
  unref(): void;
}

export type StartProcess = (file: string, args: readonly string[], options?: StartOptions) => ChildHandle;

/** The real StartProcess: node's spawn. It throws at once for an argument spawn refuses (a NUL byte). */
export const startProcess: StartProcess = (file, args, options = {}) =>
  spawn(file, [...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: [...(options.stdio ?? ['pipe', 'pipe', 'pipe'])],
    detached: options.ownGroup === true && process.platform !== 'win32',
    windowsHide: true,
  });

export interface RunToEndOptions extends Pick<StartOptions, 'cwd' | 'env' | 'ownGroup'> {
  /** Past this the child is ended and `timedOut` is set; none by default. */
  timeoutMs?: number;
  /** Written to stdin, which is then closed; without it stdin is not opened at all. */
  input?: Buffer | string;
  /** More output than any answer the caller expects: a child past it (on either stream) is ended. */
  maxOutputBytes?: number;
  /** What a timeout or an overflow sends: default SIGKILL to the whole group with ownGroup, else SIGTERM. */
  killSignal?: NodeJS.Signals;
  /** Stop/Ctrl-C: the child is ended at once (as by the timeout) and `aborted` is set. */
  signal?: AbortSignal;
  /**
   * With ownGroup: once the child has ended, what it left in its group goes too (a git hook's `sleep &`): nothing it
   * started outlives it.
   */
  endGroupAfter?: boolean;
}

export interface RunOutput {
  /** Undefined when the process could not be started or was ended by a signal. */
  exitCode: number | undefined;
  signal: NodeJS.Signals | undefined;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  /** Ended because the caller's AbortSignal fired. */
  aborted?: boolean;
  /** errno code when the process could not be started: ENOENT, EACCES, … */
  spawnError?: string;
}

/** Run a short-lived program to its end and collect its output. */
export type RunToEnd = (file: string, args: readonly string[], options: RunToEndOptions) => Promise<RunOutput>;

/**
 * The real RunToEnd. On POSIX, node's spawn (in a group of its own when asked: a wrapper script's grandchild
 * holding the output pipe would otherwise outlive the timeout). On Windows, execa — loaded only there — because
 * `npm` and `claude` are .cmd shims that spawn cannot start by itself.
 */
export const runToEnd: RunToEnd = (file, args, options) =>
  process.platform === 'win32' ? runWithExeca(file, args, options) : runWith(startProcess, file, args, options);

/** Groups of helpers still running: ended if this process exits first (their timeout timers go with it). */
const running = new Set<number>();
let endOnExit = false;
function track(pid: number | undefined): () => void {
  if (pid === undefined) return () => {};
  if (!endOnExit) {
    endOnExit = true;
    process.on('exit', () => {
      for (const group of running) killProcessGroup(group, 'SIGKILL');
    });
  }
  running.add(pid);
  return () => running.delete(pid);
}

const NO_OUTPUT = Buffer.alloc(0);

/** runToEnd over any StartProcess (a fake in tests). */
export function runWith(
  start: StartProcess,
  file: string,
  args: readonly string[],
  options: RunToEndOptions,
): Promise<RunOutput> {
  const { timeoutMs, input, maxOutputBytes, ownGroup = false } = options;
  return new Promise((resolve) => {
    let child: ChildHandle;
    try {
      child = start(file, args, {
        cwd: options.cwd,
        env: options.env,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        ownGroup,
      });
    } catch (err) {
      // A path or argument spawn refuses outright (a NUL byte): as unstartable as a missing file.
      const code = (err as NodeJS.ErrnoException).code;
      resolve({ ...notStarted, spawnError: code ?? 'EINVAL' });
      return;
    }
    const untrack = ownGroup ? track(child.pid) : () => {};
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      end();
    };
    const out = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const size = { stdout: 0, stderr: 0 };
    let timedOut = false;
    let ended = false;
    let overflowed = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      if (ownGroup && child.pid !== undefined) {
        killProcessGroup(child.pid, options.killSignal ?? 'SIGKILL');
        return;
      }
      // As execFile does: let go of the pipes too, or a grandchild still holding them (a shell's forked
      // command) would keep 'close' from ever coming.
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.kill(options.killSignal ?? 'SIGTERM');
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            end();
          }, timeoutMs);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      untrack();
    };
    for (const name of ['stdout', 'stderr'] as const) {
      child[name]?.on('data', (chunk: Buffer) => {
        if (overflowed) return; // past the bound: what still comes is not kept
        out[name].push(chunk);
        size[name] += chunk.length;
        if (maxOutputBytes !== undefined && size[name] > maxOutputBytes) {
          overflowed = true;
          end();
        }
      });
    }
    child.stdin?.on('error', () => undefined); // EPIPE: a child that exits without reading says why by its exit
    if (input !== undefined) child.stdin?.end(input);
    child.on('error', (err: NodeJS.ErrnoException) => {
      settle();
      resolve({ ...notStarted, timedOut, aborted, spawnError: err.code ?? 'EUNKNOWN' });
    });
    // 'close', not 'exit': the output is complete only once both pipes have ended.
    // A grandchild left in the group (a hook's `sleep &`) would hold the pipes, and 'close' with them, for its life.
    if (ownGroup && options.endGroupAfter)
      child.on('exit', () => child.pid !== undefined && killProcessGroup(child.pid, 'SIGKILL'));
    child.on('close', (code, signal) => {
      settle();
      resolve({
        aborted,
        exitCode: code ?? undefined,
        signal: signal ?? undefined,
        stdout: Buffer.concat(out.stdout),
        stderr: Buffer.concat(out.stderr),
        timedOut,
      });
    });
  });
}

const notStarted: RunOutput = {
  exitCode: undefined,
  signal: undefined,
  stdout: NO_OUTPUT,
  stderr: NO_OUTPUT,
  timedOut: false,
};

async function runWithExeca(file: string, args: readonly string[], options: RunToEndOptions): Promise<RunOutput> {
  const { execa } = await import('execa');
  const result = await execa(file, [...args], {
    reject: false,
    cwd: options.cwd,
    ...(options.input === undefined ? { stdin: 'ignore' as const } : { input: options.input }),
    env: options.env,
    extendEnv: options.env === undefined,
    windowsHide: true,
    timeout: options.timeoutMs,
    killSignal: options.killSignal,
    forceKillAfterDelay: 2000,
    maxBuffer: options.maxOutputBytes,
    encoding: 'buffer',
    stripFinalNewline: false,
  });
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    stdout: toBuffer(result.stdout),
    stderr: toBuffer(result.stderr),
    timedOut: result.timedOut,
    spawnError: result.exitCode === undefined && !result.signal ? errnoCode(result) : undefined,
  };
}

function toBuffer(output: unknown): Buffer {
  return output instanceof Uint8Array ? Buffer.from(output) : NO_OUTPUT;
}

function errnoCode(result: { code?: unknown; cause?: unknown }): string | undefined {
  if (typeof result.code === 'string') return result.code;
  const cause = result.cause as NodeJS.ErrnoException | undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * Run a program to its end, blocking: for a listing the caller needs at once (`ps` on macOS, which has no /proc).
 * Undefined when it could not start, failed or timed out.
 */
export function runToEndSync(
  file: string,
  args: readonly string[],
  options: { timeoutMs: number; maxOutputBytes: number },
): string | undefined {
  const r = spawnSync(file, [...args], {
    encoding: 'utf8',
    timeout: options.timeoutMs,
    maxBuffer: options.maxOutputBytes,
    windowsHide: true,
  });
  return r.error || r.status !== 0 ? undefined : r.stdout;
}
