import fs from 'node:fs/promises';
import path from 'node:path';

/** The repository a session's folder belongs to, when that folder is one of its linked worktrees. */
export interface WorktreeOf {
  /** The repository's own checkout (its top folder). */
  repo: string;
  /** The worktree's branch (absent: a detached HEAD, or unreadable). */
  branch?: string;
}

/** Claude Code's own worktrees (`claude --worktree`, and Claude Desk's): `<repo>/.claude/worktrees/<name>`. */
const CLAUDE_WORKTREE = /^(.+?)[\\/]\.claude[\\/]worktrees[\\/]([^\\/]+)(?:[\\/]|$)/;
/** How far up a session's folder a worktree's top is looked for (a session may run in a subfolder). */
const MAX_UP = 32;

/**
 * Which repository's linked worktree a folder is in, read from the files git keeps (no git process: the History
 * asks this for every folder it lists): the worktree's `.git` file names `<repo>/.git/worktrees/<name>`, whose
 * HEAD names the branch. A folder that is gone, under `<repo>/.claude/worktrees/<name>`, is still that
 * repository's (its branch `worktree-<name>`, as Claude Code names it). Undefined for anything else — a main
 * checkout, a folder outside git, a bare repository's worktree.
 */
export async function worktreeOfFolder(dir: string): Promise<WorktreeOf | undefined> {
  let d = path.resolve(dir);
  if (!(await fs.stat(d).catch(() => undefined))) {
    const m = CLAUDE_WORKTREE.exec(d);
    return m ? { repo: m[1]!, branch: `worktree-${m[2]!}` } : undefined;
  }
  for (let i = 0; i < MAX_UP; i++) {
    const dotGit = path.join(d, '.git');
    const stat = await fs.stat(dotGit).catch(() => undefined);
    if (stat?.isDirectory()) return undefined; // a repository's own checkout
    if (stat?.isFile()) return linked(d, dotGit);
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return undefined;
}

async function linked(top: string, dotGit: string): Promise<WorktreeOf | undefined> {
  const text = await fs.readFile(dotGit, 'utf8').catch(() => '');
  const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(text)?.[1];
  if (!gitdir) return undefined;
  const admin = path.resolve(top, gitdir);
  // `<common>/worktrees/<name>`: a submodule's `.git` file names `<super>/.git/modules/<name>` instead.
  if (path.basename(path.dirname(admin)) !== 'worktrees') return undefined;
  const common = path.dirname(path.dirname(admin));
  if (path.basename(common) !== '.git') return undefined; // a bare repository's: no checkout to group under
  const head = await fs.readFile(path.join(admin, 'HEAD'), 'utf8').catch(() => '');
  const branch = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head)?.[1];
  return { repo: path.dirname(common), ...(branch ? { branch } : {}) };
}
