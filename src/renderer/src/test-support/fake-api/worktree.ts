/** The fake host's answers to the worktree calls (composed with the others in fake-api.ts). */
import type { WorktreeCallName } from '../../../../shared/contract/worktree-names';
import type { FakeAnswers, FakeContext } from './host';

export function worktreeAnswers(_context: FakeContext): FakeAnswers<WorktreeCallName> {
  return {
    getChanges: () => null,
    getChangeDiff: ({ path }: { path: string }) => ({ path, before: null, after: '', binary: false, tooBig: false }),
    draftCommitMessage: () => 'Changes from Claude',
    landThread: ({ action }: { action: string }) => ({ ok: true, action, message: 'Done.' }),
    getPullRequestReadiness: () => ({ ready: true, remote: 'origin' }),
    bringBase: () => ({ ok: true, done: true, message: 'Brought main in.' }),
    resolveBring: () => ({ files: [] }),
    finishBring: () => ({ ok: true, done: true, message: 'Brought main in.' }),
    abortBring: () => ({ ok: true, done: true, message: 'Aborted.' }),
    getWorktreeStatus: () => ({ gone: false }),
    continueWithoutWorktree: () => ({ gone: false }),
    listStaleWorktrees: () => [],
    tidyWorktrees: () => ({ removed: 0, message: 'Removed 0 of 0.' }),
    getLandProgress: () => null,
    stopLand: () => ({ stopped: false }),
  };
}
