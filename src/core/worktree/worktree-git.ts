import { runToEnd } from '../process-runner';

const REPO_POINTERS = new Set(['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR']);

/** What one git command said. `code` 127: git could not be started (missing) or was ended. */
export interface WorktreeGitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `cwd` (a fake fits the same slot in tests). */
export type WorktreeGit = (args: string[], opts: { cwd: string; input?: string }) => Promise<WorktreeGitResult>;

/**
 * The real runner, over the one process runner. No terminal prompt (a credential helper must never wait for a
 * keyboard nobody watches), and GIT_DIR/GIT_WORK_TREE/GIT_INDEX_FILE from the app's own environment are dropped:
 * they would point every command at another repository or index than the folder's own.
 */
export const runWorktreeGit: WorktreeGit = async (args, { cwd, input }) => {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !REPO_POINTERS.has(key)),
  );
  env.GIT_TERMINAL_PROMPT = '0';
  const r = await runToEnd('git', args, { cwd, env, input, maxOutputBytes: 64 * 1024 * 1024 });
  return {
    code: r.spawnError ? 127 : (r.exitCode ?? 127),
    stdout: r.stdout.toString('utf8'),
    stderr: r.stderr.toString('utf8'),
  };
};

/** git's own words for a failure, in one line (its last line is usually the `fatal:` that says why). */
export function gitSaid(r: WorktreeGitResult): string {
  const lines = r.stderr.trim().split('\n').filter(Boolean);
  return (lines.at(-1) ?? `exit ${r.code}`).replace(/^(fatal|error): /, '');
}
