import fs from 'node:fs/promises';
import path from 'node:path';
import type { LandOutcome } from '../../shared/worktree-changes';
import { isInside } from '../path-inside';
import { type Git, gitOk, gitSaid, runGit } from '../git/git-runner';
import { type Worktree, explainGit, refuse, uncommittedFiles } from './land';
import { DESK_LOCK_PREFIX, deskLockReason } from './create-worktree';

/**
 * Discard a worktree thread's work: remove its worktree folder and its branch. Refused while that would delete
 * uncommitted files or commits not on the base, unless the caller confirms (`force`). Claude Desk locks the worktrees
 * it makes, and the CLI locks its own and leaves the lock after it exits (recorded case 51): those locks are lifted
 * first. A lock anyone else put there is theirs: the discard stops and says how to lift it.
 */
export async function discardWorktree(
  wt: Worktree,
  opts: { force?: boolean } = {},
  git: Git = runGit,
): Promise<LandOutcome> {
  try {
    const exists = await fs.stat(wt.path).then(
      (s) => s.isDirectory(),
      () => false,
    );
    const cwd = exists ? wt.path : wt.repo;
    const branchSha = (await git(['rev-parse', '--verify', '-q', `refs/heads/${wt.branch}`], { cwd })).stdout.trim();
    // Removed outside Claude Desk, folder, registration and branch alike: nothing to remove, and no claim of it.
    if (!exists && branchSha === '' && !(await registered(git, wt)))
      return {
        ok: true,
        action: 'discard',
        message: `The worktree and the branch ${wt.branch} were already gone (removed outside Claude Desk): the thread forgets them.`,
      };
    if (!opts.force) {
      const lost: string[] = exists ? await uncommittedFiles(git, wt) : [];
      const unmerged =
        branchSha === ''
          ? 0
          : Number(
              (await git(['rev-list', '--count', `refs/heads/${wt.base}..${branchSha}`], { cwd })).stdout.trim() || '0',
            );
      if (lost.length > 0 || unmerged > 0) {
        const parts = [
          lost.length > 0 ? `${lost.length} uncommitted file${lost.length === 1 ? '' : 's'} (${list(lost)})` : '',
          unmerged > 0 ? `${unmerged} commit${unmerged === 1 ? '' : 's'} not merged into ${wt.base}` : '',
        ].filter(Boolean);
        return {
          ok: false,
          action: 'discard',
          reason: 'needs-confirmation',
          message: `Discarding would delete ${parts.join(' and ')}: confirm to discard anyway.`,
          files: lost,
        };
      }
    }
    const lock = await lockReason(git, wt);
    if (lock !== undefined && !OURS_OR_CLIS.test(lock))
      return refuse(
        'discard',
        'failed',
        `Another tool locked this worktree (“${lock}”): if nothing uses it any more, run git worktree unlock "${wt.path}" and discard again.`,
      );
    if (lock !== undefined) await git(['worktree', 'unlock', wt.path], { cwd: wt.repo });
    const removed = await git(['worktree', 'remove', '--force', '--force', wt.path], { cwd: wt.repo });
    // A folder git no longer knows as a worktree (pruned, half made): removed only inside the CLI's worktrees folder.
    if (removed.code !== 0 && isInside(path.join(wt.repo, '.claude', 'worktrees'), path.resolve(wt.path)))
      await fs.rm(wt.path, { recursive: true, force: true });
    await git(['worktree', 'prune'], { cwd: wt.repo });
    if (branchSha !== '') await gitOk(git, wt.repo, ['branch', '-D', '-q', wt.branch]);
    // Said only once git agrees: a removal that failed quietly must not read as done.
    if (await registered(git, wt))
      return refuse(
        'discard',
        'failed',
        `Git still lists the worktree ${wt.path} after its removal: run git worktree remove --force "${wt.path}" in ${wt.repo}, then discard again.`,
      );
    return { ok: true, action: 'discard', message: `Removed the worktree and the branch ${wt.branch}.` };
  } catch (err) {
    return refuse('discard', 'failed', explainGit(err, 'discard the worktree', wt));
  }
}

/** Whether git still lists a worktree at the thread's folder. */
async function registered(git: Git, wt: Worktree): Promise<boolean> {
  const out = await gitOk(git, wt.repo, ['worktree', 'list', '--porcelain', '-z']);
  return out.split('\0').some((f) => f.startsWith('worktree ') && path.resolve(f.slice(9)) === path.resolve(wt.path));
}

/**
 * Archive a landed worktree: remove its folder, keep its branch (issue 44 point 3). Only a clean worktree is removed
 * (git's own `worktree remove`, no force): anything not committed keeps the folder, and the answer says why.
 */
export async function archiveWorktree(
  wt: Worktree,
  git: Git = runGit,
): Promise<{ ok: true } | { ok: false; why: string }> {
  const lock = await lockReason(git, wt);
  if (lock !== undefined && !OURS_OR_CLIS.test(lock)) return { ok: false, why: `another tool locked it (“${lock}”)` };
  if (lock !== undefined) await git(['worktree', 'unlock', wt.path], { cwd: wt.repo });
  const removed = await git(['worktree', 'remove', wt.path], { cwd: wt.repo });
  if (removed.code === 0) return { ok: true };
  // Put Claude Desk's lock back: the folder stays the thread's.
  if (lock !== undefined) await git(['worktree', 'lock', '--reason', lock, wt.path], { cwd: wt.repo });
  return { ok: false, why: gitSaid(removed) };
}

/**
 * Bring an archived worktree back: its folder made again on its kept branch, locked in Claude Desk's name. Throws a
 * sentence when the branch is gone or something else sits where the folder goes.
 */
export async function restoreWorktree(wt: Worktree, thread: string, git: Git = runGit): Promise<void> {
  if ((await git(['rev-parse', '--verify', '-q', `refs/heads/${wt.branch}`], { cwd: wt.repo })).code !== 0)
    throw new Error(`The branch ${wt.branch} does not exist any more, so the worktree cannot be brought back.`);
  const taken = await fs.stat(wt.path).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Something is already at ${wt.path}: move it away, then restore again.`);
  await git(['worktree', 'prune'], { cwd: wt.repo });
  const r = await git(['worktree', 'add', '-q', '--lock', '--reason', deskLockReason(thread), wt.path, wt.branch], {
    cwd: wt.repo,
  });
  if (r.code !== 0) throw new Error(`Git could not bring the worktree back (${gitSaid(r)}).`);
}

/** Claude Desk's own lock, or the CLI's (`claude session <name> (pid …)`, recorded case 51). */
const OURS_OR_CLIS = new RegExp(`^(${DESK_LOCK_PREFIX}|claude session )`);

/** The worktree's lock reason ('' when locked without one), or undefined when it is not locked. */
async function lockReason(git: Git, wt: Worktree): Promise<string | undefined> {
  const out = await git(['worktree', 'list', '--porcelain', '-z'], { cwd: wt.repo });
  let current = '';
  for (const field of out.stdout.split('\0')) {
    if (field.startsWith('worktree ')) current = field.slice('worktree '.length);
    else if (path.resolve(current) === path.resolve(wt.path)) {
      if (field === 'locked') return '';
      if (field.startsWith('locked ')) return field.slice('locked '.length);
    }
  }
  return undefined;
}

const list = (files: string[]) => files.slice(0, 3).join(', ') + (files.length > 3 ? ', …' : '');
