import fsSync from 'node:fs';
import path from 'node:path';

/**
 * Whether `dir` lies in a git work tree, judged by a `.git` (folder or file) at or above it: no git process, so
 * creating a thread (which asks to apply the "own worktree" default) costs a few stats, never a spawn. A folder
 * that only looks like one (a broken `.git`) is found out when the worktree is made, with a sentence.
 */
export function inGitRepo(dir: string): boolean {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      if (fsSync.statSync(path.join(d, '.git'), { throwIfNoEntry: false })) return true;
    } catch {
      // not ours to look into: as if it were not there
    }
    if (path.dirname(d) === d) return false;
  }
}
