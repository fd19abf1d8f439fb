import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LandOutcome } from '../../shared/worktree-changes';
import type { ThreadWorktree } from '../../shared/worktree';
import { withEverythingStaged } from './changes';
import { copyGitIndex } from '../git/git-index-copy';
import { type Git, GIT_TIMEOUT_ENV, GitFailed, GitNotRun, firstLine, gitOk, runGit } from '../git/git-runner';
import { describeUnfinished, findUnfinishedWork, unfinishedFiles } from './unfinished-work';
import type { UnfinishedWork } from '../../shared/worktree';

/**
 * Landing a worktree thread's work: commit it, merge it into its base, keep it as a branch. Every git call runs in
 * the thread's worktree, except moving a checkout of the base to the merged commit (`merge --ff-only` there, only
 * when that checkout has no tracked change). The merge itself is computed with `git merge-tree --write-tree`
 * (git ≥ 2.38), which touches no checkout and no index: a conflict leaves everything as it was.
 * The user's own identity makes every commit (git's config; never overridden).
 */

export type Worktree = Pick<ThreadWorktree, 'repo' | 'path' | 'branch' | 'base'>;
type Result = LandOutcome;

/** Git's complaint as the sentence a user reads; `wt` names the thread's worktree when git could not run in it. */
export function explainGit(err: unknown, doing: string, wt?: Pick<Worktree, 'path' | 'branch'>): string {
  if (err instanceof GitNotRun) return notRunSentence(err, doing, wt);
  const stderr = err instanceof GitFailed ? err.output.stderr : err instanceof Error ? err.message : String(err);
  if (/Please tell me who you are|Author identity unknown|empty ident/i.test(stderr))
    return `Git does not know who you are: set user.name and user.email (git config --global user.name "…") and ${doing} again.`;
  if (/hook/i.test(stderr)) return `A git hook refused it (${firstLine(stderr)}): fix what it says and ${doing} again.`;
  return `Git could not ${doing} (${firstLine(stderr) || 'no reason given'}).`;
}

/** git did not run to its end: what failed (the program, the folder, the hook) and what to do. */
function notRunSentence(err: GitNotRun, doing: string, wt: Pick<Worktree, 'path' | 'branch'> | undefined): string {
  switch (err.kind) {
    case 'git-missing':
      return `${err.message}, so nothing was done: install git (or put it on the PATH Claude Desk starts with) and ${doing} again.`;
    case 'folder-gone':
      return wt && err.message.includes(wt.path)
        ? `The thread’s worktree folder ${wt.path} does not exist any more (removed outside Claude Desk), so git could not ${doing} there: discard the worktree to clean up what git still keeps of it (the branch ${wt.branch}, if it is still there).`
        : `${err.message}, so git could not ${doing}: restore it, or discard the thread’s worktree.`;
    case 'bound':
      return err.hook
        ? `${err.message}: run the hook yourself to see why it hangs, fix it, and ${doing} again (${GIT_TIMEOUT_ENV} gives git longer).`
        : `${err.message}: ${doing} again (${GIT_TIMEOUT_ENV} gives git longer).`;
    case 'stopped':
      return `${err.message} Git did not finish: ${doing} again when ready.`;
    case 'not-started':
      return `${err.message}, so nothing was done: ${doing} again.`;
  }
}

/** The files not committed on the thread's branch yet (untracked included), from a throwaway index. */
export async function uncommittedFiles(git: Git, wt: Pick<Worktree, 'path'>): Promise<string[]> {
  return withEverythingStaged(git, wt.path, async (env) =>
    (await gitOk(git, wt.path, ['diff', '--cached', '--name-only', '-z', 'HEAD'], env)).split('\0').filter(Boolean),
  );
}

/** Commit everything in the worktree (its own index, which is the thread's) with the user's identity. */
export async function commitAll(wt: Worktree, message: string, git: Git = runGit): Promise<Result> {
  const text = message.trim();
  if (text === '') return refuse('commit', 'failed', 'The commit message is empty: write one and commit again.');
  try {
    const unfinished = await findUnfinishedWork(git, wt);
    if (unfinished) return refuseUnfinished('commit', unfinished, wt.base, 'commit');
    if ((await uncommittedFiles(git, wt)).length === 0)
      return refuse('commit', 'nothing-to-commit', 'There is nothing to commit: every change is already committed.');
    await gitOk(git, wt.path, ['add', '-A', '--', '.']);
    await gitOk(git, wt.path, ['commit', '-q', '-m', text]);
    const sha = (await gitOk(git, wt.path, ['rev-parse', 'HEAD'])).trim();
    return { ok: true, action: 'commit', message: `Committed on ${wt.branch} (${sha.slice(0, 7)}).`, commit: sha };
  } catch (err) {
    return refuse('commit', 'failed', explainGit(err, 'commit', wt));
  }
}

/** Where the base branch is checked out (the user's checkout, or another worktree), if anywhere. */
async function checkoutOf(git: Git, wt: Worktree): Promise<string | undefined> {
  const list = await gitOk(git, wt.path, ['worktree', 'list', '--porcelain', '-z']);
  let current: string | undefined;
  for (const field of list.split('\0')) {
    if (field.startsWith('worktree ')) current = field.slice('worktree '.length);
    else if (field === `branch refs/heads/${wt.base}`) return current;
  }
  return undefined;
}

/**
 * Tracked changes (staged or not) in a checkout, read through a copy of its index: `git diff` and `git status`
 * would refresh the user's index file in place, and the promise is that it is never touched.
 */
async function trackedChanges(git: Git, checkout: string): Promise<string[]> {
  const indexPath = path.resolve(checkout, (await gitOk(git, checkout, ['rev-parse', '--git-path', 'index'])).trim());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-checkout-'));
  try {
    const copy = path.join(dir, 'index');
    await copyGitIndex(indexPath, copy).catch(() => undefined);
    const out = await gitOk(git, checkout, ['status', '--porcelain=v1', '-z', '--untracked-files=no'], {
      GIT_INDEX_FILE: copy,
      GIT_OPTIONAL_LOCKS: '0',
    });
    return out
      .split('\0')
      .filter(Boolean)
      .map((l) => l.slice(3));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `git merge-tree --write-tree --name-only`: the tree, then the conflicted paths up to a blank line. */
export function parseMergeTree(out: string): { tree: string; conflicts: string[] } {
  const [tree = '', ...rest] = out.split('\n');
  const end = rest.indexOf('');
  const names = (end < 0 ? rest : rest.slice(0, end)).filter(Boolean);
  return { tree: tree.trim(), conflicts: [...new Set(names)] };
}

type Plan = { target: string; how: string } | { conflicts: string[] };

/** How `tip` lands on `baseSha`: a fast-forward, or a merge commit (written, dangling until a ref points at it). */
async function planMerge(git: Git, wt: Worktree, baseSha: string, tip: string): Promise<Plan> {
  if ((await git(['merge-base', '--is-ancestor', baseSha, tip], { cwd: wt.path })).code === 0)
    return { target: tip, how: 'fast-forward' };
  const merged = await git(['merge-tree', '--write-tree', '--name-only', baseSha, tip], { cwd: wt.path });
  const { tree, conflicts } = parseMergeTree(merged.stdout);
  if (merged.code === 1 && conflicts.length > 0) return { conflicts };
  if (merged.code !== 0) throw new GitFailed(['merge-tree'], merged);
  const subject = `Merge ${wt.branch} into ${wt.base}`;
  const target = (await gitOk(git, wt.path, ['commit-tree', tree, '-p', baseSha, '-p', tip, '-m', subject])).trim();
  return { target, how: 'merge commit' };
}

/**
 * The commit the worktree's uncommitted work would make, written as a dangling object (no ref, no index, no hook
 * touched): the merge is worked out on it before anything is committed, so a conflict changes nothing at all.
 */
async function wouldCommit(git: Git, wt: Worktree, head: string, message: string): Promise<string> {
  const tree = await withEverythingStaged(git, wt.path, async (env) =>
    (await gitOk(git, wt.path, ['write-tree'], env)).trim(),
  );
  return (await gitOk(git, wt.path, ['commit-tree', tree, '-p', head, '-m', message.trim() || 'work'])).trim();
}

/** The refusal for unfinished work (a merge or rebase stopped half way, unmerged paths, conflict markers). */
export function refuseUnfinished(action: Result['action'], u: UnfinishedWork, base: string, doing: string): Result {
  return {
    ok: false,
    action,
    reason: 'unfinished',
    message: describeUnfinished(u, base, doing),
    files: unfinishedFiles(u),
  };
}

/**
 * Merge the thread's branch into its base: commit what is not committed yet (with `message`), then fast-forward the
 * base when it can, else a merge commit. Refuses, with everything left as it was, on unfinished work in the worktree
 * (a merge or rebase stopped half way, unmerged paths, conflict markers), a conflict (listing the files), a dirty
 * checkout of the base, or untracked files there that the merge would overwrite — the merge is worked out before
 * the worktree's work is committed, so "nothing was changed" is true.
 */
export async function mergeIntoBase(wt: Worktree, message: string, git: Git = runGit): Promise<Result> {
  const into = `${wt.branch} into ${wt.base}`;
  let committed: string | undefined;
  try {
    const unfinished = await findUnfinishedWork(git, wt);
    if (unfinished) return refuseUnfinished('merge', unfinished, wt.base, 'merge');
    // A blocked merge commits nothing: the user's checkout of the base is looked at first.
    const checkout = await checkoutOf(git, wt);
    const dirty = checkout === undefined ? [] : await trackedChanges(git, checkout);
    if (checkout !== undefined && dirty.length > 0)
      return refuse(
        'merge',
        'dirty-checkout',
        `${wt.base} is checked out in ${checkout} with changes not committed (${list(dirty)}): nothing was changed; commit or stash them there, then merge again.`,
      );
    const baseRef = `refs/heads/${wt.base}`;
    const baseSha = (await gitOk(git, wt.path, ['rev-parse', '--verify', '-q', baseRef]).catch(onlyGitsNo)).trim();
    if (baseSha === '')
      return refuse(
        'merge',
        'failed',
        `The base branch ${wt.base} does not exist any more: keep the work as a branch.`,
      );
    let head = (await gitOk(git, wt.path, ['rev-parse', 'HEAD'])).trim();
    const pending = (await uncommittedFiles(git, wt)).length > 0;
    let plan = await planMerge(git, wt, baseSha, pending ? await wouldCommit(git, wt, head, message) : head);
    if ('conflicts' in plan)
      return {
        ok: false,
        action: 'merge',
        reason: 'conflict',
        message: `Merging ${into} conflicts in ${plan.conflicts.join(', ')}: nothing was changed; bring ${wt.base} into this thread to resolve them, then merge again.`,
        files: plan.conflicts,
      };
    if (pending) {
      const made = await commitAll(wt, message, git);
      if (!made.ok) return { ...made, action: 'merge' };
      committed = head = made.commit ?? (await gitOk(git, wt.path, ['rev-parse', 'HEAD'])).trim();
      // The real commit went through the repository's hooks, which may have changed it: plan again on it.
      plan = await planMerge(git, wt, baseSha, head);
      if ('conflicts' in plan)
        return refuse(
          'merge',
          'conflict',
          `Your work was committed on ${wt.branch} (${head.slice(0, 7)}), but a commit hook changed it so that it conflicts with ${wt.base} in ${plan.conflicts.join(', ')}: nothing else was changed.`,
        );
    }
    if ((await git(['merge-base', '--is-ancestor', head, baseSha], { cwd: wt.path })).code === 0)
      return {
        ok: true,
        action: 'merge',
        message: `Nothing to merge: ${wt.base} already has every commit of ${wt.branch}.`,
        commit: baseSha,
      };
    const { target, how } = plan;
    if (checkout !== undefined) {
      // A clean checkout moves with its branch; untracked files the merge would overwrite make git refuse, unchanged.
      const moved = await git(['merge', '--ff-only', '-q', target], { cwd: checkout });
      if (moved.code !== 0) {
        // git lists the untracked files it would overwrite, one per line after a tab.
        const files = moved.stderr
          .split('\n')
          .filter((l) => l.startsWith('\t'))
          .map((l) => l.trim());
        const why = files.length > 0 ? `untracked ${list(files)} would be overwritten` : firstLine(moved.stderr);
        return refuse(
          'merge',
          'dirty-checkout',
          `${wt.base} could not be moved in ${checkout} (${why}): ${committedSoFar(wt, committed)}move or remove those files there, then merge again.`,
        );
      }
    } else await gitOk(git, wt.path, ['update-ref', '-m', `claude-desk: merge ${wt.branch}`, baseRef, target, baseSha]);
    return { ok: true, action: 'merge', message: `Merged ${into} (${how}).`, commit: target };
  } catch (err) {
    const said = explainGit(err, 'merge', wt);
    return refuse('merge', 'failed', committed ? `${said} ${capitalFirst(committedSoFar(wt, committed))}` : said);
  }
}

/** What a merge that stopped after committing did change, as the start of its sentence. */
const committedSoFar = (wt: Worktree, sha: string | undefined) =>
  sha
    ? `your work was committed on ${wt.branch} (${sha.slice(0, 7)}) and ${wt.base} was not changed; `
    : 'nothing was changed; ';
const capitalFirst = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/; $/, '.');

/** Keep the work as its branch: commit what is not committed yet; the worktree and the branch stay. */
export async function keepAsBranch(wt: Worktree, message: string, git: Git = runGit): Promise<Result> {
  try {
    const unfinished = await findUnfinishedWork(git, wt);
    if (unfinished) return refuseUnfinished('keep', unfinished, wt.base, 'keep the branch');
    if ((await uncommittedFiles(git, wt)).length > 0) {
      const committed = await commitAll(wt, message, git);
      if (!committed.ok) return { ...committed, action: 'keep' };
      // The commit it made: a pull request that fails after it says so.
      return {
        ok: true,
        action: 'keep',
        message: `The work stays on the branch ${wt.branch}.`,
        commit: committed.commit,
      };
    }
    return { ok: true, action: 'keep', message: `The work stays on the branch ${wt.branch}.` };
  } catch (err) {
    return refuse('keep', 'failed', explainGit(err, 'keep the branch', wt));
  }
}

export function refuse(
  action: Result['action'],
  reason: Exclude<Result, { ok: true }>['reason'],
  message: string,
): Result {
  return { ok: false, action, reason, message };
}

/** git answered no (a ref that does not exist): ''; git that did not run stays an error. */
const onlyGitsNo = (err: unknown): string => {
  if (err instanceof GitNotRun) throw err;
  return '';
};

const list = (files: string[]) => files.slice(0, 3).join(', ') + (files.length > 3 ? ', …' : '');
