import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { addWorktree, fingerprint, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { changeCounts, parseNumstat, readChanges, readFileSides } from './changes';

const temp = useTempDirs('wt-changes');

describe('a worktree thread’s changes against its base', () => {
  it('lists committed, uncommitted and untracked files with +/−, a rename and a binary', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'alpha');
    write(wt.path, 'notes.md', 'a\nb\n');
    git(wt.path, 'add', 'notes.md');
    git(wt.path, 'commit', '-qm', 'notes');
    write(wt.path, 'app.txt', 'one\nTWO\nthree\nfour\n'); // uncommitted edit
    write(wt.path, 'new/untracked.txt', 'x\n'); // untracked
    git(wt.path, 'mv', 'README.md', 'READ.md'); // staged rename
    write(wt.path, 'logo.bin', Buffer.from([0, 1, 2, 0, 255]));
    const indexBefore = fs.readFileSync(path.join(repo, '.git', 'worktrees', 'alpha', 'index'));
    const userBefore = fingerprint(repo);

    const list = await readChanges(wt);

    const byPath = Object.fromEntries(list.changes.map((c) => [c.path, c]));
    expect(byPath['notes.md']).toMatchObject({ status: 'added', added: 2, removed: 0, uncommitted: false });
    expect(byPath['app.txt']).toMatchObject({ status: 'modified', added: 2, removed: 1, uncommitted: true });
    expect(byPath['new/untracked.txt']).toMatchObject({ status: 'added', added: 1, uncommitted: true });
    expect(byPath['READ.md']).toMatchObject({ status: 'renamed', oldPath: 'README.md', uncommitted: true });
    expect(byPath['logo.bin']).toMatchObject({ binary: true, added: 0, removed: 0 });
    expect(list).toMatchObject({ files: 5, added: 5, removed: 1, ahead: 1, behind: 0 });
    // Reading touched neither the worktree's index nor anything of the user's.
    expect(fs.readFileSync(path.join(repo, '.git', 'worktrees', 'alpha', 'index'))).toEqual(indexBefore);
    expect(fingerprint(repo)).toBe(userBefore);
    expect(git(wt.path, 'status', '--porcelain')).toContain('?? new/');
    expect(await changeCounts(wt)).toEqual({ files: 5, added: 5, removed: 1 });
  });

  it('counts commits the base gained since the branch left it, and leaves them out of the files', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'beta');
    write(repo, 'later.txt', 'on main\n');
    git(repo, 'add', 'later.txt');
    git(repo, 'commit', '-qm', 'later');
    expect(await readChanges(wt)).toMatchObject({ files: 0, ahead: 0, behind: 1, changes: [] });
  });

  it('reads a file before and after, and refuses a path leading out of the worktree', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'gamma');
    write(wt.path, 'app.txt', 'one\n');
    write(wt.path, 'fresh.txt', 'new\n');
    expect(await readFileSides(wt, { path: 'app.txt' })).toMatchObject({
      before: 'one\ntwo\nthree\n',
      after: 'one\n',
      binary: false,
    });
    expect(await readFileSides(wt, { path: 'fresh.txt' })).toMatchObject({ before: null, after: 'new\n' });
    fs.rmSync(path.join(wt.path, 'README.md'));
    expect(await readFileSides(wt, { path: 'README.md' })).toMatchObject({ before: '# Project\n', after: null });
    await expect(readFileSides(wt, { path: '../../../app.txt' })).rejects.toThrow(/not inside/);
  });

  it('parses numstat with renames and binaries', () => {
    expect(parseNumstat('1\t2\ta.txt\0-\t-\tb.bin\x000\t0\t\0old.md\0new.md\0')).toEqual([
      { path: 'a.txt', added: 1, removed: 2, binary: false },
      { path: 'b.bin', added: 0, removed: 0, binary: true },
      { path: 'new.md', oldPath: 'old.md', added: 0, removed: 0, binary: false },
    ]);
  });
});
