/**
 * The Changes feature's calls for bringing the base into a thread (issue 44 point 2): merge or rebase it in, have
 * the conflicts resolved (by Claude, or in the user's editor), finish, or abort. Spread into the contract's calls.
 */
import * as z from 'zod';
import { call } from '../contract-call';
import { BRING_HOWS, type BringOutcome, type LandProgress } from '../worktree-changes';
import { AFTER_WORKTREE, type TidyItem, type WorktreeStatus } from '../worktree';

const threadId = z.string().min(1).max(200);

export const changesCalls = {
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
};
