import fs from 'node:fs/promises';
import path from 'node:path';
import type { Git } from '../git/git-runner';

export const WORKTREE_INCLUDE = '.worktreeinclude';

/**
 * Copies into a new worktree the files git ignores that `.worktreeinclude` (at the repository's top, gitignore
 * syntax) names — `.env` and the like, which a fresh checkout lacks — as `claude -w` does (recorded case 51a).
 * Only files both listed there and ignored by git: a tracked or merely untracked file is the checkout's business.
 * Like the CLI, a symbolic link is skipped (it could point anywhere), and nothing is written outside the worktree.
 * Returns the copied paths, relative and `/`-separated. No `.worktreeinclude`: no git process at all.
 */
export async function copyWorktreeIncludes(repo: string, worktree: string, git: Git): Promise<string[]> {
  const list = path.join(repo, WORKTREE_INCLUDE);
  const exists = await fs.stat(list).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!exists) return [];
  // Untracked files matching the include patterns (as if they were ignore rules)…
  const named = await git(['ls-files', '-z', '--others', '--ignored', `--exclude-from=${list}`], { cwd: repo });
  if (named.code !== 0) return [];
  const candidates = named.stdout.split('\0').filter(Boolean);
  if (candidates.length === 0) return [];
  // …that git's own rules ignore.
  const ignored = await git(['check-ignore', '-z', '--stdin'], { cwd: repo, input: `${candidates.join('\0')}\0` });
  // check-ignore exits 1 when none is ignored.
  if (ignored.code !== 0 && ignored.code !== 1) return [];
  const files = ignored.stdout.split('\0').filter(Boolean);
  const copied: string[] = [];
  for (const file of files) {
    const from = path.join(repo, file);
    const to = path.resolve(worktree, file);
    if (!to.startsWith(`${worktree}${path.sep}`)) continue;
    try {
      const stat = await fs.lstat(from);
      if (!stat.isFile()) continue; // a symbolic link, a socket: skipped
      await fs.mkdir(path.dirname(to), { recursive: true });
      // The folder on the way may be a link the checkout made: the file must still land inside the worktree.
      const parent = await fs.realpath(path.dirname(to));
      const top = await fs.realpath(worktree);
      if (parent !== top && !parent.startsWith(`${top}${path.sep}`)) continue;
      await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
      await fs.chmod(to, stat.mode & 0o777);
      copied.push(file.split(path.sep).join('/'));
    } catch {
      // One file that cannot be copied (it exists, it vanished) does not stop the thread: the CLI only logs it.
    }
  }
  return copied;
}
