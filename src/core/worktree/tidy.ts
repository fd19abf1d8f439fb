import fs from 'node:fs/promises';
import path from 'node:path';
import type { TidyItem } from '../../shared/worktree';
import { DESK_LOCK_PREFIX, WORKTREES_DIR } from './create-worktree';
import { uncommittedFiles } from './land';
import { type Git, gitOk, runGit } from '../git/git-runner';

/**
 * "Tidy up" (issue 44 point 3): the worktrees and branches Claude Desk made in one repository that no thread works
 * in any more — a landed or discarded thread's, a deleted thread's (its worktree still locked in Claude Desk's name),
 * an archived thread's branch — each with what it holds (uncommitted files, commits not on its base), so the user
 * removes the chosen ones knowing what goes.
 */

/** What Claude Desk knows it made in this repository (from its threads), and which of it is still in use. */
export interface MadeHere {
  /** Every worktree a thread recorded: its folder, branch and base. */
  recorded: { path: string; branch: string; base: string; inUse: boolean; thread: string }[];
}

interface Listed {
  path: string;
  branch?: string;
  lock?: string;
}

function parseWorktreeList(out: string): Listed[] {
  const all: Listed[] = [];
  let current: Listed | undefined;
  for (const field of out.split('\0')) {
    if (field.startsWith('worktree ')) all.push((current = { path: field.slice('worktree '.length) }));
    else if (!current) continue;
    else if (field.startsWith('branch refs/heads/')) current.branch = field.slice('branch refs/heads/'.length);
    else if (field === 'locked') current.lock = '';
    else if (field.startsWith('locked ')) current.lock = field.slice('locked '.length);
  }
  return all;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function commitsNotOn(git: Git, repo: string, base: string, branch: string): Promise<number | undefined> {
  const r = await git(['rev-list', '--count', `refs/heads/${base}..refs/heads/${branch}`], { cwd: repo });
  return r.code === 0 ? Number(r.stdout.trim()) : undefined;
}

/** The stale worktrees and branches of `repo` Claude Desk made, with what each holds. */
export async function listStale(repo: string, made: MadeHere, git: Git = runGit): Promise<TidyItem[]> {
  const listed = parseWorktreeList(await gitOk(git, repo, ['worktree', 'list', '--porcelain', '-z']));
  const inUse = new Set(made.recorded.filter((r) => r.inUse).map((r) => path.resolve(r.path)));
  const byPath = new Map(made.recorded.map((r) => [path.resolve(r.path), r]));
  const byBranch = new Map(made.recorded.map((r) => [r.branch, r]));
  const root = path.join(repo, WORKTREES_DIR);
  const items: TidyItem[] = [];
  const seenBranches = new Set<string>();
  for (const wt of listed) {
    const where = path.resolve(wt.path);
    if (!where.startsWith(root + path.sep) || inUse.has(where)) continue;
    const record = byPath.get(where);
    const ours = record !== undefined || (wt.lock ?? '').startsWith(DESK_LOCK_PREFIX);
    if (!ours) continue;
    if (wt.branch) seenBranches.add(wt.branch);
    const base = record?.base ?? 'main';
    const there = await fs.stat(where).then(
      () => true,
      () => false,
    );
    const loose = there ? (await uncommittedFiles(git, { path: where }).catch(() => [])).length : 0;
    const ahead = wt.branch ? await commitsNotOn(git, repo, base, wt.branch) : undefined;
    items.push({
      kind: 'worktree',
      path: where,
      ...(wt.branch ? { branch: wt.branch } : {}),
      base,
      ...(record ? { thread: record.thread } : {}),
      uncommitted: loose,
      unmerged: ahead ?? 0,
      holds: holds(loose, ahead, base),
    });
  }
  // Branches a thread recorded whose worktree folder is gone (archived after a land, or deleted by hand).
  for (const [branch, record] of byBranch) {
    if (seenBranches.has(branch) || record.inUse) continue;
    if ((await git(['rev-parse', '--verify', '-q', `refs/heads/${branch}`], { cwd: repo })).code !== 0) continue;
    const ahead = await commitsNotOn(git, repo, record.base, branch);
    items.push({
      kind: 'branch',
      branch,
      base: record.base,
      thread: record.thread,
      uncommitted: 0,
      unmerged: ahead ?? 0,
      holds: holds(0, ahead, record.base),
    });
  }
  return items;
}

function holds(uncommitted: number, ahead: number | undefined, base: string): string {
  const parts = [
    uncommitted > 0 ? `${plural(uncommitted, 'uncommitted file')}` : '',
    ahead === undefined
      ? `commits not compared (${base} is gone)`
      : ahead > 0
        ? `${plural(ahead, 'commit')} not on ${base}`
        : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : `nothing that is not on ${base}`;
}

/** Remove one listed item: the worktree folder (unlocked first) and its branch, or the branch alone. */
export async function removeStale(repo: string, item: TidyItem, git: Git = runGit): Promise<void> {
  if (item.kind === 'worktree' && item.path) {
    await git(['worktree', 'unlock', item.path], { cwd: repo });
    await gitOk(git, repo, ['worktree', 'remove', '--force', '--force', item.path]);
  }
  if (item.branch) await gitOk(git, repo, ['branch', '-D', '-q', item.branch]);
}
