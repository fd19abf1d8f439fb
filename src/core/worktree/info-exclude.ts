import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The line that keeps the threads' worktrees out of the user's `git status` (the CLI adds none, case 51a). */
export const WORKTREES_EXCLUDE_LINE = '/.claude/worktrees/';

/**
 * Adds `/.claude/worktrees/` to the repository's own `info/exclude` (in the common git dir, which every worktree
 * shares) once: never to a tracked file such as `.gitignore`, so the user's checkout shows no change. A second
 * call finds the line and writes nothing. The file is replaced whole (a temp file beside it, then a rename), so a
 * crash never leaves it half-written, and it keeps its permissions.
 */
export async function excludeWorktreesFolder(commonGitDir: string): Promise<boolean> {
  const file = path.join(commonGitDir, 'info', 'exclude');
  const before = await fs.readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  const has = before.split(/\r?\n/).some((line) => {
    const l = line.trim();
    return l === WORKTREES_EXCLUDE_LINE || l === '.claude/worktrees/' || l === '/.claude/worktrees';
  });
  if (has) return false;
  const mode = await fs.stat(file).then(
    (s) => s.mode & 0o777,
    () => 0o644,
  );
  const text = `${before}${before && !before.endsWith('\n') ? '\n' : ''}# Claude Code's worktrees (one per thread)\n${WORKTREES_EXCLUDE_LINE}\n`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, text, { mode });
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  return true;
}
