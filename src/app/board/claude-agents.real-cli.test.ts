import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { runToEnd } from '../../core/process-runner';
import type { ExternalAgents } from '../../shared/board';
import { AGENTS_FRESH_MS, ClaudeAgents } from './claude-agents';

/** This user's processes whose HOME is the scratch home: what `--bg` leaves running after `stop` (case 50). */
function processesWithHome(home: string): number[] {
  const pids: number[] = [];
  for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${p}/environ`, 'utf8').split('\0').includes(`HOME=${home}`)) pids.push(Number(p));
    } catch {
      // not ours, or gone
    }
  }
  return pids;
}

function cli(env: Record<string, string>, cwd: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(realCliPath(), args, { env, cwd, timeout: 60_000 }, (err, stdout) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
}

/**
 * A background session started in a terminal with `claude --bg` appears in the board's list of sessions running
 * elsewhere: the real CLI against the mock, in a scratch HOME where the folder is trusted and the key approved, as
 * recorded in case 50 (without either the session sits blocked). The session is stopped and its processes ended.
 */
describe.skipIf(process.platform === 'win32')('sessions elsewhere: `claude agents --json` (real CLI)', () => {
  let mock: MockApi;
  let scratch: RealCliEnv;
  let home: string;
  let repo: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    scratch = realCliEnv(mock);
    home = fs.realpathSync(scratch.home);
    env = { ...scratch.env, HOME: home };
    repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'board-bg-repo-')));
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'board@example.com');
    git('config', 'user.name', 'Board Test');
    fs.writeFileSync(path.join(repo, 'README.md'), '# demo\n');
    git('add', '-A');
    git('commit', '-qm', 'init');
    // Workspace trust and the approved key (its last 20 characters), as the interactive dialogs write them.
    const config = {
      projects: { [repo]: { hasTrustDialogAccepted: true } },
      customApiKeyResponses: { approved: ['sk-ant-test'], rejected: [] },
    };
    fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  });

  afterAll(async () => {
    for (const pid of processesWithHome(home)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await mock?.close();
    scratch?.cleanup();
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('lists the `--bg` session with its folder, name, state and transcript id; stopped, it is gone', async () => {
    let now = 0;
    // Every ask runs the CLI again: the clock moves past the freshness window between asks.
    const agents = new ClaudeAgents({
      launcher: { withEnv: async () => ({ file: realCliPath(), env }) },
      run: runToEnd,
      cwd: home,
      now: () => (now += AGENTS_FRESH_MS),
    });
    expect(await agents.list()).toEqual({ ok: true, agents: [] });

    const started = await cli(env, repo, ['--bg', 'Hi']);
    expect(started.code).toBe(0);
    const id = /backgrounded · (\S+)/.exec(started.stdout)?.[1];
    expect(id).toBeTruthy();

    // Until the background service has registered it (each ask is a real CLI run: no timer here).
    let listed: ExternalAgents = { ok: true, agents: [] };
    for (let i = 0; i < 30 && !(listed.ok && listed.agents.some((a) => a.id === id)); i++) listed = await agents.list();
    expect(listed.ok).toBe(true);
    const agent = listed.ok ? listed.agents.find((a) => a.id === id) : undefined;
    expect(agent).toMatchObject({ id, cwd: repo, kind: 'background' });
    expect(agent?.sessionId).toMatch(new RegExp(`^${id}`));
    expect(agent?.name).toBeTruthy();
    expect(agent?.state).not.toBe('blocked'); // trusted and approved: it is not waiting for a login

    expect((await cli(env, repo, ['stop', id!])).code).toBe(0);
    // The service lets go of it a moment later (seen listed as "stopped" once on a busy machine): ask until it has.
    for (let i = 0; i < 30 && !(listed.ok && listed.agents.length === 0); i++) listed = await agents.list();
    expect(listed).toEqual({ ok: true, agents: [] });
  }, 180_000);
});
