import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTagged, ownerPid } from '../src/core/process-sweep';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from './fixtures/real-cli';
import { waitGone } from './fixtures/turn-harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const fakeClaude = path.join(root, 'test', 'fixtures', 'fake-claude.mjs');

async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 60_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `claude-desk chat` ends with its answer, and nothing it started outlives it — even a SIGKILL of it. */
describe.runIf(process.platform === 'linux')('processes of claude-desk chat', () => {
  let dir: string;
  let mock: MockApi;
  let base: ReturnType<typeof realCliEnv>;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-procs-'));
    mock = await startMockAnthropicApi();
    base = realCliEnv(mock);
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('returns after the answer although the CLI never exits and a detached child holds its pipes', async () => {
    const pidFile = path.join(dir, 'lingering-child.pid');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      CLAUDE_DESK_DATA_DIR: path.join(dir, 'data-linger'),
      CLAUDE_DESK_CLI: fakeClaude,
      // Far beyond the test's own limit: only the after-result grace can end this turn in time.
      CLAUDE_DESK_IDLE_TIMEOUT_MS: '600000',
      FAKE_CLAUDE_MODE: 'linger',
      FAKE_CLAUDE_PIDFILE: pidFile,
    };
    const res = await new Promise<{ code: number | string; stdout: string }>((resolve) => {
      execFile(process.execPath, [bin, 'chat', 'Hi'], { env, cwd: root, timeout: 45_000 }, (err, stdout) =>
        resolve({ code: err ? ((err as { code?: number | string }).code ?? 1) : 0, stdout }),
      );
    });
    expect(res.stdout).toBe('Answered and lingering.\n');
    expect(res.code).toBe(0);
    const child = Number(await fs.readFile(pidFile, 'utf8'));
    expect(await waitGone(child)).toBe(true);
  });

  it('a SIGKILL of claude-desk during a Bash tool leaves no process of its turn behind, nor its token', async () => {
    const tmp = path.join(dir, 'tmp-kill');
    await fs.mkdir(tmp);
    const env = {
      ...base.env,
      TMPDIR: tmp, // where the turn's scratch dir (its MCP config holds the bearer token) is made
      IS_SANDBOX: '1', // full access as root (recorded case 26c): the Bash tool runs without a prompt
      CLAUDE_DESK_PERMISSION_MODE: 'bypass',
      CLAUDE_DESK_DATA_DIR: path.join(dir, 'data-kill'),
      CLAUDE_DESK_CLI: realCliPath(),
    };
    const cmd = 'node -e "setTimeout(() => {}, 300000)"';
    const app = spawn(process.execPath, [bin, 'chat', `SCENARIO:bash CMD[${cmd}] Wait long.`], {
      env,
      cwd: root,
      stdio: 'ignore',
    });
    const mine = () => listTagged().filter((p) => ownerPid(p.tag) === app.pid);
    try {
      // The CLI (or its wall), the tool's shell and its node all carry the app's tag.
      await until(() => mine().length >= 3, 'the Bash tool to run');
      const tagged = mine().map((p) => p.pid);
      const scratch = async () => (await fs.readdir(tmp)).filter((n) => n.startsWith(`claude-desk-turn-${app.pid}-`));
      expect(await scratch()).not.toEqual([]);
      app.kill('SIGKILL');
      await until(() => mine().length === 0, 'every tagged process to end', 20_000);
      for (const pid of tagged) expect(await waitGone(pid, 5_000)).toBe(true);
      // Not left for the next start to find: the watchdog removes the dead app's scratch dirs at once.
      await until(async () => (await scratch()).length === 0, 'the scratch dir with the token to be removed', 20_000);
    } finally {
      app.kill('SIGKILL');
      for (const p of mine()) process.kill(p.pid, 'SIGKILL');
    }
  });
});
