import type { ThreadSettings } from './threads';

/**
 * The folder a thread works in — its turns' cwd, its wall, its file picker, its approval scopes, its rewind
 * snapshots: the thread's own worktree once made (and not discarded), else its project folder, else the default
 * workspace. The one place this is decided; every feature asks here.
 */
export function workFolderOf(settings: ThreadSettings, workspaceDir: string): string {
  const wt = settings.worktree;
  // A worktree gone (discarded, archived) is no folder to work in; the turn asks first (app/worktree/worktree-gone).
  if (wt && wt.state !== 'discarded' && wt.state !== 'pending' && !wt.archived && !wt.goneChoice) return wt.path;
  return settings.projectDir || workspaceDir;
}

/** The thread waits for its worktree: asked for, not made yet (its first turn makes it). */
export function awaitsWorktree(settings: ThreadSettings): boolean {
  return settings.useWorktree === true && !settings.worktree;
}
