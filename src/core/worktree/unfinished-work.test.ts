import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { addWorktree, fingerprint, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { commitAll, keepAsBranch, mergeIntoBase } from './land';
import { findUnfinishedWork, parseMarkerCheck } from './unfinished-work';

const temp = useTempDirs('wt-unfinished');
const ahead = (wt: { path: string }) => git(wt.path, 'rev-list', '--count', 'main..HEAD').trim();

/** main and the thread both changed app.txt's second line: merging one into the other conflicts. */
async function conflicting() {
  const repo = makeRepo(await temp.make());
  const wt = addWorktree(repo, 'a');
  write(wt.path, 'app.txt', 'one\nthe thread’s two\nthree\n');
  git(wt.path, 'commit', '-qam', 'thread');
  write(repo, 'app.txt', 'one\nmain’s two\nthree\n');
  git(repo, 'commit', '-qam', 'main moved on');
  return { repo, wt };
}

describe('nothing broken reaches the base branch', () => {
  it('refuses to merge a thread whose own `git merge main` stopped on a conflict (UU app.txt), main untouched', async () => {
    const { repo, wt } = await conflicting();
    expect(() => git(wt.path, 'merge', 'main')).toThrow(); // as the thread did: UU app.txt, markers in it
    expect(git(wt.path, 'status', '--porcelain')).toContain('UU app.txt');
    const before = fingerprint(repo);
    const head = git(wt.path, 'rev-parse', 'HEAD');
    const done = await mergeIntoBase(wt, 'Merge');
    expect(done).toMatchObject({ ok: false, action: 'merge', reason: 'unfinished', files: ['app.txt'] });
    expect(done.message).toMatch(/^A merge is in progress in this thread’s worktree, and app\.txt is still conflicted/);
    expect(done.message).toMatch(/nothing was changed/);
    expect(git(repo, 'show', 'main:app.txt')).toBe('one\nmain’s two\nthree\n');
    expect(fingerprint(repo)).toBe(before);
    expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(head); // the thread's branch did not move either
    expect(git(wt.path, 'status', '--porcelain')).toContain('UU app.txt');
    // Commit, Keep as branch: refused alike.
    expect(await commitAll(wt, 'x')).toMatchObject({ ok: false, reason: 'unfinished' });
    expect(await keepAsBranch(wt, 'x')).toMatchObject({ ok: false, reason: 'unfinished' });
    expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('refuses conflict markers committed on the branch, or left in an uncommitted file, naming them', async () => {
    const { repo, wt } = await conflicting();
    expect(() => git(wt.path, 'merge', 'main')).toThrow();
    git(wt.path, 'commit', '-qam', 'markers and all'); // a careless `git commit -a` finished the merge with markers
    expect(await findUnfinishedWork(runGit, wt)).toEqual({ conflicted: [], markers: ['app.txt'] });
    const before = fingerprint(repo);
    const done = await mergeIntoBase(wt, 'x');
    expect(done).toMatchObject({ ok: false, reason: 'unfinished', files: ['app.txt'] });
    expect(done.message).toMatch(/^App\.txt still has conflict markers \(<<<<<<<\), so nothing was changed/);
    expect(fingerprint(repo)).toBe(before);
    write(wt.path, 'app.txt', 'one\nboth twos\nthree\n');
    write(wt.path, 'notes.md', '<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> main\n');
    expect(await commitAll(wt, 'x')).toMatchObject({ ok: false, reason: 'unfinished', files: ['notes.md'] });
    fs.rmSync(path.join(wt.path, 'notes.md'));
    expect(await mergeIntoBase(wt, 'Resolve')).toMatchObject({ ok: true });
    expect(git(repo, 'show', 'main:app.txt')).toBe('one\nboth twos\nthree\n');
  });

  it('refuses while a rebase is stopped half way', async () => {
    const { wt } = await conflicting();
    expect(() => git(wt.path, 'rebase', 'main')).toThrow();
    const u = await findUnfinishedWork(runGit, wt);
    expect(u).toMatchObject({ operation: 'rebase', conflicted: ['app.txt'] });
    expect((await commitAll(wt, 'x')).message).toMatch(/^A rebase is in progress/);
  });

  it('a merge refused for a conflict commits nothing: the branch stays 0 ahead (the issue’s untrue “nothing was changed”)', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(repo, 'app.txt', 'main’s\n');
    git(repo, 'commit', '-qam', 'main');
    write(wt.path, 'app.txt', 'the thread’s\n'); // not committed
    const before = fingerprint(repo);
    const done = await mergeIntoBase(wt, 'x');
    expect(done).toMatchObject({ ok: false, reason: 'conflict', files: ['app.txt'] });
    expect(done.message).toMatch(/nothing was changed/);
    expect(ahead(wt)).toBe('0');
    expect(git(wt.path, 'status', '--porcelain')).toBe(' M app.txt\n');
    expect(fingerprint(repo)).toBe(before);
  });

  it('counts a file only with a <<<<<<< or >>>>>>> line (a lone ======= is a Markdown underline)', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'doc.md', 'Title\n=======\n\ntext\n');
    expect(await findUnfinishedWork(runGit, wt)).toBeUndefined();
    expect(parseMarkerCheck('a:b.txt:3: leftover conflict marker\na:b.txt:5: leftover conflict marker\n')).toEqual(
      new Map([['a:b.txt', [3, 5]]]),
    );
  });
});

import { runGit } from '../git/git-runner';
