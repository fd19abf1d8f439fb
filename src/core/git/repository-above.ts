import fsSync from 'node:fs';
import path from 'node:path';

/**
 * The one "find the repository above this folder": the nearest `.git` (a folder, or the file of a linked worktree or
 * a submodule) at or above `dir`, if any. No git process — creating a thread (which asks to apply the "own worktree"
 * default), describing a folder and every turn's snapshot ask it — and synchronous: it is one stat per folder up to
 * the root, and each missing one as a promise was an error object and a thread-pool round trip (~0.5 ms of the app's
 * main thread a turn, measured, outside any repository). A folder that only looks like one (a broken `.git`) is found
 * out by git itself, with a sentence. An inherited GIT_DIR does not count: git runs without it (git-runner.ts).
 */
export function dotGitAbove(dir: string): { dotGit: string; top: string } | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const candidate = path.join(d, '.git');
    try {
      if (fsSync.statSync(candidate, { throwIfNoEntry: false })) return { dotGit: candidate, top: d };
    } catch {
      // not ours to look into: as if it were not there
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/** Whether `dir` lies in a git work tree, judged by a `.git` at or above it. */
export function inGitRepo(dir: string): boolean {
  return dotGitAbove(dir) !== undefined;
}

/**
 * The git folder a `.git` names: itself when it is a folder; the `gitdir:` a linked worktree's or submodule's `.git`
 * file points at, resolved from the folder holding it.
 */
export async function gitDirOf(found: { dotGit: string; top: string }): Promise<string | undefined> {
  const stat = await fsSync.promises.stat(found.dotGit).catch(() => null);
  if (!stat) return undefined;
  if (!stat.isFile()) return found.dotGit;
  const text = await fsSync.promises.readFile(found.dotGit, 'utf8').catch(() => '');
  const named = /^gitdir:\s*(.+)\s*$/m.exec(text)?.[1]?.trim();
  return named ? path.resolve(found.top, named) : undefined;
}
