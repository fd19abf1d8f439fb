import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import { createThreadWorktree, WorktreeUnavailable } from './create-worktree';
import { WORKTREES_EXCLUDE_LINE } from './info-exclude';
import { worktreeNameFrom } from './worktree-name';
import type { Git } from '../git/git-runner';

const temp = useTempDirs('worktree-create');

const unavailable = async (p: Promise<unknown>): Promise<WorktreeUnavailable> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorktreeUnavailable);
  return err as WorktreeUnavailable;
};

describe('createThreadWorktree', () => {
  it("makes Claude Code's layout from the branch checked out, hidden from the user's git status, once", async () => {
    const repo = scratchRepo(await temp.make());
    git(repo, 'checkout', '-q', '-b', 'feature');
    const wt = await createThreadWorktree({ projectDir: repo, name: 'fix-login' });
    expect(wt).toEqual({
      name: 'fix-login',
      repo,
      path: path.join(repo, '.claude', 'worktrees', 'fix-login'),
      branch: 'worktree-fix-login',
      base: 'feature',
      state: 'ready',
    });
    expect(git(wt.path, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('worktree-fix-login');
    expect(git(wt.path, 'rev-parse', 'HEAD')).toBe(git(repo, 'rev-parse', 'feature'));
    expect(git(repo, 'worktree', 'list')).toContain(wt.path);
    // Nothing in the user's own status: the exclude line is in the common git dir, no tracked file changed.
    expect(git(repo, 'status', '--porcelain')).toBe('');
    const exclude = () => fs.readFileSync(path.join(repo, '.git', 'info', 'exclude'), 'utf8');
    expect(
      exclude()
        .split('\n')
        .filter((l) => l === WORKTREES_EXCLUDE_LINE),
    ).toHaveLength(1);
    // A second thread: the line is not written again.
    const second = await createThreadWorktree({ projectDir: repo, name: 'other' });
    expect(second.path).toBe(path.join(repo, '.claude', 'worktrees', 'other'));
    expect(
      exclude()
        .split('\n')
        .filter((l) => l === WORKTREES_EXCLUDE_LINE),
    ).toHaveLength(1);
  });

  it('locks the worktree with a reason naming Claude Desk and the thread, so prune and plain removal leave it', async () => {
    const repo = scratchRepo(await temp.make());
    const wt = await createThreadWorktree({ projectDir: repo, name: 'fix-login', thread: 'Fix the\nlogin page' });
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain('locked Claude Desk thread: Fix the login page');
    // A folder briefly gone (an unmounted disk) is not pruned away, and another tool's plain remove is refused.
    fs.renameSync(wt.path, `${wt.path}.away`);
    git(repo, 'worktree', 'prune');
    fs.renameSync(`${wt.path}.away`, wt.path);
    expect(git(repo, 'worktree', 'list')).toContain(wt.path);
    expect(() => git(repo, 'worktree', 'remove', wt.path)).toThrow(/locked/);
  });

  it("never touches the user's index, stash, uncommitted files or checked-out branch", async () => {
    const repo = scratchRepo(await temp.make(), { 'a.txt': 'one\n', 'b.txt': 'one\n' });
    fs.writeFileSync(path.join(repo, 'a.txt'), 'staged\n');
    git(repo, 'add', 'a.txt');
    fs.writeFileSync(path.join(repo, 'b.txt'), 'unstaged\n');
    fs.writeFileSync(path.join(repo, 'c.txt'), 'untracked\n');
    git(repo, 'stash', 'push', '-q', '--keep-index', '--', 'b.txt');
    fs.writeFileSync(path.join(repo, 'b.txt'), 'unstaged again\n');
    const before = {
      status: git(repo, 'status', '--porcelain'),
      index: fs.readFileSync(path.join(repo, '.git', 'index')),
      stash: git(repo, 'stash', 'list'),
      head: git(repo, 'symbolic-ref', 'HEAD'),
    };
    const wt = await createThreadWorktree({ projectDir: repo, name: 't' });
    expect(git(repo, 'status', '--porcelain')).toBe(before.status);
    expect(fs.readFileSync(path.join(repo, '.git', 'index')).equals(before.index)).toBe(true);
    expect(git(repo, 'stash', 'list')).toBe(before.stash);
    expect(git(repo, 'symbolic-ref', 'HEAD')).toBe(before.head);
    // The worktree starts from the commit, without the user's uncommitted work.
    expect(fs.readFileSync(path.join(wt.path, 'a.txt'), 'utf8')).toBe('one\n');
    expect(fs.existsSync(path.join(wt.path, 'c.txt'))).toBe(false);
  });

  it('copies the ignored files .worktreeinclude names, and only those', async () => {
    const repo = scratchRepo(await temp.make(), {
      '.gitignore': '.env\nconfig/local.json\nbuild/\n',
      '.worktreeinclude': '.env\nconfig/local.json\ntracked.txt\n',
      'tracked.txt': 'tracked\n',
    });
    fs.writeFileSync(path.join(repo, '.env'), 'SECRET=1\n', { mode: 0o600 });
    fs.mkdirSync(path.join(repo, 'config'));
    fs.writeFileSync(path.join(repo, 'config', 'local.json'), '{}\n');
    fs.mkdirSync(path.join(repo, 'build'));
    fs.writeFileSync(path.join(repo, 'build', 'out.js'), 'x\n'); // ignored, not listed
    fs.writeFileSync(path.join(repo, 'tracked.txt'), 'changed by the user\n'); // listed, not ignored
    fs.symlinkSync('/etc/hostname', path.join(repo, 'linked.env'));
    fs.appendFileSync(path.join(repo, '.gitignore'), 'linked.env\n');
    fs.appendFileSync(path.join(repo, '.worktreeinclude'), 'linked.env\n');
    const wt = await createThreadWorktree({ projectDir: repo, name: 'env' });
    expect(fs.readFileSync(path.join(wt.path, '.env'), 'utf8')).toBe('SECRET=1\n');
    expect(fs.statSync(path.join(wt.path, '.env')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(wt.path, 'config', 'local.json'), 'utf8')).toBe('{}\n');
    expect(fs.existsSync(path.join(wt.path, 'build'))).toBe(false);
    expect(fs.readFileSync(path.join(wt.path, 'tracked.txt'), 'utf8')).toBe('tracked\n');
    expect(fs.existsSync(path.join(wt.path, 'linked.env'))).toBe(false);
  });

  it('a name whose folder or branch exists already: the next free one', async () => {
    const repo = scratchRepo(await temp.make());
    fs.mkdirSync(path.join(repo, '.claude', 'worktrees', 'notes'), { recursive: true });
    git(repo, 'branch', 'worktree-notes-2');
    const wt = await createThreadWorktree({ projectDir: repo, name: 'notes' });
    expect(wt.name).toBe('notes-3');
    expect(wt.branch).toBe('worktree-notes-3');
    // Two threads asking for the same name at once get two worktrees.
    const [a, b] = await Promise.all([
      createThreadWorktree({ projectDir: repo, name: 'same' }),
      createThreadWorktree({ projectDir: repo, name: 'same' }),
    ]);
    expect([a.name, b.name].sort()).toEqual(['same', 'same-2']);
  });

  it('from a folder inside the repository: the worktree is made at its top', async () => {
    const repo = scratchRepo(await temp.make(), { 'src/app.ts': 'x\n' });
    const wt = await createThreadWorktree({ projectDir: path.join(repo, 'src'), name: 'sub' });
    expect(wt.repo).toBe(repo);
    expect(wt.path).toBe(path.join(repo, '.claude', 'worktrees', 'sub'));
  });

  it('no commit, a detached HEAD, no repository, no git: one sentence each, nothing made', async () => {
    const empty = scratchRepo(await temp.make(), {});
    const noCommit = await unavailable(createThreadWorktree({ projectDir: empty, name: 'x' }));
    expect(noCommit.reason).toBe('no-commit');
    expect(noCommit.message).toMatch(/no commit yet.*project folder itself.*first commit/);

    const repo = scratchRepo(await temp.make());
    git(repo, 'checkout', '-q', '--detach');
    const detached = await unavailable(createThreadWorktree({ projectDir: repo, name: 'x' }));
    expect(detached.reason).toBe('detached');
    expect(detached.message).toMatch(/detached HEAD.*Check out a branch/);
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(1);

    const plain = fs.realpathSync(await temp.make());
    expect((await unavailable(createThreadWorktree({ projectDir: plain, name: 'x' }))).reason).toBe('not-git');

    const noGit: Git = async () => ({ code: 127, stdout: '', stderr: '' });
    const missing = await unavailable(createThreadWorktree({ projectDir: plain, name: 'x', git: noGit }));
    expect(missing.reason).toBe('git-missing');
    expect(missing.message).toMatch(/Git was not found.*Install git/);
  });
});

describe('worktreeNameFrom', () => {
  it("a thread's title becomes a folder and branch name; an empty one falls back to the id", () => {
    expect(worktreeNameFrom('Fix the login page!', 'abc')).toBe('fix-the-login-page');
    expect(worktreeNameFrom('Café — résumé', 'abc')).toBe('cafe-resume');
    expect(worktreeNameFrom('   ', 'a1b2c3d4-ffff')).toBe('a1b2c3d4-ffff');
    expect(worktreeNameFrom('../../etc', 'x')).toBe('etc');
    expect(worktreeNameFrom('x'.repeat(80), 'y')).toHaveLength(40);
  });
});
