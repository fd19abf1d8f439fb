import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { killProcessGroup } from '../process-group';

/**
 * The one way src/core/cli runs a short-lived helper process (`claude --version`, `claude auth status`,
 * `$SHELL -ilc`, `npm config get prefix`). Injected everywhere so tests can swap in fakes.
 */
export interface RunOptions {
  timeoutMs: number;
  /** The child's COMPLETE environment (nothing else is inherited). Omit to inherit process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  /** Undefined when the process could not be started or was killed by a signal. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** errno code when the process could not be started: ENOENT, EACCES, … */
  spawnError?: string;
  signal?: string;
}

export type RunCommand = (file: string, args: readonly string[], options: RunOptions) => Promise<RunResult>;

/** More output than any helper's answer: a child past it is ended rather than buffered without bound. */
const MAX_OUTPUT = 1024 * 1024;

/**
 * Real runner. On POSIX the child gets its own process group and a timeout kills the whole group:
 * a login shell's rc files or a wrapper script can leave grandchildren holding our stdout pipe, and
 * killing only the direct child would leave us waiting on that pipe long past the timeout.
 * Node's own spawn does that; execa (loaded only there) is for Windows, where `npm` is a .cmd script that
 * spawn cannot start by itself. On POSIX it was most of the code `claude-desk status` loads.
 */
export const runProcess: RunCommand = async (file, args, options) =>
  process.platform === 'win32' ? runWithExeca(file, args, options) : runInOwnGroup(file, args, options);

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

const runInOwnGroup: RunCommand = (file, args, { timeoutMs, env }) =>
  new Promise((resolve) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env, detached: true });
    } catch (err) {
      // A path or argument spawn refuses outright (a NUL byte): as unstartable as a missing file.
      const code = (err as NodeJS.ErrnoException).code;
      resolve({ exitCode: undefined, stdout: '', stderr: '', timedOut: false, spawnError: code ?? 'EINVAL' });
      return;
    }
    const untrack = track(child.pid);
    const out = { stdout: '', stderr: '' };
    let timedOut = false;
    const killGroup = (): void => {
      if (child.pid !== undefined) killProcessGroup(child.pid, 'SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    for (const name of ['stdout', 'stderr'] as const) {
      child[name].setEncoding('utf8').on('data', (chunk: string) => {
        out[name] += chunk;
        if (out[name].length > MAX_OUTPUT) killGroup();
      });
    }
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      untrack();
      resolve({ exitCode: undefined, stdout: '', stderr: '', timedOut, spawnError: err.code ?? 'EUNKNOWN' });
    });
    // 'close', not 'exit': the output is complete only once both pipes have ended.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      untrack();
      resolve({
        exitCode: code ?? undefined,
        // As execa gave them: without the final newline.
        stdout: stripFinalNewline(out.stdout),
        stderr: stripFinalNewline(out.stderr),
        timedOut,
        signal: signal ?? undefined,
      });
    });
  });

const stripFinalNewline = (text: string): string => text.replace(/\r?\n$/, '');

const runWithExeca: RunCommand = async (file, args, { timeoutMs, env }) => {
  const { execa } = await import('execa');
  const result = await execa(file, args, {
    reject: false,
    stdin: 'ignore',
    env,
    extendEnv: env === undefined,
    windowsHide: true,
    timeout: timeoutMs,
    forceKillAfterDelay: 2000,
    maxBuffer: MAX_OUTPUT,
  });
  return {
    exitCode: result.exitCode,
    stdout: typeof result.stdout === 'string' ? result.stdout : '',
    stderr: typeof result.stderr === 'string' ? result.stderr : '',
    timedOut: result.timedOut,
    spawnError: result.exitCode === undefined && !result.signal ? errnoCode(result) : undefined,
    signal: result.signal,
  };
};

function errnoCode(result: { code?: unknown; cause?: unknown }): string | undefined {
  if (typeof result.code === 'string') return result.code;
  const cause = result.cause as NodeJS.ErrnoException | undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}
