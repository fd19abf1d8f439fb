import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp } from '../src/app/desk-app';
import { processAlive } from '../src/core/process-group';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from './fixtures/real-cli';
import { useTempDirs } from './fixtures/temp-dirs';
import { addWorktree, git, makeRepo, write } from './fixtures/scratch-worktrees';

/**
 * A repository hook that hangs (`sleep 600`), met by `claude-desk land` and by a thread's first turn making its
 * worktree: git's bound names the hook in seconds, Ctrl-C ends git and the hook at once, a killed command line
 * leaves neither running (the crash watchdog), and an interrupted creation leaves nothing half made (issue 45, case 3).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const temp = useTempDirs('cli-git-hooks');

interface Run {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  done: Promise<number>;
}

function start(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [bin, ...args], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return { child, stderr: () => stderr, stdout: () => stdout, done };
}

/** A hook that records its own pid and its child's, then waits on a `sleep 600`. */
function hangingHook(repo: string, event: string, pids: string): void {
  const file = path.join(repo, '.git', 'hooks', event);
  fs.writeFileSync(file, `#!/bin/sh\necho $$ >> '${pids}'\nsleep 600 &\necho $! >> '${pids}'\nwait\n`, { mode: 0o755 });
}

const recorded = (pids: string) =>
  fs.existsSync(pids) ? fs.readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number) : [];

/** Every pid the hook wrote is gone (waited for: a killed process is reaped by init a moment later). */
async function allGone(pids: string): Promise<void> {
  expect(recorded(pids).length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => recorded(pids).filter(processAlive), { timeout: 20_000 }).toEqual([]);
}

async function landThread() {
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
  const pids = path.join(await temp.make(), 'pids');
  hangingHook(repo, 'pre-commit', pids);
  return { env, repo, wt, pids };
}

describe('a repository hook that hangs, during claude-desk land', () => {
  it('past git’s bound: the hook named by event and command, the bound in seconds, the hook and its child ended', async () => {
    const { env, repo, wt, pids } = await landThread();
    const run = start(['land', '--thread', 't', '--merge'], { ...env, CLAUDE_DESK_GIT_TIMEOUT_MS: '3000' });
    expect(await run.done).toBe(1);
    expect(run.stderr()).toMatch(
      /The pre-commit hook \([^)]*hooks\/pre-commit\) did not finish within 3 seconds and was stopped with git: run the hook yourself/,
    );
    await allGone(pids);
    expect(git(repo, 'rev-parse', 'main')).toBe(git(repo, 'rev-parse', wt.branch));
  }, 120_000);

  it('shows the hook and the elapsed time while it runs, and Ctrl-C ends git and the hook at once', async () => {
    const { env, repo, wt, pids } = await landThread();
    const run = start(['land', '--thread', 't', '--merge'], env);
    await expect
      .poll(run.stderr, { timeout: 60_000 })
      .toMatch(/Waiting for the pre-commit hook .* of at most 60 seconds/);
    run.child.kill('SIGINT');
    expect(await run.done).toBe(1);
    expect(run.stderr()).toMatch(
      /Stopped the pre-commit hook \([^)]*\) as asked\. Git did not finish: (commit|merge) again when ready/,
    );
    await allGone(pids);
    expect(git(repo, 'rev-parse', 'main')).toBe(git(repo, 'rev-parse', wt.branch)); // nothing merged
  }, 120_000);

  it('the command line killed mid-land: the crash watchdog ends git and the hook', async () => {
    const { env, pids } = await landThread();
    const run = start(['land', '--thread', 't', '--merge'], env);
    await expect.poll(() => recorded(pids).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    run.child.kill('SIGKILL');
    await run.done;
    await allGone(pids);
  }, 120_000);
});

describe('a post-checkout hook that hangs while a thread’s first turn makes its worktree', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
  });
  afterAll(async () => {
    await mock.close();
    cli.cleanup();
  });

  it('Ctrl-C stops at once; nothing half made stays, the thread still asks for its worktree and gets one next', async () => {
    const repo = makeRepo(await temp.make());
    const dataDir = await temp.make();
    const pids = path.join(await temp.make(), 'pids');
    hangingHook(repo, 'post-checkout', pids);
    const env = {
      ...cli.env,
      CLAUDE_DESK_DATA_DIR: dataDir,
      CLAUDE_DESK_CLI: realCliPath(),
      CLAUDE_DESK_PERMISSION_MODE: 'acceptEdits',
    };
    const run = start(['chat', '--thread', 'fresh', '--project', repo, '--worktree', 'hello'], env);
    await expect
      .poll(run.stderr, { timeout: 60_000 })
      .toMatch(/Waiting for the post-checkout hook \([^)]*hooks\/post-checkout\)/);
    run.child.kill('SIGINT');
    expect(await run.done).toBe(1);
    expect(run.stderr()).toMatch(/Stopped\./);
    await allGone(pids);
    // Nothing half made: no worktree registered or locked, no branch, no folder.
    expect(git(repo, 'worktree', 'list', '--porcelain')).not.toContain('worktrees/fresh');
    expect(git(repo, 'branch', '--list', 'worktree-fresh')).toBe('');
    expect(fs.existsSync(path.join(repo, '.claude', 'worktrees', 'fresh'))).toBe(false);

    // The thread still asks for its own worktree: its next turn makes it (one, with its name) and works there.
    fs.rmSync(path.join(repo, '.git', 'hooks', 'post-checkout'));
    const write = 'SCENARIO:steps [{"name":"Write","input":{"file_path":"$CWD/notes.md","content":"x\\n"}}]';
    const again = start(['chat', '--thread', 'fresh', write], env);
    expect(await again.done, again.stderr()).toBe(0);
    const wt = path.join(repo, '.claude', 'worktrees', 'fresh');
    expect(fs.readFileSync(path.join(wt, 'notes.md'), 'utf8')).toBe('x\n');
    expect(fs.existsSync(path.join(repo, 'notes.md'))).toBe(false);
    expect(git(repo, 'worktree', 'list').trim().split('\n')).toHaveLength(2);
  }, 180_000);
});
