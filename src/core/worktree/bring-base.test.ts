import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { addWorktree, fingerprint, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { abortBring, bringBase, finishBring } from './bring-base';
import { mergeIntoBase } from './land';

const temp = useTempDirs('wt-bring');
const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

/** Everything of the worktree a user could lose: HEAD, the index's entries, every file and its status. */
function worktreeState(dir: string): string {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !f.startsWith('.git') && fs.statSync(path.join(dir, f)).isFile())
    .sort()
    .map((f) => `${f}:${read(dir, f)}`);
  return [git(dir, 'rev-parse', 'HEAD'), git(dir, 'ls-files', '-s'), git(dir, 'status', '--porcelain'), ...files].join(
    '\n',
  );
}

/** main and the thread both changed app.txt's second line (the thread's change committed or not). */
async function conflicting(opts: { committed?: boolean } = {}) {
  const repo = makeRepo(await temp.make());
  const wt = addWorktree(repo, 'a');
  write(wt.path, 'app.txt', 'one\nthe thread’s two\nthree\n');
  if (opts.committed !== false) git(wt.path, 'commit', '-qam', 'thread');
  write(repo, 'app.txt', 'one\nmain’s two\nthree\n');
  git(repo, 'commit', '-qam', 'main moved on');
  return { repo, wt };
}

describe('bringing the base into a thread', () => {
  it('merges, stops on the conflict, refuses markers, then completes the merge commit staging only the conflicted file', async () => {
    const { repo, wt } = await conflicting();
    const userBefore = fingerprint(repo);
    const stopped = await bringBase(wt, 'merge', 'unused');
    expect(stopped).toMatchObject({ ok: true, done: false, how: 'merge', files: ['app.txt'] });
    expect(stopped.message).toMatch(/^Merging main stopped on conflicts in app\.txt/);
    expect(read(wt.path, 'app.txt')).toContain('<<<<<<<');
    // Claude (or the user) only half done: the markers are still there.
    const refused = await finishBring(wt);
    expect(refused).toMatchObject({ ok: false, reason: 'unfinished', files: ['app.txt'] });
    expect(refused.message).toMatch(/nothing was committed/);
    write(wt.path, 'app.txt', 'one\nboth twos\nthree\n');
    write(wt.path, 'other.txt', 'not asked for\n'); // a file nobody asked to change stays out of the merge
    const done = await finishBring(wt);
    expect(done).toMatchObject({
      ok: true,
      done: true,
      message: expect.stringMatching(/^Brought main into worktree-a/),
    });
    expect(git(wt.path, 'log', '-1', '--format=%P').trim().split(' ')).toHaveLength(2);
    expect(git(wt.path, 'show', 'HEAD:app.txt')).toBe('one\nboth twos\nthree\n');
    expect(git(wt.path, 'status', '--porcelain')).toBe('?? other.txt\n');
    expect(fingerprint(repo)).toBe(userBefore); // main and the user's checkout: untouched all along
    fs.rmSync(path.join(wt.path, 'other.txt'));
    expect(await mergeIntoBase(wt, 'x')).toMatchObject({ ok: true, message: expect.stringContaining('fast-forward') });
    expect(git(repo, 'show', 'main:app.txt')).toBe('one\nboth twos\nthree\n');
  });

  it('rebases commit by commit, stopping on each conflict', async () => {
    const { wt } = await conflicting();
    write(wt.path, 'app.txt', 'one\nthe thread’s two, again\nthree\n');
    git(wt.path, 'commit', '-qam', 'thread again');
    const first = await bringBase(wt, 'rebase', 'unused');
    expect(first).toMatchObject({ ok: true, done: false, how: 'rebase', files: ['app.txt'] });
    write(wt.path, 'app.txt', 'one\nmerged two\nthree\n');
    const second = await finishBring(wt);
    expect(second).toMatchObject({ ok: true, done: false, files: ['app.txt'] });
    write(wt.path, 'app.txt', 'one\nmerged two, again\nthree\n');
    expect(await finishBring(wt)).toMatchObject({ ok: true, done: true, message: 'Rebased worktree-a onto main.' });
    expect(git(wt.path, 'log', '--format=%s', 'main..HEAD').trim().split('\n')).toEqual(['thread again', 'thread']);
    expect(git(wt.path, 'merge-base', '--is-ancestor', 'main', 'HEAD')).toBe('');
  });

  it('commits uncommitted work first, and abort puts the worktree back exactly, index and untracked files too', async () => {
    for (const how of ['merge', 'rebase'] as const) {
      const { repo, wt } = await conflicting({ committed: false });
      write(wt.path, 'staged.txt', 'staged\n');
      git(wt.path, 'add', 'staged.txt');
      write(wt.path, 'untracked.txt', 'untracked\n');
      const before = worktreeState(wt.path);
      const userBefore = fingerprint(repo);
      const stopped = await bringBase(wt, how, 'Work so far');
      expect(stopped).toMatchObject({ ok: true, done: false, files: ['app.txt'] });
      expect(stopped.message).toMatch(/^Your uncommitted work was committed first/);
      expect(await abortBring(wt)).toMatchObject({ ok: true, done: true });
      expect(worktreeState(wt.path)).toBe(before);
      expect(fingerprint(repo)).toBe(userBefore);
    }
  });

  it('brings a base that merges cleanly in one go, and says so when there is nothing to bring', async () => {
    const repo = makeRepo(await temp.make());
    const wt = addWorktree(repo, 'a');
    write(wt.path, 'notes.md', 'the thread’s\n');
    write(repo, 'later.txt', 'later\n');
    git(repo, 'add', 'later.txt');
    git(repo, 'commit', '-qm', 'later');
    expect(await bringBase(wt, 'merge', 'Notes')).toMatchObject({ ok: true, done: true });
    expect(read(wt.path, 'later.txt')).toBe('later\n');
    expect(git(wt.path, 'show', 'HEAD~1:notes.md')).toBe('the thread’s\n');
    expect((await bringBase(wt, 'rebase', 'x')).message).toMatch(/^Nothing to bring in/);
  });

  it('refuses while another operation is stopped half way, changing nothing', async () => {
    const { wt } = await conflicting();
    expect(() => git(wt.path, 'merge', 'main')).toThrow();
    const before = worktreeState(wt.path);
    const r = await bringBase(wt, 'rebase', 'x');
    expect(r).toMatchObject({ ok: false, reason: 'unfinished', files: ['app.txt'] });
    expect(r.message).toMatch(/^A merge is already in progress .* nothing was changed/);
    expect(worktreeState(wt.path)).toBe(before);
    // An abort works on a merge Claude Desk did not start, too.
    expect(await abortBring(wt)).toMatchObject({ ok: true });
    expect(git(wt.path, 'status', '--porcelain')).toBe('');
  });
});
