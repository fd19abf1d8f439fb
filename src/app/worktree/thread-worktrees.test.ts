import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import type { ThreadSettings, ThreadSummary } from '../../shared/threads';
import { ThreadWorktrees } from './thread-worktrees';
import { ThreadLocks } from '../../core/store/thread-locks';
import { checkWorktreePatch, withWorktreeDefault } from './worktree-settings';

const temp = useTempDirs('thread-worktrees');

/** The threads store as ThreadWorktrees uses it: a title and the settings patches it writes. */
function fakeThreads(title: string) {
  const patches: ThreadSettings[] = [];
  return {
    patches,
    summary: () => ({ title }) as ThreadSummary,
    updateSettings: async (_id: string, patch: ThreadSettings) => {
      patches.push(patch);
      return {} as ThreadSummary;
    },
  };
}

describe('ThreadWorktrees', () => {
  it("a thread's first turn makes its worktree once, even when two sends race; a later turn makes none", async () => {
    const repo = scratchRepo(await temp.make());
    const threads = fakeThreads('Fix login');
    const notices: string[] = [];
    const wts = new ThreadWorktrees({ threads, notice: (m) => notices.push(m), workspaceDir: '/w' });
    const asked = { projectDir: repo, useWorktree: true };
    const [one, two] = await Promise.all([wts.ready('t1', asked), wts.ready('t1', asked)]);
    expect(one.worktree).toMatchObject({ name: 'fix-login', base: 'main', state: 'ready' });
    expect(two.worktree).toEqual(one.worktree);
    expect(threads.patches).toEqual([{ worktree: one.worktree }]);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(2);
    // Locked in the thread's name, so another tool (or `git worktree prune`) leaves it.
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain('locked Claude Desk thread: Fix login');
    // Its next turn passes straight through: the same object, no git, no write.
    expect(await wts.ready('t1', one)).toBe(one);
    expect(threads.patches).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it('no commit yet: one notice, the thread works in the folder itself and does not try again', async () => {
    const repo = scratchRepo(await temp.make(), {});
    const threads = fakeThreads('New thread');
    const notices: string[] = [];
    const wts = new ThreadWorktrees({ threads, notice: (m) => notices.push(m), workspaceDir: '/w' });
    const out = await wts.ready('t2', { projectDir: repo, useWorktree: true });
    expect(out).toEqual({ projectDir: repo, useWorktree: false });
    expect(threads.patches).toEqual([{ useWorktree: false }]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/has no commit yet.*project folder itself/);
    expect(fs.existsSync(path.join(repo, '.claude'))).toBe(false);
  });
  it('two front doors making one thread’s worktree at once (two lock holders on one data dir): one worktree', async () => {
    const repo = scratchRepo(await temp.make());
    const lockDir = await temp.make();
    // The thread as both processes read it from the data dir: what one saves, the other reads after the lock.
    let saved: ThreadSettings = { projectDir: repo, useWorktree: true };
    const store = () => ({
      summary: () => ({ title: 'Both', settings: saved }) as ThreadSummary,
      updateSettings: async (_id: string, patch: ThreadSettings) => {
        saved = { ...saved, ...patch };
        return {} as ThreadSummary;
      },
      syncFromDisk: async () => undefined,
      flush: async () => undefined,
    });
    const door = (host: string) =>
      new ThreadWorktrees({
        threads: store(),
        locks: temp.track(new ThreadLocks(lockDir, host)),
        notice: () => undefined,
        workspaceDir: '/w',
      });
    const asked = { projectDir: repo, useWorktree: true };
    const [a, b] = await Promise.all([door('web').ready('t1', asked), door('command-line').ready('t1', asked)]);
    expect(a.worktree).toMatchObject({ name: 'both' });
    expect(b.worktree).toEqual(a.worktree);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(2);
  });
  it('a worktree its own creation left half made (the app killed mid-way) is made again, not a second beside it', async () => {
    const repo = scratchRepo(await temp.make());
    const threadId = 'a1b2c3d4-0000-4000-8000-000000000000';
    const left = path.join(repo, '.claude', 'worktrees', 'fix-login');
    git(
      repo,
      'worktree',
      'add',
      '-q',
      '--lock',
      '--reason',
      'Claude Desk thread: Fix login (a1b2c3d4)',
      '-b',
      'worktree-fix-login',
      left,
      'main',
    );
    // Another thread's worktree of the same name is left alone: that one gets the next name.
    const other = new ThreadWorktrees({
      threads: fakeThreads('Fix login'),
      notice: () => undefined,
      workspaceDir: '/w',
    });
    const wts = new ThreadWorktrees({ threads: fakeThreads('Fix login'), notice: () => undefined, workspaceDir: '/w' });
    const mine = await wts.ready(threadId, { projectDir: repo, useWorktree: true });
    expect(mine.worktree).toMatchObject({ name: 'fix-login', path: left });
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(2);
    const theirs = await other.ready('ffffffff-0000-4000-8000-000000000000', { projectDir: repo, useWorktree: true });
    expect(theirs.worktree).toMatchObject({ name: 'fix-login-2' });
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain('locked Claude Desk thread: Fix login (a1b2c3d4)');
  });
});

describe('the worktree settings of a thread', () => {
  it('Settings\u2019 default gives a thread of a git project its own worktree, unless the caller said', async () => {
    const repo = scratchRepo(await temp.make());
    const plain = fs.realpathSync(await temp.make());
    const on = { newThreadWorktree: true };
    expect(withWorktreeDefault({ projectDir: repo }, on)).toEqual({ projectDir: repo, useWorktree: true });
    expect(withWorktreeDefault({ projectDir: path.join(repo, 'sub') }, on).useWorktree).toBe(true);
    expect(withWorktreeDefault({ projectDir: repo, useWorktree: false }, on).useWorktree).toBe(false);
    expect(withWorktreeDefault({ projectDir: repo }, { newThreadWorktree: false }).useWorktree).toBeUndefined();
    expect(withWorktreeDefault({ projectDir: plain }, on).useWorktree).toBeUndefined();
    expect(withWorktreeDefault({}, on).useWorktree).toBeUndefined(); // a plain chat
  });

  it('once made, neither the project nor the choice can change; before the first message both can', async () => {
    const repo = scratchRepo(await temp.make());
    const on = { newThreadWorktree: true };
    const worktree = { name: 'x', repo, path: `${repo}/.claude/worktrees/x`, branch: 'worktree-x', base: 'main' };
    const made: ThreadSettings = { projectDir: repo, useWorktree: true, worktree: { ...worktree, state: 'ready' } };
    const never = async () => false;
    await expect(checkWorktreePatch(made, { projectDir: '/elsewhere' }, on, never)).rejects.toThrow(
      /its project cannot change/,
    );
    await expect(checkWorktreePatch(made, { useWorktree: false }, on, never)).rejects.toThrow(/already works/);
    // The command line passes the same folder again on every turn: fine.
    expect(await checkWorktreePatch(made, { projectDir: repo, model: 'm' }, on, never)).toEqual({
      projectDir: repo,
      model: 'm',
    });
    await expect(checkWorktreePatch({ projectDir: repo }, { useWorktree: true }, on, async () => true)).rejects.toThrow(
      /chosen before its first message/,
    );
    // A project folder picked before the first message takes the default.
    expect(await checkWorktreePatch({}, { projectDir: repo }, on, never)).toEqual({
      projectDir: repo,
      useWorktree: true,
    });
  });
});
