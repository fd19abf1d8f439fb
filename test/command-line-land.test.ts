import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { useTempDirs } from './fixtures/temp-dirs';
import { addWorktree, fingerprint, git, makeRepo, write } from './fixtures/scratch-worktrees';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const temp = useTempDirs('cli-land');

function run(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir };
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Two worktree threads in one repository, made as the app makes them (the thread's settings hold the worktree). */
async function twoThreads() {
  const dataDir = await temp.make();
  const repo = makeRepo(await temp.make());
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const name of ['first', 'second']) {
      const wt = addWorktree(repo, name);
      const t = await desk.services.threads.create({ title: name });
      await desk.services.threads.updateSettings(t.id, { projectDir: repo, worktree: wt });
      write(wt.path, 'notes.md', `${name} wrote this\n`);
    }
  } finally {
    await desk.shutdown();
  }
  return { dataDir, repo };
}

describe('claude-desk land', () => {
  it('merges the first thread, reports the second’s conflict with its file and exit 1, touching nothing', async () => {
    const { dataDir, repo } = await twoThreads();
    const first = await run(['land', '--thread', 'first', '--merge'], dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Merged worktree-first into main/);
    expect(git(repo, 'show', 'main:notes.md')).toBe('first wrote this\n');
    const before = fingerprint(repo);
    const second = await run(['land', '--thread', 'second', '--merge'], dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/conflicts in notes\.md/);
    expect(second.stderr).toContain('\n  notes.md\n');
    expect(fingerprint(repo)).toBe(before);
  }, 120_000);

  it('discard with an uncommitted change refuses until --force', async () => {
    const { dataDir, repo } = await twoThreads();
    const refused = await run(['land', '--thread', 'second', '--discard'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/1 uncommitted file \(notes\.md\).*\n {2}notes\.md\nAdd --force/);
    expect(fs.existsSync(path.join(repo, '.claude', 'worktrees', 'second', 'notes.md'))).toBe(true);
    const forced = await run(['land', '--thread', 'second', '--discard', '--force'], dataDir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.existsSync(path.join(repo, '.claude', 'worktrees', 'second'))).toBe(false);
    expect(git(repo, 'branch', '--list', 'worktree-second')).toBe('');
    const usage = await run(['land', '--thread', 'second'], dataDir);
    expect(usage).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Choose one of --merge, --keep or --discard/),
    });
  }, 120_000);

  it('the issue’s case from the command line: a thread’s half-way `git merge main` (UU) is refused with its file, main untouched', async () => {
    const { dataDir, repo } = await twoThreads();
    expect((await run(['land', '--thread', 'first', '--merge'], dataDir)).code).toBe(0);
    const wt = path.join(repo, '.claude', 'worktrees', 'second');
    git(wt, 'add', '-A');
    git(wt, 'commit', '-qm', 'second');
    expect(() => git(wt, 'merge', 'main')).toThrow(); // UU notes.md, markers in it
    const before = fingerprint(repo);
    const refused = await run(['land', '--thread', 'second', '--merge'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^A merge is in progress in this thread’s worktree, and notes\.md is still conflicted/,
    );
    expect(refused.stderr).toContain('\n  notes.md\n');
    expect(fingerprint(repo)).toBe(before);
    expect(git(repo, 'show', 'main:notes.md')).toBe('first wrote this\n');
  }, 120_000);
});
