import { runToEnd } from '../process-runner';

/**
 * git for the worktree room: every call runs through the one process runner, never through a shell, with an
 * environment that cannot point it somewhere else (an inherited GIT_DIR or GIT_INDEX_FILE from a hook that started
 * the app would otherwise make it read, or write, another repository's index).
 */
export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}
export type Git = (
  args: readonly string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
) => Promise<GitOutput>;

const REDIRECTS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR'];

export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !REDIRECTS.includes(name)));
  // No prompt for a password or an editor: a land runs unattended and must fail with a sentence, not hang.
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true', GIT_MERGE_AUTOEDIT: 'no', LC_ALL: 'C', ...extra };
}

/** Far past any local git call in a big repository; only a stuck network push gets near it. */
export const GIT_TIMEOUT_MS = 5 * 60_000;

/** The real Git, over the process runner. */
export const runWorktreeGit: Git = async (args, { cwd, env, input }) => {
  const r = await runToEnd('git', args, {
    cwd,
    env: gitEnv(env),
    input,
    maxOutputBytes: 128 * 1024 * 1024,
    // A push to a remote that never answers must end with a sentence, not a spinner for ever.
    timeoutMs: GIT_TIMEOUT_MS,
  });
  // 127 as a shell says it: git could not be started, or was ended (a signal, output past the bound).
  const stderr = r.timedOut ? 'git took more than 5 minutes and was stopped' : r.stderr.toString('utf8');
  return { code: r.exitCode ?? 127, stdout: r.stdout.toString('utf8'), stderr };
};

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
