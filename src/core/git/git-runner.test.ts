import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGit } from './git-runner';
import { gitWorkTreeRoot, snapshotWorkTree } from '../rewind/git-snapshot';

/**
 * One environment policy for every git call: a GIT_DIR (or GIT_WORK_TREE, GIT_INDEX_FILE) the app inherited — from
 * a git hook that started it, or a shell that set one — never sends git to another repository than the folder's.
 */
describe('git, with a GIT_DIR inherited from what started the app', () => {
  let root: string;
  let project: string;
  let elsewhere: string;
  const saved = { GIT_DIR: process.env.GIT_DIR, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
  beforeEach(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'git-env-')));
    project = path.join(root, 'project');
    elsewhere = path.join(root, 'elsewhere');
    for (const dir of [project, elsewhere]) {
      fs.mkdirSync(dir);
      await runGit(['init', '-q'], { cwd: dir });
    }
    fs.writeFileSync(path.join(project, 'a.txt'), 'mine\n');
    process.env.GIT_DIR = path.join(elsewhere, '.git');
    process.env.GIT_INDEX_FILE = path.join(elsewhere, '.git', 'index');
  });
  afterEach(() => {
    if (saved.GIT_DIR === undefined) delete process.env.GIT_DIR;
    else process.env.GIT_DIR = saved.GIT_DIR;
    if (saved.GIT_INDEX_FILE === undefined) delete process.env.GIT_INDEX_FILE;
    else process.env.GIT_INDEX_FILE = saved.GIT_INDEX_FILE;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("reads the folder's own repository", async () => {
    const status = await runGit(['status', '--porcelain'], { cwd: project });
    expect(status.stdout).toContain('a.txt');
    expect(await gitWorkTreeRoot(path.join(project))).toBe(project);
  });

  it("a rewind snapshot goes into the folder's repository, and nothing into the other one", async () => {
    await snapshotWorkTree(project, 'refs/claude-desk/t/1', 'before');
    expect(fs.existsSync(path.join(project, '.git', 'claude-desk', 'snapshots'))).toBe(true);
    expect(fs.existsSync(path.join(elsewhere, '.git', 'claude-desk'))).toBe(false);
  });
});
