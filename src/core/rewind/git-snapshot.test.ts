import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitWorkTreeRoot, runGit, type GitRunner } from './git-snapshot';

describe('gitWorkTreeRoot', () => {
  let dir: string;
  const calls: string[][] = [];
  const counting: GitRunner = (args, opts) => {
    calls.push(args);
    return runGit(args, opts);
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
    await runGit(['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(calls).toEqual([['rev-parse', '--show-toplevel']]);
  });

  it('asked again for the same folder, git is not started again — until the nearest .git is another one', async () => {
    await runGit(['init', '-q'], { cwd: dir });
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(await gitWorkTreeRoot(path.join(dir, 'a', 'b'), counting)).toBe(dir);
    expect(calls).toHaveLength(1);
    // A repository made inside it: now the folder belongs to that one.
    await runGit(['init', '-q'], { cwd: path.join(dir, 'a') });
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
