import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { addWorktree, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import type { LandOutcome } from '../../shared/worktree-changes';
import { createDeskApp, type DeskApp } from '../desk-app';

/** This user's processes whose HOME is the scratch home: what `--bg` leaves running after `stop` (case 50). */
function processesWithHome(home: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/environ`, 'utf8').split('\0').includes(`HOME=${home}`);
      } catch {
        return false; // not ours, or gone
      }
    })
    .map(Number);
}

type Ran = { code: number; stdout: string; stderr: string };
function run(file: string, args: string[], env: Record<string, string>, cwd = process.cwd()): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { env, cwd, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const cli = (env: Record<string, string>, cwd: string, args: string[]) => run(realCliPath(), args, env, cwd);
/** The `claude-desk` command line, as a user runs it. */
const BIN = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'claude-desk.mjs');

/**
 * Discard never pulls a worktree from under a live session: a `claude --bg` session started in a thread's worktree
 * (the real CLI against the mock, folder trusted and key approved in the scratch ~/.claude.json, recorded case 54)
 * makes the discard refuse, naming it; asked despite it, or once it is stopped, the worktree goes.
 */
describe.skipIf(process.platform === 'win32')('discard and a live session in the worktree (real CLI)', () => {
  let mock: MockApi;
  let scratch: RealCliEnv;
  let home: string;
  let root: string;
  let desk: DeskApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    scratch = realCliEnv(mock);
    home = fs.realpathSync(scratch.home);
    env = { ...scratch.env, HOME: home };
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'discard-live-')));
    fs.mkdirSync(path.join(root, 'repo'));
    desk = await createDeskApp({
      host: 'command-line',
      env: { ...env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: path.join(root, 'data') },
    });
  });

  afterAll(async () => {
    for (const pid of processesWithHome(home)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await desk?.shutdown();
    await mock?.close();
    scratch?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses while a `--bg` session works in the worktree, naming it; goes on once it is stopped', async () => {
    const repo = makeRepo(path.join(root, 'repo'));
    const wt = addWorktree(repo, 'notes');
    const projects = Object.fromEntries([repo, wt.path].map((p) => [p, { hasTrustDialogAccepted: true }]));
    const config = { projects, customApiKeyResponses: { approved: ['sk-ant-test'], rejected: [] } };
    fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
    const thread = await desk.services.threads.create({ title: 'Write the notes' });
    await desk.services.threads.updateSettings(thread.id, { projectDir: repo, worktree: wt });

    const started = await cli(env, wt.path, ['--bg', 'Hi']);
    expect(started.code).toBe(0);
    const id = /backgrounded · (\S+)/.exec(started.stdout)?.[1];
    expect(id).toBeTruthy();
    // Work not committed: a discard asked before the session is registered is refused (not done) all the same.
    write(wt.path, 'notes.md', 'draft\n');
    const discard = (force = false) => desk.handlers.landThread({ threadId: thread.id, action: 'discard', force });
    // Until the background service has registered it (each discard asks the real CLI afresh: no timer here).
    let out: LandOutcome = await discard();
    for (let i = 0; i < 30 && out.ok === false && out.reason !== 'live-session'; i++) out = await discard();
    expect(out).toMatchObject({ ok: false, reason: 'live-session' });
    expect(out.ok === false && out.sessions?.[0]).toContain(`claude stop ${id}`);
    expect(fs.existsSync(wt.path)).toBe(true);

    expect((await cli(env, repo, ['stop', id!])).code).toBe(0);
    // The service lets go of it a moment later (case 50): ask until it has.
    for (let i = 0; i < 30 && out.ok === false && out.reason === 'live-session'; i++) out = await discard(true);
    expect(out).toMatchObject({ ok: true, action: 'discard' });
    expect(fs.existsSync(wt.path)).toBe(false);
  }, 180_000);

  it('`claude-desk land --discard` refuses the same way, listing the session; `--force` discards anyway', async () => {
    const repo = makeRepo(fs.mkdtempSync(path.join(root, 'cli-repo-')));
    const wt = addWorktree(repo, 'terminal');
    const projects = Object.fromEntries([repo, wt.path].map((p) => [p, { hasTrustDialogAccepted: true }]));
    const config = { projects, customApiKeyResponses: { approved: ['sk-ant-test'], rejected: [] } };
    fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
    const deskEnv = { ...env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: path.join(root, 'cli-data') };
    // The thread as the app makes it, written down before the command line reads the same data dir.
    const maker = await createDeskApp({ host: 'command-line', env: deskEnv });
    try {
      const thread = await maker.services.threads.create({ title: 'Land from the terminal' });
      await maker.services.threads.updateSettings(thread.id, { projectDir: repo, worktree: wt });
    } finally {
      await maker.shutdown();
    }
    const id = /backgrounded · (\S+)/.exec((await cli(env, wt.path, ['--bg', 'Hi'])).stdout)?.[1];
    expect(id).toBeTruthy();
    const land = (...flags: string[]) =>
      run(process.execPath, [BIN, 'land', '--thread', 'Land from the terminal', '--discard', ...flags], deskEnv);
    // Until the background service has registered it: a clean worktree would be discarded, so this one is not clean.
    write(wt.path, 'notes.md', 'draft\n');
    let refused = await land();
    for (let i = 0; i < 30 && !refused.stderr.includes(`claude stop ${id}`); i++) refused = await land();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(`still working in this worktree.*\\n  “.*” \\(background, claude stop ${id}\\)\\nAdd --force`, 's'),
    );
    expect(fs.existsSync(wt.path)).toBe(true);
    const forced = await land('--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.existsSync(wt.path)).toBe(false);
    await cli(env, repo, ['stop', id!]);
  }, 180_000);
});
