/** The worktree feature's call names, without a schema (call-names.ts composes them for the page's first chunk). */
export const worktreeCallNames = [
  'getChanges',
  'getChangeDiff',
  'draftCommitMessage',
  'landThread',
  'getPullRequestReadiness',
  'bringBase',
  'resolveBring',
  'finishBring',
  'abortBring',
  'getWorktreeStatus',
  'continueWithoutWorktree',
  'listStaleWorktrees',
  'tidyWorktrees',
  'getLandProgress',
  'stopLand',
] as const;

export type WorktreeCallName = (typeof worktreeCallNames)[number];
