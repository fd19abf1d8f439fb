import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitWorkTreeRoot, restoreFiles, snapshotWorkTree } from './git-snapshot';
import { runGitBytes, type GitBytes } from '../git/git-runner';

describe('gitWorkTreeRoot', () => {
  let dir: string;
  const calls: string[][] = [];
  const counting: GitBytes = (args, opts) => {
    calls.push(args);
    return runGitBytes(args, opts);
  };
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'git-root-')));
    calls.length = 0;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a folder in no repository: undefined, and no git process is started (it runs before every turn)', async () => {
    fs.mkdirSync(path.join(dir, 'sub'));
    expect(await gitWorkTreeRoot(path.join(dir, 'sub'), counting)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('a folder inside a repository, however deep: its top, from git', async () => {
    await runGitBytes(['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(calls).toEqual([['rev-parse', '--show-toplevel']]);
  });

  it('asked again for the same folder, git is not started again — until the nearest .git is another one', async () => {
    await runGitBytes(['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(calls).toHaveLength(1);
    // A repository made inside it: now the folder belongs to that one.
    await runGitBytes(['init', '-q'], { cwd: path.join(dir, 'a') });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(path.join(dir, 'a'));
    expect(calls).toHaveLength(2);
    fs.rmSync(path.join(dir, 'a', '.git'), { recursive: true });
    fs.rmSync(path.join(dir, '.git'), { recursive: true });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBeUndefined();
  });

  it('a linked work tree (its .git is a file) still counts', async () => {
    fs.writeFileSync(path.join(dir, '.git'), 'gitdir: /nowhere\n');
    await gitWorkTreeRoot(dir, counting);
    expect(calls).toHaveLength(1);
  });
});

describe('snapshotWorkTree', () => {
  let dir: string;
  beforeEach(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'git-snap-')));
    await runGitBytes(['init', '-q'], { cwd: dir });
    fs.writeFileSync(path.join(dir, 'tracked.txt'), 'one\n');
    fs.writeFileSync(path.join(dir, '.gitignore'), 'ignored.txt\n');
    await runGitBytes(['add', '.'], { cwd: dir });
    await runGitBytes(['-c', 'user.email=u@u', '-c', 'user.name=u', 'commit', '-qm', 'first'], { cwd: dir });
    fs.writeFileSync(path.join(dir, 'tracked.txt'), 'two\n');
    fs.writeFileSync(path.join(dir, 'untracked.txt'), 'new\n');
    fs.writeFileSync(path.join(dir, 'ignored.txt'), 'secret\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = async (...args: string[]) => (await runGitBytes(args, { cwd: dir })).stdout.toString('utf8').trim();
  /** git in the snapshot store, where the snapshots are. */
  const inStore = (...args: string[]) =>
    out(`--git-dir=${path.join(dir, '.git', 'claude-desk', 'snapshots')}`, ...args);

  it('one process or a git command at a time (another runner), the same tree, kept at every ref, the index untouched', async () => {
    const started: string[][] = [];
    const separate: GitBytes = (args, opts) => {
      started.push(args);
      return runGitBytes(args, opts);
    };
    const indexBefore = fs.readFileSync(path.join(dir, '.git', 'index'));
    const one = await snapshotWorkTree(
      dir,
      ['refs/claude-desk/t/m/after', 'refs/claude-desk/t/latest'],
      'snap',
      runGitBytes,
    );
    const two = await snapshotWorkTree(dir, 'refs/claude-desk/t/n/before', 'snap', separate);
    // A runner's first snapshot of a repository finds its store and looks for older snapshots to move there once.
    expect(started.map((a) => a[0])).toEqual([
      'rev-parse',
      'for-each-ref',
      'rev-parse',
      'add',
      'write-tree',
      'commit-tree',
      'update-ref',
    ]);
    started.length = 0;
    await snapshotWorkTree(dir, undefined, 'snap', separate);
    expect(started.map((a) => a[0])).toEqual(['add', 'write-tree', 'commit-tree']);
    expect(await inStore('rev-parse', `${one}^{tree}`)).toBe(await inStore('rev-parse', `${two}^{tree}`));
    expect(await inStore('rev-parse', 'refs/claude-desk/t/m/after')).toBe(one);
    expect(await inStore('rev-parse', 'refs/claude-desk/t/latest')).toBe(one);
    expect(await inStore('rev-parse', 'refs/claude-desk/t/n/before')).toBe(two);
    expect(await out('for-each-ref')).not.toContain('claude-desk');
    expect((await inStore('ls-tree', '--name-only', one)).split('\n').sort()).toEqual([
      '.gitignore',
      'tracked.txt',
      'untracked.txt',
    ]);
    expect(await inStore('show', `${one}:tracked.txt`)).toBe('two');
    expect(fs.readFileSync(path.join(dir, '.git', 'index')).equals(indexBefore)).toBe(true);
    expect(await out('status', '--porcelain')).toBe('M tracked.txt\n?? untracked.txt'); // (trimmed: ' M')
  });

  it("a file rewritten at the same size in the second the user's index was written is snapshotted with its new text", async () => {
    // Racy git, made certain: the entry's cached stat is the file's (its time set back, ctime not trusted), and only
    // the index file's own time — the same second — tells git to read the file again. A copy of the index stamped
    // "now" hid the change (both paths, one process or one command at a time).
    const then = new Date('2020-01-02T03:04:05Z');
    const file = path.join(dir, 'tracked.txt');
    await runGitBytes(['config', 'core.trustctime', 'false'], { cwd: dir });
    fs.writeFileSync(file, 'one\n');
    fs.utimesSync(file, then, then);
    await runGitBytes(['add', 'tracked.txt'], { cwd: dir });
    fs.writeFileSync(file, 'six\n');
    fs.utimesSync(file, then, then);
    fs.utimesSync(path.join(dir, '.git', 'index'), then, then);
    expect(await out('--no-optional-locks', 'status', '--porcelain', '--', 'tracked.txt')).toBe('M tracked.txt'); // git itself sees it
    for (const run of [runGitBytes, ((args, opts) => runGitBytes(args, opts)) as GitBytes]) {
      fs.utimesSync(path.join(dir, '.git', 'index'), then, then);
      const snap = await snapshotWorkTree(dir, undefined, 'snap', run);
      expect(await inStore('show', `${snap}:tracked.txt`)).toBe('six');
    }
  });

  it('a failing git says why; refs outside its namespace are refused before anything runs', async () => {
    await expect(snapshotWorkTree(dir, 'refs/heads/main', 'snap')).rejects.toThrow(/refs\/claude-desk/);
    fs.rmSync(path.join(dir, '.git', 'objects'), { recursive: true });
    await expect(snapshotWorkTree(dir, undefined, 'snap')).rejects.toThrow(/git/);
  });
});

describe('restoreFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'git-restore-')));
    await runGitBytes(['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'app.js'), 'one\n');
    await runGitBytes(['add', '.'], { cwd: dir });
    await runGitBytes(['-c', 'user.email=u@u', '-c', 'user.name=u', 'commit', '-qm', 'first'], { cwd: dir });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('removes the folders a rewound turn made once they are empty, not a folder the snapshot holds', async () => {
    const before = await snapshotWorkTree(dir, undefined, 'before');
    fs.mkdirSync(path.join(dir, 'build', 'out'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'build', 'out', 'bundle.js'), 'built\n');
    fs.writeFileSync(path.join(dir, 'src', 'extra.js'), 'new\n');
    await restoreFiles(dir, before, ['build/out/bundle.js', 'src/extra.js']);
    expect(fs.existsSync(path.join(dir, 'build'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'src'))).toEqual(['app.js']);
  });
});
