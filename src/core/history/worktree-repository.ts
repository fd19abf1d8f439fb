/**
 * The repository a worktree's sessions count under: Claude Desk and `claude -w` put worktrees at
 * `<repo>/.claude/worktrees/<name>` (recorded case 51a; create-worktree.ts), and a session in one (or in a folder
 * inside one) belongs to `<repo>`. Any other folder is its own.
 */
const WORKTREE = /^(.*?)[\\/]\.claude[\\/]worktrees[\\/][^\\/]+(?:[\\/].*)?$/;

export function repositoryOf(folder: string): string {
  const m = WORKTREE.exec(folder);
  return m?.[1] ? m[1] : folder;
}
