import { type RunToEnd, runToEnd } from '../process-runner';

/**
 * The one way src/core/claude-code runs a short-lived helper process (`claude --version`, `claude auth status`,
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
 * A RunCommand over the process runner. On POSIX the child gets its own process group and a timeout kills the whole
 * group: a login shell's rc files or a wrapper script can leave grandchildren holding our stdout pipe, and killing
 * only the direct child would leave us waiting on that pipe long past the timeout.
 */
export function runCommandWith(run: RunToEnd): RunCommand {
  return async (file, args, { timeoutMs, env }) => {
    const r = await run(file, args, { timeoutMs, env, ownGroup: true, maxOutputBytes: MAX_OUTPUT });
    return {
      exitCode: r.exitCode,
      // As the probes' parsers expect (and execa gave them): without the final newline.
      stdout: stripFinalNewline(r.stdout.toString('utf8')),
      stderr: stripFinalNewline(r.stderr.toString('utf8')),
      timedOut: r.timedOut,
      ...(r.spawnError !== undefined ? { spawnError: r.spawnError } : {}),
      ...(r.signal !== undefined ? { signal: r.signal } : {}),
    };
  };
}

/** The real runner. */
export const runProcess: RunCommand = runCommandWith(runToEnd);

const stripFinalNewline = (text: string): string => text.replace(/\r?\n$/, '');
