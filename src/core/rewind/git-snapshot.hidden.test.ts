import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitCheckpoints } from './git-checkpoints';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.email=u@u', '-c', 'user.name=u', ...args], { cwd, encoding: 'utf8' });

/** Everything a user's own tools list: the log of every ref, the branches, every ref, the stash. */
function inSight(dir: string): { log: number; branches: string; refs: string; stash: string } {
  return {
    log: git(dir, 'log', '--all', '--oneline').trim().split('\n').length,
    branches: git(dir, 'branch', '-a').trim(),
    refs: git(dir, 'for-each-ref', '--format=%(refname)').trim(),
    stash: git(dir, 'stash', 'list').trim(),
  };
}

describe("rewind's snapshots stay out of the user's sight (real git)", () => {
  let dir: string;
  const cp = new GitCheckpoints();
  const write = (f: string, s: string) => fs.writeFileSync(path.join(dir, f), s);
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');

  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'snap-hidden-')));
    git(dir, 'init', '-q', '-b', 'main');
    for (const n of [1, 2, 3]) {
      write('app.js', `version ${n}\n`);
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', `commit ${n}`);
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Ten turns of a thread: a before and an after snapshot each, Claude editing app.js between. */
  const tenTurns = async (threadId: string, root = dir) => {
    for (let i = 0; i < 10; i++) {
      await cp.snapshot(root, threadId, `m${i}`, 'before');
      fs.writeFileSync(path.join(root, 'app.js'), `turn ${i} of ${threadId}\n`);
      expect(await cp.snapshot(root, threadId, `m${i}`, 'after')).toMatch(/^[0-9a-f]{40}$/);
    }
  };

  it('twenty snapshots of a 3-commit repository: git log --all still shows 3 commits, and no ref, branch or stash is added; rewind still works', async () => {
    const before = inSight(dir);
    expect(before.log).toBe(3);
    await tenTurns('thread-a');
    expect(inSight(dir)).toEqual(before);
    const plan = await cp.plan(dir, 'thread-a', 'm3', 'm9');
    expect(plan?.files.map((f) => [f.path, f.before])).toEqual([['app.js', 'turn 2 of thread-a\n']]);
    await cp.apply(plan!, 'thread-a', 'rw1');
    expect(read('app.js')).toBe('turn 2 of thread-a\n');
    expect(inSight(dir)).toEqual(before);
    // git's own housekeeping in the user's repository does not take the snapshots away.
    git(dir, 'gc', '-q', '--prune=now');
    expect((await cp.plan(dir, 'thread-a', 'm0', 'm9'))?.files.map((f) => f.before)).toEqual(['version 3\n']);
  });

  it("a linked worktree's thread: its snapshots are out of sight from the worktree and from the main checkout", async () => {
    const wt = path.join(dir, '..', `${path.basename(dir)}-wt`);
    git(dir, 'worktree', 'add', '-q', '-b', 'feature', wt);
    try {
      const main = inSight(dir);
      const linked = inSight(wt);
      await tenTurns('thread-w', wt);
      expect(inSight(dir)).toEqual(main);
      expect(inSight(wt)).toEqual(linked);
      expect((await cp.plan(wt, 'thread-w', 'm9', 'm9'))?.files.map((f) => f.before)).toEqual(['turn 8 of thread-w\n']);
    } finally {
      fs.rmSync(wt, { recursive: true, force: true });
    }
  });

  it('snapshots an older version kept under refs/claude-desk/ are moved out of sight and still rewind, even after git gc', async () => {
    // As older versions wrote them: a commit of the tree under refs/claude-desk/<thread>/<message>/before.
    write('app.js', 'before the old turn\n');
    git(dir, 'add', 'app.js');
    const oldTree = git(dir, 'write-tree').trim();
    git(dir, 'reset', '-q');
    const oldCommit = git(dir, 'commit-tree', oldTree, '-m', 'claude-desk before m0').trim();
    git(dir, 'update-ref', 'refs/claude-desk/old-thread/m0/before', oldCommit);
    write('app.js', 'after the old turn\n');
    expect(inSight(dir).log).toBe(4); // today's sight of them

    const plan = await cp.plan(dir, 'old-thread', 'm0');
    expect(plan?.files.map((f) => [f.path, f.before])).toEqual([['app.js', 'before the old turn\n']]);
    expect(inSight(dir).log).toBe(3);
    expect(inSight(dir).refs).toBe('refs/heads/main');
    git(dir, 'gc', '-q', '--prune=now');
    await cp.apply((await cp.plan(dir, 'old-thread', 'm0'))!, 'old-thread', 'rw1');
    expect(read('app.js')).toBe('before the old turn\n');
  });

  it("a worktree thread's snapshots are pruned from the repository's own checkout once the worktree is gone", async () => {
    const wt = path.join(dir, '..', `${path.basename(dir)}-gone`);
    git(dir, 'worktree', 'add', '-q', '-b', 'gone', wt);
    await tenTurns('thread-g', wt);
    git(dir, 'worktree', 'remove', '--force', wt);
    expect(await cp.has(dir, 'thread-g', 'm0')).toBe(true); // the store is the repository's, shared by its worktrees
    await cp.forget(dir, 'thread-g');
    expect(await cp.has(dir, 'thread-g', 'm0')).toBe(false);
  });

  it('forgetting a thread prunes its snapshots, and only its own', async () => {
    await tenTurns('gone');
    await cp.snapshot(dir, 'kept', 'm0', 'before');
    await cp.forget(dir, 'gone');
    expect(await cp.has(dir, 'gone', 'm0')).toBe(false);
    expect(await cp.has(dir, 'kept', 'm0')).toBe(true);
  });
});
