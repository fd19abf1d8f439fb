import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { useTempDirs } from './fixtures/temp-dirs';
import { addWorktree, git, makeRepo, write } from './fixtures/scratch-worktrees';

/**
 * `claude-desk land` when git cannot do what it is asked: the thread's worktree folder deleted by hand, its worktree
 * and branch removed with git, or no git on PATH. Each ends in one sentence naming what is missing and what to do,
 * and nothing claims a success git did not have (issue 45, cases 1 and 2).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const temp = useTempDirs('cli-git-faults');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** One worktree thread "t" with an uncommitted file, made as the app makes it. */
async function oneThread() {
  const dataDir = await temp.make();
  const repo = makeRepo(await temp.make());
  const env = { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir };
  const desk = await createDeskApp({ host: 'command-line', env });
  const wt = addWorktree(repo, 't');
  try {
    const t = await desk.services.threads.create({ title: 't' });
    await desk.services.threads.updateSettings(t.id, { projectDir: repo, worktree: wt });
    write(wt.path, 'notes.md', 'work\n');
  } finally {
    await desk.shutdown();
  }
  return { env, repo, wt };
}

/** A PATH with node's folder only: everything the command line needs, and no git. */
async function pathWithoutGit(): Promise<string> {
  const dir = await temp.make();
  fs.symlinkSync(process.execPath, path.join(dir, 'node'));
  return dir;
}

describe('claude-desk land when git cannot do it', () => {
  it('the worktree folder deleted by hand: merge and keep name the missing folder and say what to do', async () => {
    const { env, wt } = await oneThread();
    fs.rmSync(wt.path, { recursive: true, force: true });
    for (const action of ['--merge', '--keep']) {
      const out = await run(['land', '--thread', 't', action], env);
      expect(out.code).toBe(1);
      expect(out.stderr).not.toMatch(/no reason given/);
      expect(out.stderr).toContain(`The thread’s worktree folder ${wt.path} does not exist any more`);
      expect(out.stderr).toMatch(/discard/i);
    }
  }, 120_000);

  it('after git worktree remove and git branch -D: a merge names the folder; a discard says both were gone', async () => {
    const { env, repo, wt } = await oneThread();
    git(repo, 'worktree', 'remove', '--force', wt.path);
    git(repo, 'branch', '-D', wt.branch);
    const merge = await run(['land', '--thread', 't', '--merge'], env);
    expect(merge.code).toBe(1);
    expect(merge.stderr).toContain(`The thread’s worktree folder ${wt.path} does not exist any more`);
    const discard = await run(['land', '--thread', 't', '--discard', '--force'], env);
    expect(discard.code, discard.stderr).toBe(0);
    expect(discard.stdout).toContain(`The worktree and the branch ${wt.branch} were already gone`);
  }, 120_000);

  it('no git on PATH: merge, keep and discard say git is missing; a forced discard removes nothing', async () => {
    const { env, repo, wt } = await oneThread();
    const noGit = { ...env, PATH: await pathWithoutGit() };
    for (const action of ['--merge', '--keep']) {
      const out = await run(['land', '--thread', 't', action], noGit);
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/Git was not found on this computer.*install git/);
    }
    const discard = await run(['land', '--thread', 't', '--discard', '--force'], noGit);
    expect(discard.code).toBe(1);
    expect(discard.stdout).not.toMatch(/Removed/);
    expect(discard.stderr).toMatch(/Git was not found on this computer.*install git.*discard/);
    // Nothing half done: the folder, its registration and its branch are all still there.
    expect(fs.existsSync(path.join(wt.path, 'notes.md'))).toBe(true);
    expect(git(repo, 'worktree', 'list')).toContain(wt.path);
    expect(git(repo, 'branch', '--list', wt.branch)).toContain(wt.branch);
  }, 120_000);
});
