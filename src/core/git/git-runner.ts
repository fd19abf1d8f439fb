import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { boundInWords } from '../../shared/bound-words';
import { runToEnd } from '../process-runner';
import { hookRunning, type GitHook } from './git-hook-trace';

/**
 * The one way Claude Desk runs git (worktrees, landing, the Changes panel, rewind's snapshots): every call runs
 * through the one process runner, never through a shell. Each call leads a process group of its own, so a bound or a
 * Stop ends git with its hooks and what they started, and it carries the app's process tag (when given), so the crash
 * watchdog ends them if the app dies mid-land.
 *
 * The environment policy, one for every caller: an inherited GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE,
 * GIT_OBJECT_DIRECTORY or GIT_COMMON_DIR is dropped. Claude Desk works on the folder the user chose for a thread,
 * never on whatever repository the environment that started it pointed at: an app started from a git hook, or from a
 * shell with GIT_DIR set, would otherwise read (or write) another repository's index and refs — a snapshot taken into
 * the wrong repository, a land that commits elsewhere. Where git must look somewhere else (the snapshot store, a
 * throwaway index), the caller sets the variable for that call, and that wins.
 */
export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GitCallOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Stop / Ctrl-C: git and its hooks are ended at once and the call throws GitNotRun('stopped'). */
  signal?: AbortSignal;
  /** Told once git starts: the Changes panel shows what it waits for while it runs. */
  onRunning?: (call: RunningGit) => void;
}

/**
 * Runs git. Throws GitNotRun when git did not run to its end (not found, the folder gone, past its bound, stopped):
 * no caller may read that as git's answer ("no such branch", "nothing to commit").
 */
export type Git = (args: readonly string[], opts: GitCallOptions) => Promise<GitOutput>;

const REDIRECTS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR'];

export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !REDIRECTS.includes(name)));
  // No prompt for a password or an editor: a land runs unattended and must fail with a sentence, not hang.
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true', GIT_MERGE_AUTOEDIT: 'no', LC_ALL: 'C', ...extra };
}

/** Only a push to a remote that never answers gets near this. */
export const GIT_NETWORK_TIMEOUT_MS = 5 * 60_000;
/**
 * Local git work — making a worktree, committing, merging, with the repository's hooks — in proportion: a minute,
 * which a hook that hangs (`sleep 600`) reaches and a real one in a big repository does not. CLAUDE_DESK_GIT_TIMEOUT_MS
 * sets it (1 s at least).
 */
export const GIT_TIMEOUT_MS = 60_000;
export const GIT_TIMEOUT_ENV = 'CLAUDE_DESK_GIT_TIMEOUT_MS';

export function gitBoundMs(args: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  if (args[0] === 'push' || args[0] === 'fetch') return GIT_NETWORK_TIMEOUT_MS;
  const set = Number(env[GIT_TIMEOUT_ENV]);
  return Number.isFinite(set) && set >= 1000 ? set : GIT_TIMEOUT_MS;
}

/** The git subcommands that may run a repository hook: their hook is traced (trace2), to be named if it hangs. */
const MAY_RUN_HOOKS = new Set(['commit', 'merge', 'worktree', 'push', 'checkout', 'switch', 'rebase', 'am', 'gc']);

export type GitNotRunKind = 'git-missing' | 'folder-gone' | 'bound' | 'stopped' | 'not-started';

/** git did not run to its end: why, in a sentence that names what failed (the program, the folder, the hook). */
export class GitNotRun extends Error {
  constructor(
    readonly kind: GitNotRunKind,
    message: string,
    readonly hook?: GitHook,
  ) {
    super(message);
  }
}

/** A git call running now: the command line shows the elapsed time and the hook it waits for. */
export interface RunningGit {
  args: readonly string[];
  cwd: string;
  startedAt: number;
  boundMs: number;
  /** The repository hook running now, if any. */
  hook(): GitHook | undefined;
  stop(): void;
}
const running = new Set<RunningGit>();
export const runningGit = (): readonly RunningGit[] => [...running];
/** Ctrl-C on the command line: every git call of this process ends now, with its hooks. */
export function stopRunningGit(): void {
  for (const call of running) call.stop();
}

export interface GitOptions {
  /** The app's process tag for this call (process-sweep.ts): the crash watchdog ends what carries it. */
  tag?: () => { name: string; value: string } | undefined;
  env?: NodeJS.ProcessEnv;
}

/** What git printed, as bytes (a file's content at a commit is not always text). */
interface GitBytesOutput {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** One git call: bytes out, or GitNotRun when git did not run to its end. */
function makeRunOnce(options: GitOptions) {
  return async (
    args: readonly string[],
    { cwd, env, input, signal, onRunning }: Omit<GitCallOptions, 'input'> & { input?: string | Buffer },
  ): Promise<GitBytesOutput> => {
    const boundMs = gitBoundMs(args, options.env);
    const trace = MAY_RUN_HOOKS.has(args[0] ?? '')
      ? path.join(os.tmpdir(), `claude-desk-git-${process.pid}-${randomBytes(6).toString('hex')}.trace`)
      : undefined;
    const tag = options.tag?.();
    const stopper = new AbortController();
    const call: RunningGit = {
      args,
      cwd,
      startedAt: Date.now(),
      boundMs,
      hook: () => (trace ? hookRunning(trace) : undefined),
      stop: () => stopper.abort(),
    };
    running.add(call);
    onRunning?.(call);
    try {
      const r = await runToEnd('git', args, {
        cwd,
        env: gitEnv({
          ...env,
          ...(trace ? { GIT_TRACE2_EVENT: trace } : {}),
          ...(tag ? { [tag.name]: tag.value } : {}),
        }),
        input,
        maxOutputBytes: 256 * 1024 * 1024,
        timeoutMs: boundMs,
        ownGroup: true,
        endGroupAfter: true,
        signal: signal ? AbortSignal.any([signal, stopper.signal]) : stopper.signal,
      });
      const stderr = r.stderr.toString('utf8');
      if (r.exitCode !== undefined && !r.timedOut && !r.aborted) return { code: r.exitCode, stdout: r.stdout, stderr };
      const hook = call.hook();
      throw notRun(args, cwd, r, boundMs, hook);
    } finally {
      running.delete(call);
      if (trace) fs.rm(trace, { force: true }, () => undefined);
    }
  };
}

/** A Git over the process runner, with the app's process tag. */
export function makeGit(options: GitOptions = {}): Git {
  const runOnce = makeRunOnce(options);
  return async (args, opts) => {
    const r = await runOnce(args, opts);
    return { code: r.code, stdout: r.stdout.toString('utf8'), stderr: r.stderr };
  };
}

/** The real Git, untagged (the app's features get a tagged one from their wiring). */
export const runGit: Git = makeGit();

/**
 * The same runner for callers that read bytes (a file's content at a snapshot) and take a git that did not run as a
 * failed call: its exit is 127, as a shell says it, and GitNotRun's sentence is its stderr.
 */
export type GitBytes = (
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: Buffer },
) => Promise<GitBytesOutput>;

export function makeGitBytes(options: GitOptions = {}): GitBytes {
  const runOnce = makeRunOnce(options);
  return async (args, opts) => {
    try {
      return await runOnce(args, opts);
    } catch (err) {
      if (!(err instanceof GitNotRun)) throw err;
      return { code: 127, stdout: Buffer.alloc(0), stderr: err.message };
    }
  };
}

/** The real GitBytes, untagged. */
export const runGitBytes: GitBytes = makeGitBytes();

function notRun(
  args: readonly string[],
  cwd: string,
  r: { spawnError?: string; timedOut: boolean; aborted?: boolean; signal?: string },
  boundMs: number,
  hook: GitHook | undefined,
): GitNotRun {
  const what = `git ${args[0] ?? ''}`.trim();
  const held = hook ? `the ${hook.event} hook (${hook.command})` : what;
  if (r.aborted) return new GitNotRun('stopped', `Stopped ${held} as asked.`, hook);
  if (r.timedOut)
    return new GitNotRun(
      'bound',
      `${capitalize(held)} did not finish within ${boundInWords(boundMs)} and was stopped${hook ? ' with git' : ''}`,
      hook,
    );
  if (r.spawnError === 'ENOENT' && !fs.existsSync(cwd))
    return new GitNotRun('folder-gone', `The folder ${cwd} does not exist any more`);
  if (r.spawnError === 'ENOENT')
    return new GitNotRun('git-missing', 'Git was not found on this computer (nothing named git on the PATH)');
  if (r.spawnError) return new GitNotRun('not-started', `Git could not be started (${r.spawnError})`);
  return new GitNotRun('not-started', `${capitalize(what)} was ended by ${r.signal ?? 'a signal'}`);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Run git and return its output, or throw with git's first line of complaint. */
export async function gitOk(git: Git, cwd: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const r = await git(args, { cwd, env });
  if (r.code !== 0) throw new GitFailed(args, r);
  return r.stdout;
}

export class GitFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly output: GitOutput,
  ) {
    super(`git ${args[0] ?? ''} failed: ${firstLine(output.stderr) || `exit ${output.code}`}`);
  }
}

export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  );
}

/** git's own words for a failure, in one line (its last line is usually the `fatal:` that says why). */
export function gitSaid(r: GitOutput): string {
  const lines = r.stderr.trim().split('\n').filter(Boolean);
  return (lines.at(-1) ?? `exit ${r.code}`).replace(/^(fatal|error): /, '');
}
