import type { RunCommand } from './run-command.js';

/** Apps launched from the Dock/Finder/a desktop menu get a minimal PATH; a terminal's login shell knows better. */
export const LOGIN_SHELL_TIMEOUT_MS = 5_000;

// Split so that a shell echoing its command (set -x in an rc file) never prints a whole marker.
const START = '__CLAUDE_DESK_PATH' + '_START__';
const END = '__CLAUDE_DESK_PATH' + '_END__';
// printf with %s pieces works in sh, bash, zsh and fish (fish joins a quoted $PATH with ':').
const SCRIPT = `printf '%s%s%s%s%s' '__CLAUDE_DESK_PATH' '_START__' "$PATH" '__CLAUDE_DESK_PATH' '_END__'`;

export type LoginShellResult =
  { ok: true; path: string; shell: string } | { ok: false; skipped: boolean; shell: string | null; reason: string };

export interface LoginShellDeps {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  run: RunCommand;
  timeoutMs?: number;
}

/** Ask `$SHELL -ilc` for its PATH, once. Skipped on Windows (no login shell there). */
export async function readLoginShellPath({ env, platform, run, timeoutMs }: LoginShellDeps): Promise<LoginShellResult> {
  if (platform === 'win32')
    return {
      ok: false,
      skipped: true,
      shell: null,
      reason: 'not used on Windows',
    };
  const shell = env.SHELL;
  if (!shell)
    return {
      ok: false,
      skipped: true,
      shell: null,
      reason: 'SHELL is not set',
    };
  const limit = timeoutMs ?? LOGIN_SHELL_TIMEOUT_MS;
  const result = await run(shell, ['-ilc', SCRIPT], { timeoutMs: limit, env });
  if (result.timedOut)
    return {
      ok: false,
      skipped: false,
      shell,
      reason: `timed out after ${limit / 1000} s`,
    };
  if (result.spawnError)
    return {
      ok: false,
      skipped: false,
      shell,
      reason: `could not start (${result.spawnError})`,
    };
  const found = extractMarkedPath(result.stdout);
  if (found === null) {
    return {
      ok: false,
      skipped: false,
      shell,
      reason: `no PATH in its output (exit ${result.exitCode ?? result.signal})`,
    };
  }
  // rc files that end in a failing command make the shell exit non-zero even though PATH printed fine.
  return { ok: true, path: found, shell };
}

/** The text between the LAST start marker and the end marker after it; rc-file noise around it is ignored. */
export function extractMarkedPath(stdout: string): string | null {
  const start = stdout.lastIndexOf(START);
  if (start < 0) return null;
  const from = start + START.length;
  const end = stdout.indexOf(END, from);
  if (end < 0) return null;
  return stdout.slice(from, end).trim();
}

/** Runs the login shell at most once until `reset()` (the Recheck button); concurrent callers share it. */
export class LoginShellPathCache {
  private pending: Promise<LoginShellResult> | null = null;
  constructor(private readonly deps: LoginShellDeps) {}

  get(): Promise<LoginShellResult> {
    this.pending ??= readLoginShellPath(this.deps);
    return this.pending;
  }

  reset(): void {
    this.pending = null;
  }
}
