/**
 * The worktree feature's calls: a thread's Changes against its base and their land; bringing the base in (issue 44
 * point 2): merge or rebase it in, have the conflicts resolved (by Claude, or in the user's editor), finish, or abort;
 * a gone worktree, Tidy up, a land in progress.
 */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { WorktreeCallName } from './worktree-names';
import {
  BRING_HOWS,
  LAND_ACTIONS,
  type BringOutcome,
  type ChangeDiff,
  type ChangesChangedEvent,
  type LandOutcome,
  type LandProgress,
  type PullRequestReadiness,
  type ThreadChanges,
} from '../worktree-changes';
import { AFTER_WORKTREE, type TidyItem, type WorktreeStatus } from '../worktree';

const threadId = z.string().min(1).max(200);

export const worktreeCalls = {
  /** A worktree thread's changes against its base (the Changes panel); null without a worktree. */
  getChanges: call<ThreadChanges>()(z.object({ threadId }).strict()),
  /** One changed file before and after, for the diff view. */
  getChangeDiff: call<ChangeDiff>()(
    z.object({ threadId, path: z.string().min(1).max(4096), oldPath: z.string().max(4096).optional() }).strict(),
  ),
  /** The commit message drafted from the thread (the user edits it before a land). */
  draftCommitMessage: call<string>()(z.object({ threadId }).strict()),
  /** Commit, merge into the base, keep as branch, open a pull request or discard; a refusal is an outcome. */
  landThread: call<LandOutcome>()(
    z
      .object({
        threadId,
        action: z.enum(LAND_ACTIONS),
        message: z.string().max(100_000).optional(),
        force: z.boolean().optional(),
        despiteSessions: z.boolean().optional(),
        keepWorktree: z.boolean().optional(),
      })
      .strict(),
  ),
  /** Whether Create pull request can work for this thread's repository (gh installed and logged in, a remote). */
  getPullRequestReadiness: call<PullRequestReadiness>()(z.object({ threadId }).strict()),
  /** Merge the thread's base into its branch, or rebase onto it (remembered per project); stops on conflicts. */
  bringBase: call<BringOutcome>()(
    z.object({ threadId, how: z.enum(BRING_HOWS), message: z.string().max(100_000).optional() }).strict(),
  ),
  /**
   * Who resolves the conflicts a bring stopped on: `claude` answers the message to send in the thread (its files,
   * edit only them, no git) and finishes by itself when that turn ends; `myself` waits for finishBring.
   */
  resolveBring: call<{ prompt?: string; files: string[] }>()(
    z.object({ threadId, by: z.enum(['claude', 'myself']) }).strict(),
  ),
  /** Complete the merge commit or continue the rebase, once no conflicted file holds a marker. */
  finishBring: call<BringOutcome>()(z.object({ threadId }).strict()),
  /** Put the worktree back as it was before the bring. */
  abortBring: call<BringOutcome>()(z.object({ threadId }).strict()),
  /** Whether a worktree thread's folder is still there (discarded, archived, deleted by hand: gone). */
  getWorktreeStatus: call<WorktreeStatus>()(z.object({ threadId }).strict()),
  /** Where a thread whose worktree is gone goes on: a new worktree from its base, the main checkout, or read-only. */
  continueWithoutWorktree: call<WorktreeStatus>()(z.object({ threadId, choice: z.enum(AFTER_WORKTREE) }).strict()),
  /** "Tidy up": the repository's worktrees and branches Claude Desk made that no thread works in, with what each holds. */
  listStaleWorktrees: call<TidyItem[]>()(z.object({ repo: z.string().min(1).max(4096) }).strict()),
  /** Remove the chosen ones (listed afresh first: only what is still stale goes). */
  tidyWorktrees: call<{ removed: number; message: string }>()(
    z
      .object({
        repo: z.string().min(1).max(4096),
        items: z
          .array(z.object({ path: z.string().max(4096).optional(), branch: z.string().max(1000).optional() }).strict())
          .max(1000),
      })
      .strict(),
  ),
  /** What the thread's land (or bring) waits for now, and for how long; null when none runs. */
  getLandProgress: call<LandProgress | null>()(z.object({ threadId }).strict()),
  /** End the thread's land (or bring) now: git and its hooks, the worktree left as git left it. */
  stopLand: call<{ stopped: boolean }>()(z.object({ threadId }).strict()),
} satisfies CallsOf<WorktreeCallName>;

export interface WorktreeEvents {
  /** A worktree thread's files may have changed (a tool result, a turn's end, a land): read its changes again. */
  changesChanged: ChangesChangedEvent;
}
