import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { addWorktree, fingerprint, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { commitAll, keepAsBranch, mergeIntoBase, parseMergeTree } from './land';
import { discardWorktree } from './discard';
import { createPullRequest } from './pull-request';

const temp = useTempDirs('wt-land');
const show = (repo: string, spec: string) => git(repo, 'show', spec);
const author = (repo: string, rev: string) => git(repo, 'log', '-1', '--format=%an <%ae>', rev).trim();

describe('landing a worktree thread', () => {
  it('commits everything with the user’s own identity', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'hello\n');
    const done = await commitAll(wt, 'Add notes\n\nFrom the thread.');
    expect(done).toMatchObject({ ok: true, action: 'commit' });
    expect(author(wt.path, 'HEAD')).toBe('Ada Lovelace <ada@example.com>');
    expect(git(wt.path, 'log', '-1', '--format=%B').trim()).toBe('Add notes\n\nFrom the thread.');
    expect(await commitAll(wt, 'again')).toMatchObject({ ok: false, reason: 'nothing-to-commit' });
  });

  it('fast-forwards a clean checkout of the base, leaving the user’s untracked files alone', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(repo, 'mine.txt', 'untracked, the user’s\n');
    write(wt.path, 'notes.md', 'first\n'); // not committed yet: the merge commits it
    const done = await mergeIntoBase(wt, 'Write notes');
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining('fast-forward') });
    expect(show(repo, 'main:notes.md')).toBe('first\n');
    expect(fs.readFileSync(path.join(repo, 'notes.md'), 'utf8')).toBe('first\n'); // the checkout moved
    expect(fs.readFileSync(path.join(repo, 'mine.txt'), 'utf8')).toBe('untracked, the user’s\n');
    expect(git(repo, 'status', '--porcelain')).toBe('?? mine.txt\n');
  });

  it('makes a merge commit when the base moved on, and moves a base checked out nowhere by its ref', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    git(repo, 'checkout', '-q', '-b', 'elsewhere'); // the base (main) is no longer checked out
    git(repo, 'branch', '-q', '-f', 'side', 'main');
    write(wt.path, 'notes.md', 'from the thread\n');
    git(wt.path, 'add', '-A');
    git(wt.path, 'commit', '-qm', 'thread');
    const other = addWorktree(repo, 'b'); // base main… but it is checked out by nobody: make main move on
    git(other.path, 'checkout', '-q', 'main');
    write(other.path, 'later.txt', 'later\n');
    git(other.path, 'add', '-A');
    git(other.path, 'commit', '-qm', 'later on main');
    git(other.path, 'checkout', '-q', '--detach');
    const before = fingerprint(repo);
    const done = await mergeIntoBase(wt, 'unused');
    expect(done).toMatchObject({ ok: true, message: expect.stringContaining('merge commit') });
    expect(git(repo, 'log', '-1', '--format=%P', 'main').trim().split(' ')).toHaveLength(2);
    expect(show(repo, 'main:notes.md')).toBe('from the thread\n');
    expect(show(repo, 'main:later.txt')).toBe('later\n');
    expect(author(repo, 'main')).toBe('Ada Lovelace <ada@example.com>');
    // Only main moved: the user's checkout (on `elsewhere`) is as it was.
    expect(fingerprint(repo).replace(/refs\/heads\/main \w+/, '')).toBe(before.replace(/refs\/heads\/main \w+/, ''));
  });

  it('stops on a conflict, listing the files, with the base and the checkout untouched byte for byte', async () => {
    const repo = makeRepo(await temp.make());
    const a = addWorktree(repo, 'a');
    const b = addWorktree(repo, 'b');
    write(a.path, 'notes.md', 'A wrote this\n');
    write(b.path, 'notes.md', 'B wrote that\n');
    expect(await mergeIntoBase(a, 'A')).toMatchObject({ ok: true });
    write(repo, 'scratch.txt', 'the user’s untracked file\n');
    // Same content, another mtime: clean, but a `git status` on the user's own index would rewrite it (refresh).
    write(repo, 'app.txt', 'one\ntwo\nthree\n');
    fs.utimesSync(path.join(repo, 'app.txt'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const before = fingerprint(repo);
    const done = await mergeIntoBase(b, 'B');
    expect(done).toMatchObject({ ok: false, reason: 'conflict', files: ['notes.md'] });
    expect(done.message).toMatch(/conflicts in notes\.md/);
    expect(fingerprint(repo)).toBe(before);
    // Once the thread merged the base in and resolved it, the merge goes through (a fast-forward).
    git(b.path, 'add', '-A');
    git(b.path, 'commit', '-qm', 'B');
    expect(() => git(b.path, 'merge', '-q', 'main')).toThrow();
    write(b.path, 'notes.md', 'A wrote this\nB wrote that\n');
    git(b.path, 'commit', '-qam', 'Resolve notes.md');
    expect(await mergeIntoBase(b, 'B')).toMatchObject({ ok: true, message: expect.stringContaining('fast-forward') });
    expect(show(repo, 'main:notes.md')).toBe('A wrote this\nB wrote that\n');
  });

  it('refuses to move a checkout whose untracked file the merge would overwrite, changing nothing', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'the thread’s\n');
    write(repo, 'notes.md', 'the user’s own, untracked\n');
    const before = fingerprint(repo);
    const done = await mergeIntoBase(wt, 'notes');
    expect(done).toMatchObject({ ok: false, reason: 'dirty-checkout' });
    expect(done.message).toMatch(/could not be moved in .* \(untracked notes\.md would be overwritten\)/);
    expect(fingerprint(repo)).toBe(before);
  });

  it('blocks the merge while the base’s checkout has tracked changes, touching nothing', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'x\n');
    write(repo, 'app.txt', 'the user is editing this\n');
    git(repo, 'add', 'app.txt');
    write(repo, 'app.txt', 'and more, unstaged\n');
    git(repo, 'stash', 'list');
    const before = fingerprint(repo);
    const done = await mergeIntoBase(wt, 'notes');
    expect(done).toMatchObject({ ok: false, reason: 'dirty-checkout' });
    expect(done.message).toMatch(/main is checked out in .* with changes not committed \(app\.txt\)/);
    expect(fingerprint(repo)).toBe(before);
  });

  it('keeps the work as its branch', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'kept\n');
    expect(await keepAsBranch(wt, 'Keep notes')).toMatchObject({ ok: true });
    expect(show(repo, 'worktree-a:notes.md')).toBe('kept\n');
    expect(() => show(repo, 'main:notes.md')).toThrow();
  });

  it('discard refuses uncommitted or unmerged work until forced, and lifts the CLI’s stale lock', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    git(repo, 'worktree', 'lock', '--reason', 'claude session a (pid 1 start 1)', wt.path);
    write(wt.path, 'notes.md', 'unsaved\n');
    const refused = await discardWorktree(wt);
    expect(refused).toMatchObject({ ok: false, reason: 'needs-confirmation', files: ['notes.md'] });
    expect(refused.message).toMatch(/1 uncommitted file \(notes\.md\)/);
    expect(fs.existsSync(path.join(wt.path, 'notes.md'))).toBe(true);
    await commitAll(wt, 'notes');
    expect((await discardWorktree(wt)).message).toMatch(/1 commit not merged into main/);
    const userBefore = fingerprint(repo);
    expect(await discardWorktree(wt, { force: true })).toMatchObject({ ok: true });
    expect(fs.existsSync(wt.path)).toBe(false);
    expect(git(repo, 'branch', '--list', 'worktree-a')).toBe('');
    expect(git(repo, 'worktree', 'list')).not.toContain('worktrees/a');
    expect(fingerprint(repo)).toBe(userBefore);
  });

  it('discards a merged, clean worktree without asking', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'x\n');
    await mergeIntoBase(wt, 'notes');
    expect(await discardWorktree(wt)).toMatchObject({ ok: true });
  });

  it('says what is missing for a pull request when gh is not installed', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    const missing = await createPullRequest(wt, 'x', {
      run: async () => ({
        exitCode: undefined,
        signal: undefined,
        stdout: Buffer.alloc(0),
        stderr: Buffer.alloc(0),
        timedOut: false,
        spawnError: 'ENOENT',
      }),
    });
    expect(missing).toMatchObject({
      ok: false,
      reason: 'missing-tool',
      message: expect.stringMatching(/gh\) is not installed/),
    });
    const loggedOut = await createPullRequest(wt, 'x', {
      run: async (_file, args) => ({
        exitCode: args[0] === 'auth' ? 1 : 0,
        signal: undefined,
        stdout: Buffer.alloc(0),
        stderr: Buffer.alloc(0),
        timedOut: false,
      }),
    });
    expect(loggedOut.message).toMatch(/not logged in.*gh auth login/);
  });

  it('commits, pushes and opens a pull request through gh when it is installed and logged in', async () => {
    const repo = makeRepo(await temp.make());
    const remote = await temp.make();
    git(remote, 'init', '-q', '--bare');
    git(repo, 'remote', 'add', 'origin', remote);
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'for review\n');
    const asked: string[][] = [];
    const ok = (stdout = '') => ({
      exitCode: 0,
      signal: undefined,
      stdout: Buffer.from(stdout),
      stderr: Buffer.alloc(0),
      timedOut: false,
    });
    const done = await createPullRequest(wt, 'Add notes\n\nWhy: review.', {
      run: async (_file, args) => {
        asked.push([...args]);
        return ok(args[0] === 'pr' ? 'https://github.com/o/r/pull/7\n' : '');
      },
    });
    expect(done).toMatchObject({ ok: true, url: 'https://github.com/o/r/pull/7' });
    expect(git(remote, 'show', 'worktree-a:notes.md')).toBe('for review\n');
    expect(asked.at(-1)).toEqual([
      'pr',
      'create',
      '--base',
      'main',
      '--head',
      'worktree-a',
      '--title',
      'Add notes',
      '--body',
      'Why: review.',
    ]);
  });

  it('a pull request whose push fails says the work was committed, and that nothing was pushed', async () => {
    const repo = makeRepo(await temp.make());
    git(repo, 'remote', 'add', 'origin', path.join(await temp.make(), 'no-such-remote'));
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'for review\n');
    const ok = { exitCode: 0, signal: undefined, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), timedOut: false };
    const done = await createPullRequest(wt, 'Add notes', { run: async () => ok });
    const sha = git(wt.path, 'rev-parse', '--short=7', 'HEAD').trim();
    expect(done).toMatchObject({ ok: false, reason: 'failed' });
    expect(done.message).toMatch(
      new RegExp(`Your work was committed on worktree-a \\(${sha}\\); nothing was pushed\\.$`),
    );
  });

  it('parses merge-tree’s conflicted names', () => {
    expect(parseMergeTree('abc\nnotes.md\nnotes.md\n\nAuto-merging notes.md\n')).toEqual({
      tree: 'abc',
      conflicts: ['notes.md'],
    });
  });
});
