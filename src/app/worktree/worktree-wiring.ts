import type { DeskHandlers } from '../../shared/contract';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { ThreadLocks } from '../../core/store/thread-locks';
import { ThreadWorktrees } from './thread-worktrees';
import { createThreadWorktree } from '../../core/worktree/create-worktree';
import type { Git } from '../../core/git/git-runner';

export type WorktreeWiring = ReturnType<typeof wireWorktree>;

/**
 * A thread's own git worktree: made before its first turn (the turns ask `ready`), in Claude Code's layout. The
 * land, board and Changes features read `settings.worktree`; this feature only makes it.
 */
export function wireWorktree(
  f: Pick<DeskFoundation, 'layout' | 'bus' | 'log'>,
  threads: { threads: ThreadsStore; locks: ThreadLocks },
  git?: Git,
) {
  const worktrees = new ThreadWorktrees({
    ...(git ? { create: (input) => createThreadWorktree({ ...input, git }) } : {}),
    threads: threads.threads,
    locks: threads.locks,
    workspaceDir: f.layout.workspaceDir,
    notice: (message) => f.bus.emit('notice', { level: 'warning', message }),
    log: (m) => f.log.warn(m),
  });
  const handlers: Pick<
    DeskHandlers,
    'getWorktreeStatus' | 'continueWithoutWorktree' | 'listStaleWorktrees' | 'tidyWorktrees'
  > = {
    listStaleWorktrees: async ({ repo }) => worktrees.staleIn(repo),
    tidyWorktrees: async ({ repo, items }) => worktrees.tidy(repo, items),
    getWorktreeStatus: async ({ threadId }) => worktrees.status(threadId),
    continueWithoutWorktree: async ({ threadId, choice }) => worktrees.continueAfter(threadId, choice),
  };
  return { worktrees, handlers };
}
