import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitCheckpoints } from './git-checkpoints';

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' });

/** What a user would check to see that nothing of theirs moved: status, index, branches, stash, HEAD. */
function userState(dir: string): string {
  return [
    git(dir, 'status', '--porcelain=v1', '--untracked-files=all'),
    git(dir, 'ls-files', '--stage'),
    git(dir, 'branch', '-a', '-v'),
    git(dir, 'stash', 'list'),
    git(dir, 'rev-parse', 'HEAD'),
  ].join('\n--\n');
}

describe('GitCheckpoints (real git)', () => {
  let dir: string;
  const cp = new GitCheckpoints();
  const T = 'thread-1';
  const write = (f: string, s: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), s);
  };
  const read = (f: string) =>
    fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : undefined;

  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-test-')));
    git(dir, 'init', '-q');
    write('b.txt', 'original b\n');
    write('.gitignore', 'ignored/\n');
    git(dir, 'add', '.');
    git(dir, '-c', 'user.email=u@u', '-c', 'user.name=u', 'commit', '-qm', 'first');
    write('staged.txt', 'staged by the user\n');
    git(dir, 'add', 'staged.txt');
    write('untracked-by-user.txt', 'mine\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('undoes a turn that wrote, edited and deleted files — leaving status, index, branches and stash as they were', async () => {
    const before = userState(dir);
    await cp.snapshot(dir, T, 'm1', 'before');
    expect(userState(dir)).toBe(before);
    // The turn (as Bash would): a new file, an edit, a deletion, and something in an ignored folder.
    write('a.txt', 'new a\n');
    write('b.txt', 'edited b\n');
    fs.rmSync(path.join(dir, 'untracked-by-user.txt'));
    write('ignored/cache.bin', 'x');
    await cp.snapshot(dir, T, 'm1', 'after');

    const plan = await cp.plan(dir, T, 'm1', 'm1');
    expect(plan?.files.map((f) => [f.path, f.action, f.conflict]).sort()).toEqual([
      ['a.txt', 'delete', false],
      ['b.txt', 'restore', false],
      ['untracked-by-user.txt', 'recreate', false],
    ]);
    expect(plan?.files.find((f) => f.path === 'b.txt')).toMatchObject({
      before: 'original b\n',
      current: 'edited b\n',
    });

    const out = await cp.apply(plan!, T, 'rw1');
    expect(out.kept).toEqual([]);
    expect(read('a.txt')).toBeUndefined();
    expect(read('b.txt')).toBe('original b\n');
    expect(read('untracked-by-user.txt')).toBe('mine\n');
    expect(read('ignored/cache.bin')).toBe('x'); // ignored files are not ours to touch
    fs.rmSync(path.join(dir, 'ignored'), { recursive: true });
    expect(userState(dir)).toBe(before);
  });

  it('lists a file the user edited after the turn as a conflict and keeps it unless told to overwrite', async () => {
    await cp.snapshot(dir, T, 'm1', 'before');
    write('b.txt', 'edited by claude\n');
    write('a.txt', 'claude a\n');
    await cp.snapshot(dir, T, 'm1', 'after');
    write('b.txt', 'then edited by the user\n');

    const plan = (await cp.plan(dir, T, 'm1', 'm1'))!;
    expect(plan.files.find((f) => f.path === 'b.txt')?.conflict).toBe(true);
    expect(plan.files.find((f) => f.path === 'a.txt')?.conflict).toBe(false);
    const out = await cp.apply(plan, T, 'rw1');
    expect(out).toMatchObject({ restored: ['a.txt'], kept: ['b.txt'] });
    expect(read('b.txt')).toBe('then edited by the user\n');
    expect(read('a.txt')).toBeUndefined();

    const plan2 = (await cp.plan(dir, T, 'm1', 'm1'))!;
    await cp.apply(plan2, T, 'rw2', new Set(['b.txt']));
    expect(read('b.txt')).toBe('original b\n');
  });

  it("tells another thread's last change from this thread's and the user's in a folder both threads use", async () => {
    const O = 'thread-2';
    await cp.snapshot(dir, T, 'm1', 'before');
    write('a.txt', 'mine a\n');
    write('d.txt', 'mine d\n');
    await cp.snapshot(dir, T, 'm1', 'after');
    // The other thread's turn: a new file, and a rewrite of one this thread wrote.
    await cp.snapshot(dir, O, 'o1', 'before');
    write('c.txt', 'other c\n');
    write('a.txt', 'other a\n');
    write('d.txt', 'other d\n');
    await cp.snapshot(dir, O, 'o1', 'after');
    // This thread's next turn writes d.txt again (its own, last); the user then edits b.txt by hand.
    await cp.snapshot(dir, T, 'm2', 'before');
    write('d.txt', 'mine again d\n');
    await cp.snapshot(dir, T, 'm2', 'after');
    write('b.txt', 'by hand\n');

    const plan = (await cp.plan(dir, T, 'm1', 'm2'))!;
    expect(plan.files.map((f) => [f.path, f.conflict, f.otherThread?.id]).sort()).toEqual([
      ['a.txt', true, O],
      ['b.txt', true, undefined],
      ['c.txt', true, O],
      ['d.txt', false, undefined],
    ]);
    const out = await cp.apply(plan, T, 'rw1', new Set(['c.txt']));
    expect(out).toMatchObject({ restored: ['c.txt', 'd.txt'], kept: ['a.txt', 'b.txt'] });
    expect(read('a.txt')).toBe('other a\n');
    expect(read('c.txt')).toBeUndefined();
  });

  it('a rewind can itself be undone', async () => {
    await cp.snapshot(dir, T, 'm1', 'before');
    write('b.txt', 'edited b\n');
    write('a.txt', 'new a\n');
    const plan = (await cp.plan(dir, T, 'm1'))!;
    const out = await cp.apply(plan, T, 'rw1');
    expect(read('b.txt')).toBe('original b\n');
    await cp.undo(dir, T, 'rw1', out.restored);
    expect(read('b.txt')).toBe('edited b\n');
    expect(read('a.txt')).toBe('new a\n');
  });

  it('switching back to a set-aside branch keeps a file the user changed since, and can itself be switched back', async () => {
    await cp.snapshot(dir, T, 'm1', 'before');
    write('a.txt', 'claude a\n');
    write('b.txt', 'claude b\n');
    await cp.snapshot(dir, T, 'm1', 'after');
    const plan = (await cp.plan(dir, T, 'm1', 'm1'))!;
    await cp.apply(plan, T, 'rw1');
    expect(read('a.txt')).toBeUndefined();
    // After the rewind, the user edits b.txt by hand; switching back must not overwrite it.
    write('b.txt', "the user's b\n");
    const out = await cp.switchTo(dir, T, 'rw1', 'rw2');
    expect(out).toEqual({ restored: ['a.txt'], kept: ['b.txt'] });
    expect(read('a.txt')).toBe('claude a\n');
    expect(read('b.txt')).toBe("the user's b\n");
    // Nothing is lost: the switch kept the tree as it was, so switching once more undoes it.
    expect((await cp.switchTo(dir, T, 'rw2', 'rw3')).restored).toEqual(['a.txt']);
    expect(read('a.txt')).toBeUndefined();
  });

  it('outside git there are no snapshots; forgetting a thread removes only its refs', async () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-plain-'));
    try {
      expect(await cp.snapshot(plain, T, 'm1', 'before')).toBeUndefined();
      expect(await cp.plan(plain, T, 'm1')).toBeUndefined();
    } finally {
      fs.rmSync(plain, { recursive: true, force: true });
    }
    await cp.snapshot(dir, T, 'm1', 'before');
    await cp.snapshot(dir, 'other', 'm1', 'before');
    await cp.forget(dir, T);
    const store = `--git-dir=${path.join(dir, '.git', 'claude-desk', 'snapshots')}`;
    expect(git(dir, store, 'for-each-ref', '--format=%(refname)', 'refs/claude-desk/').trim()).toBe(
      'refs/claude-desk/other/m1/before',
    );
  });
});
