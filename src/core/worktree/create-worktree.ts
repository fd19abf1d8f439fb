import fs from 'node:fs/promises';
import path from 'node:path';
import type { ThreadWorktree } from '../../shared/worktree';
import { excludeWorktreesFolder } from './info-exclude';
import { copyWorktreeIncludes } from './worktree-include';
import { candidateNames } from './worktree-name';
import { GitNotRun, gitSaid, runGit, type Git } from '../git/git-runner';

/** Where the CLI puts its worktrees, relative to the repository's top (`claude -w`, recorded case 51a). */
export const WORKTREES_DIR = path.join('.claude', 'worktrees');
export const worktreeBranch = (name: string): string => `worktree-${name}`;

/** Why a thread could not get a worktree: the thread then works in the project folder itself. */
export type NoWorktreeReason = 'not-git' | 'git-missing' | 'no-commit' | 'detached' | 'failed';

/** A sentence for the user (what happened, what the thread does instead, what to do), and its kind. */
export class WorktreeUnavailable extends Error {
  constructor(
    readonly reason: NoWorktreeReason,
    message: string,
  ) {
    super(message);
  }
}

/** What a thread's worktree is made from. */
export interface CreateWorktreeInput {
  /** The thread's project folder (the repository's top or a folder inside it). */
  projectDir: string;
  /** The wanted name (worktreeNameFrom); the next free one (`-2`, `-3`, …) when it is taken. */
  name: string;
  /** Who the worktree is for, in the lock's reason (the thread's title); the name when absent. */
  thread?: string;
  /**
   * The thread's id, in the lock's reason too: a worktree this thread's creation left half made (the app killed
   * mid-creation) is known by it, removed and made again instead of a second one beside it.
   */
  threadId?: string;
  git?: Git;
  /** Stop: git and its hooks end at once, and what was made of the worktree is removed. */
  signal?: AbortSignal;
}

/** The lock's reason: names Claude Desk and the thread, one line, so `git worktree list` tells a user whose it is. */
export function deskLockReason(thread: string, threadId?: string): string {
  const label = thread.replace(/\s+/g, ' ').trim().slice(0, 80);
  // No quote marks: `git worktree list --porcelain` would print the reason C-quoted, escapes and all.
  return `${DESK_LOCK_PREFIX}: ${label}${threadId ? ` (${threadId.slice(0, 8)})` : ''}`;
}
/** Every lock Claude Desk puts on a worktree it made begins with this: Discard lifts only its own and the CLI's. */
export const DESK_LOCK_PREFIX = 'Claude Desk thread';

/** Creations in one repository, one after another: two threads must never pick the same free name. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Makes a thread's own worktree in Claude Code's layout: `git worktree add -b worktree-<name>
 * <repo>/.claude/worktrees/<name> <base>`, where base is the branch checked out in the project now; copies the
 * ignored files `.worktreeinclude` names; keeps `.claude/worktrees/` out of the user's `git status`. The user's
 * index, stash, uncommitted files and checked-out branch are never touched: `worktree add` writes only the new
 * folder, its branch and its admin files. The worktree is locked with a reason naming Claude Desk and the thread. Throws WorktreeUnavailable with a sentence when it cannot be done.
 */
export async function createThreadWorktree(input: CreateWorktreeInput): Promise<ThreadWorktree> {
  const git = input.git ?? runGit;
  const where = await repositoryOf(input.projectDir, git);
  const key = where.commonDir;
  const previous = queues.get(key) ?? Promise.resolve();
  const reason = deskLockReason(input.thread?.trim() || input.name, input.threadId);
  const mine = previous.catch(() => undefined).then(() => addWorktree(where, input.name, reason, git, input.signal));
  queues.set(key, mine);
  try {
    return await mine;
  } finally {
    if (queues.get(key) === mine) queues.delete(key);
  }
}

/**
 * Why no worktree can be made for `dir` — an explicit request for one is then refused with this sentence, before
 * anything runs there — or undefined when one can.
 */
export async function whyNoWorktree(
  dir: string,
  git: Git = runGit,
  instead = 'leave out the worktree to work in the folder itself',
): Promise<string | undefined> {
  try {
    await repositoryOf(dir, git);
    return undefined;
  } catch (err) {
    if (!(err instanceof WorktreeUnavailable)) throw err;
    switch (err.reason) {
      case 'git-missing':
        return `Git was not found on this computer, so a thread cannot have a worktree of its own: install git, or ${instead}.`;
      case 'not-git':
        return `${dir} is not inside a git repository, so a thread there cannot have a worktree of its own: run git init and make a first commit, or ${instead}.`;
      case 'no-commit':
        return `The repository in ${dir} has no commit yet, so a worktree has nothing to start from: make a first commit, or ${instead}.`;
      case 'detached':
        return `No branch is checked out in ${dir} (a detached HEAD), so a worktree has no branch to start from: check out a branch, or ${instead}.`;
      case 'failed':
        return `${err.message.replace(/, so it works in the project folder itself\.$/, '')}: ${instead}.`;
    }
  }
}

interface Repository {
  top: string;
  commonDir: string;
  base: string;
}

/** The repository's top, its common git dir and the branch checked out: three questions, asked at once. */
async function repositoryOf(dir: string, git: Git): Promise<Repository> {
  const shared = 'so this thread works in the project folder itself, beside any other thread there';
  const [where, branch, head] = await Promise.all([
    git(['rev-parse', '--show-toplevel', '--git-common-dir'], { cwd: dir }),
    git(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd: dir }),
    git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: dir }),
  ]).catch((err: unknown) => {
    const none = { code: 127, stdout: '', stderr: '' };
    if (err instanceof GitNotRun && err.kind === 'git-missing') return [none, none, none];
    if (err instanceof GitNotRun && err.kind !== 'stopped')
      throw new WorktreeUnavailable('failed', `${err.message}, ${shared}.`);
    throw err;
  });
  if (where.code === 127)
    throw new WorktreeUnavailable(
      'git-missing',
      `Git was not found on this computer, ${shared}. Install git to give threads their own worktrees.`,
    );
  if (where.code !== 0) throw new WorktreeUnavailable('not-git', `${dir} is not inside a git repository, ${shared}.`);
  const [top, common] = where.stdout.trim().split('\n');
  if (!top || !common)
    throw new WorktreeUnavailable('failed', `Git did not say where ${dir}'s repository is, ${shared}.`);
  if (head.code !== 0)
    throw new WorktreeUnavailable(
      'no-commit',
      `The repository in ${top} has no commit yet, so a worktree has nothing to start from: ${shared}. Make a first commit, and the next thread gets its own worktree.`,
    );
  const base = branch.stdout.trim();
  if (branch.code !== 0 || !base)
    throw new WorktreeUnavailable(
      'detached',
      `No branch is checked out in ${top} (a detached HEAD), so a worktree has no branch to start from: ${shared}. Check out a branch, and the next thread gets its own worktree.`,
    );
  return { top, commonDir: path.resolve(dir, common), base };
}

async function addWorktree(
  repo: Repository,
  wanted: string,
  reason: string,
  git: Git,
  signal?: AbortSignal,
): Promise<ThreadWorktree> {
  if (signal?.aborted) throw new GitNotRun('stopped', 'Stopped before the worktree was made.');
  // First, so the new folder never shows in the user's `git status`, not even for a moment.
  await excludeWorktreesFolder(repo.commonDir).catch(() => undefined); // a read-only .git: noise, not a failure
  let last = '';
  for (const name of candidateNames(wanted)) {
    const folder = path.join(repo.top, WORKTREES_DIR, name);
    const branch = worktreeBranch(name);
    // A folder there already (the user's, the CLI's) is someone else's: the next name — unless it is this very
    // thread's, left half made by a creation that never finished (its lock names the thread by id): made again.
    if (
      await fs.lstat(folder).then(
        () => true,
        () => false,
      )
    ) {
      if (!(await lockedFor(git, repo.top, folder, reason))) continue;
      await removeHalfMade(repo.top, folder, branch, git);
    }
    // Locked as it is made, as the CLI locks its own (recorded case 51): `git worktree prune` and other tools leave
    // a thread's worktree alone, even while its folder is briefly unreachable (an unmounted disk).
    const r = await git(['worktree', 'add', '-q', '--lock', '--reason', reason, '-b', branch, folder, repo.base], {
      cwd: repo.top,
      ...(signal ? { signal } : {}),
    }).catch(async (err: unknown) => {
      // Stopped, or a hook (post-checkout) past the bound: nothing half made stays registered that no thread owns.
      if (err instanceof GitNotRun) await removeHalfMade(repo.top, folder, branch, git);
      throw err;
    });
    if (r.code === 0) {
      await copyWorktreeIncludes(repo.top, folder, git).catch(() => []);
      return { name, repo: repo.top, path: folder, branch, base: repo.base, state: 'ready' };
    }
    last = gitSaid(r);
    // Taken meanwhile (a branch of that name, a registered worktree whose folder is gone): the next name.
    if (/already exists|already registered|already checked out|is a missing but/i.test(r.stderr)) continue;
    break;
  }
  throw new WorktreeUnavailable(
    'failed',
    `Git could not make this thread's worktree (${last || 'every name was taken'}), so it works in the project folder itself.`,
  );
}

/** A worktree whose creation was cut short: its folder, its registration (lock and all) and its new branch go. */
async function removeHalfMade(top: string, folder: string, branch: string, git: Git): Promise<void> {
  const quietly = (args: string[]) => git(args, { cwd: top }).catch(() => undefined);
  await quietly(['worktree', 'unlock', folder]);
  await quietly(['worktree', 'remove', '--force', '--force', folder]);
  await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  await quietly(['worktree', 'prune']);
  await quietly(['branch', '-D', '-q', branch]);
}

/** Whether git lists a worktree at `folder` locked with exactly this reason (a thread's own, by its id). */
async function lockedFor(git: Git, top: string, folder: string, reason: string): Promise<boolean> {
  if (!/\([0-9a-zA-Z-]{1,8}\)$/.test(reason)) return false; // no thread id in it: never taken for ours
  const out = await git(['worktree', 'list', '--porcelain', '-z'], { cwd: top });
  let current = '';
  for (const field of out.stdout.split('\0')) {
    if (field.startsWith('worktree ')) current = field.slice('worktree '.length);
    else if (path.resolve(current) === path.resolve(folder) && field === `locked ${reason}`) return true;
  }
  return false;
}
