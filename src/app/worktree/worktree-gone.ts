import fs from 'node:fs/promises';
import path from 'node:path';
import type { ThreadWorktree, WorktreeStatus } from '../../shared/worktree';

/**
 * A thread whose worktree is gone — discarded, archived after a land, or deleted by hand (its folder, or its branch
 * with it) — never falls back to the user's checkout silently (issue 44 point 3): until the user chooses (a new
 * worktree from the base, the main checkout, or read-only), its turns are refused with the sentence saying so.
 * One stat per turn: no git process.
 */

/** The sentence a refused turn ends with. */
export const notStarted = (status: { message: string }) => `Claude was not started. ${status.message}`;

export async function worktreeStatus(wt: ThreadWorktree | undefined): Promise<WorktreeStatus> {
  if (!wt || wt.state === 'pending' || wt.goneChoice === 'checkout') return { gone: false };
  const why =
    wt.goneChoice === 'read-only' || wt.state === 'discarded'
      ? 'discarded'
      : wt.archived
        ? 'archived'
        : (await fs.stat(path.join(wt.path, '.git')).then(
              () => true,
              () => false,
            ))
          ? undefined
          : 'missing';
  if (!why) return { gone: false };
  const what = {
    discarded: `This thread’s worktree was discarded`,
    archived: `This thread’s worktree folder was removed after the land (its branch ${wt.branch} is kept)`,
    missing: `This thread’s worktree (${wt.path}) is not there any more — deleted outside Claude Desk`,
  }[wt.goneChoice === 'read-only' ? 'discarded' : why];
  if (wt.goneChoice === 'read-only')
    return {
      gone: true,
      why,
      readOnly: true,
      base: wt.base,
      repo: wt.repo,
      message: `${what}, and it was made read-only: start a new thread to go on working.`,
    };
  return {
    gone: true,
    why,
    base: wt.base,
    repo: wt.repo,
    message: `${what}: choose where this thread goes on — ${why === 'archived' ? `its worktree again on ${wt.branch}, ` : ''}a new worktree from ${wt.base}, the main checkout (${wt.repo}), or read-only.`,
  };
}
