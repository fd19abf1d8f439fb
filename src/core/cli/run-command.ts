import { execa } from 'execa';
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

/**
 * Real runner. On POSIX the child gets its own process group and a timeout kills the whole group:
 * a login shell's rc files or a wrapper script can leave grandchildren holding our stdout pipe, and
 * killing only the direct child would leave us waiting on that pipe long past the timeout.
 */
export const runWithExeca: RunCommand = async (file, args, { timeoutMs, env }) => {
  const posix = process.platform !== 'win32';
  const subprocess = execa(file, args, {
    reject: false,
    stdin: 'ignore',
    env,
    extendEnv: env === undefined,
    windowsHide: true,
    detached: posix,
    // Windows has no process groups; execa's own timeout kills the child there.
    timeout: posix ? undefined : timeoutMs,
    forceKillAfterDelay: 2000,
    maxBuffer: 1024 * 1024,
  });
  let timedOut = false;
  const timer = posix
    ? setTimeout(() => {
        timedOut = true;
        if (subprocess.pid !== undefined) killProcessGroup(subprocess.pid, 'SIGKILL');
      }, timeoutMs)
    : undefined;
  try {
    const result = await subprocess;
    return {
      exitCode: result.exitCode,
      stdout: typeof result.stdout === 'string' ? result.stdout : '',
      stderr: typeof result.stderr === 'string' ? result.stderr : '',
      timedOut: timedOut || result.timedOut,
      spawnError: result.exitCode === undefined && !result.signal ? errnoCode(result) : undefined,
      signal: result.signal,
    };
  } finally {
    if (timer) clearTimeout(timer);
  }
};

function errnoCode(result: { code?: unknown; cause?: unknown }): string | undefined {
  if (typeof result.code === 'string') return result.code;
  const cause = result.cause as NodeJS.ErrnoException | undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}
