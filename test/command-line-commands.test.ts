import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockAnthropicApi, type MockApi } from './fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, realCliVersion } from './fixtures/real-cli';
import { UNICODE_CHUNKS } from './fixtures/mock-scenarios';
import { BudgetStore } from '../src/core/usage/usage-budget';
import { dataDirLayout } from '../src/core/store/data-dir';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env, cwd: root, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The command-line front door, as a user runs it: `npx claude-desk status | doctor | chat`. */
describe('claude-desk command line', () => {
  let mock: MockApi;
  let dataDir: string;
  let base: ReturnType<typeof realCliEnv>;

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    base = realCliEnv(mock);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-'));
  });
  afterAll(async () => {
    await mock.close();
    base.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}) => ({
    ...base.env,
    CLAUDE_DESK_DATA_DIR: dataDir,
    CLAUDE_DESK_CLI: realCliPath(),
    ...extra,
  });

  it('status --json reports the CLI, login and wall; exit 0 when ready', async () => {
    const res = await run(['status', '--json'], env());
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out.cli).toEqual({ status: 'ok', version: realCliVersion(), path: realCliPath(), source: 'override' });
    expect(out.auth).toMatchObject({ loggedIn: true, method: 'env_api_key' });
    expect(out.sandbox.kind).toMatch(/^(bubblewrap|none|seatbelt)$/);
  });

  it('status exits 1 and names the override when the CLI is missing', async () => {
    const res = await run(['status', '--json'], env({ CLAUDE_DESK_CLI: path.join(dataDir, 'no-such-claude') }));
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout).cli.status).toBe('not_installed');
    const text = await run(['status'], env({ CLAUDE_DESK_CLI: path.join(dataDir, 'no-such-claude') }));
    expect(text.stdout).toMatch(/install/i);
  });

  it('doctor prints where it looked and where the data lives', async () => {
    const res = await run(['doctor'], env());
    expect(res.stdout).toContain(dataDir);
    expect(res.stdout).toMatch(/Sandbox|wall/i);
  });

  it('piped to a file, chat writes the answer byte for byte: every script, emoji joined by zero-width joiners', async () => {
    const out = await new Promise<{ code: number; stdout: Buffer }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, 'chat', '-'],
        { env: env(), cwd: root, timeout: 90_000, encoding: 'buffer' },
        (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      );
      child.stdin!.end('Say it in every script. SCENARIO:unicode');
    });
    expect(out.code).toBe(0);
    // Like `claude -p`, the answer ends with one newline when Claude's own text does not.
    expect(out.stdout.equals(Buffer.from(`${UNICODE_CHUNKS.join('')}\n`, 'utf8'))).toBe(true);
    expect(out.stdout.toString('utf8')).toContain('👩\u200d💻');
  });

  it('chat streams the answer, resumes a named thread, and exits 0', async () => {
    const first = await run(['chat', '--thread', 'cli-test', 'Hello there'], env());
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('Hello from the mock API.\n');
    expect(first.code).toBe(0);
    const second = await run(['chat', '--thread', 'cli-test', '--json', 'Second message'], env());
    expect(second.code).toBe(0);
    const events = second.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.at(-1)).toMatchObject({ type: 'finished', status: 'done' });
    expect(JSON.stringify(mock.requests.at(-1)!.body.messages)).toContain('Hello there');
  });

  it("chat --json: three identical turns on one thread each report the turn's own cost; the thread total is their sum", async () => {
    const costs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await run(['chat', '--thread', 'costs', '--json', 'The same question'], env());
      expect(res.code).toBe(0);
      const result = res.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .find((e) => e.type === 'result');
      costs.push(result.verdict.costUsd);
      // The CLI's own figure is the session's running total (recorded cases 02, 11c): kept beside it.
      expect(result.verdict.sessionCostUsd).toBeCloseTo(
        costs.reduce((a, b) => a + b, 0),
        10,
      );
    }
    expect(costs[0]).toBeGreaterThan(0);
    for (const c of costs) expect(Math.abs(c - costs[0]!) / costs[0]!).toBeLessThan(0.01);
    const index = JSON.parse(await fs.readFile(path.join(dataDir, 'state', 'threads', 'index.json'), 'utf8'));
    const thread = index.threads.find((t: { title: string }) => t.title === 'costs');
    expect(thread.totals.turns).toBe(3);
    expect(thread.totals.costUsd).toBeCloseTo(costs[0]! + costs[1]! + costs[2]!, 10);
  });

  it('chat stays for a background sub-agent: its work, its end and the follow-up answer, then exits 0', async () => {
    const agent = {
      name: 'Agent',
      input: {
        description: 'Say hi from a sub-agent',
        subagent_type: 'general-purpose',
        prompt: 'SCENARIO:bash CMD[echo sub-agent-says-hi] do it',
      },
    };
    const res = await run(
      ['chat', '--thread', 'background', `SCENARIO:steps ${JSON.stringify([agent])}`],
      env({ CLAUDE_DESK_PERMISSION_MODE: 'ask' }),
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('[sub-agent] working in the background…');
    expect(res.stderr).toContain('[sub-agent tool] Bash');
    expect(res.stderr.indexOf('[sub-agent] done')).toBeGreaterThan(res.stderr.indexOf('[sub-agent tool] Bash'));
    // The turn the CLI started by itself after the sub-agent reported answered within this chat.
    expect(res.stdout).toContain('Hello from the mock API.');
  });

  it('chat --project with a missing folder exits 1 with a clear message and sends nothing', async () => {
    const sent = mock.requests.length;
    const missing = path.join(dataDir, 'no-such-project');
    const res = await run(['chat', '--project', missing, 'Hi'], env());
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(`The project folder ${missing} does not exist.`);
    expect(res.stdout).toBe('');
    expect(mock.requests.length).toBe(sent);
    const bad = await run(['chat', '--model', '--add-dir=/', 'Hi'], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/model name/);
  });

  it('chat refuses a turn over a spent budget with a sentence, and sends it with --over-budget', async () => {
    const own = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-cli-budget-'));
    try {
      const e = env({ CLAUDE_DESK_DATA_DIR: own });
      const first = await run(['chat', '--thread', 'spend', '--model', 'claude-sonnet-4-5', 'Hello'], e);
      expect(first.code).toBe(0);
      // A monthly budget (the turn just sent is in this month's window whatever the hour) smaller than that turn.
      await new BudgetStore(dataDirLayout(own).stateDir).set({ period: 'month', amountUsd: 0.000001 });
      const sent = mock.requests.length;
      const refused = await run(['chat', '--thread', 'spend', 'Again'], e);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toMatch(
        /^Over budget: \$[\d.]+(?: \+ unknown)? of \$0\.000001 this month\. Nothing was sent\. Add --over-budget to send anyway, or raise the budget in Usage\.$/,
      );
      expect(mock.requests.length).toBe(sent);
      // A new thread (named or not, in a folder or not) is refused before anything is made: no empty thread left.
      const logs = async () =>
        (await fs.readdir(dataDirLayout(own).threadsDir)).filter((f) => f.endsWith('.jsonl')).sort();
      const before = await logs();
      for (const args of [['--thread', 'fresh'], [], ['--thread', 'in-folder', '--project', own]]) {
        const none = await run(['chat', ...args, 'Hi'], e);
        expect(none.code).toBe(1);
        expect(none.stderr.trim()).toMatch(/^Over budget: .* Nothing was sent\./);
      }
      expect(await logs()).toEqual(before);
      expect(mock.requests.length).toBe(sent);
      const anyway = await run(['chat', '--thread', 'spend', '--over-budget', 'Again'], e);
      expect(anyway.code).toBe(0);
      expect(mock.requests.length).toBeGreaterThan(sent);
    } finally {
      await fs.rm(own, { recursive: true, force: true });
    }
  });

  it('chat exits 2 when login is required', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-nologin-'));
    const noKey = env({ HOME: home });
    delete (noKey as Record<string, string | undefined>).ANTHROPIC_API_KEY;
    const res = await run(['chat', 'Hi'], noKey);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/log ?in/i);
  });

  it("chat - reads a message over 128 KiB from stdin (one argument that long cannot even be exec'd)", async () => {
    const marker = `LONG-MESSAGE-END-${Date.now()}`;
    const message = `${'lorem ipsum '.repeat(12 * 1024)}${marker}`; // ~144 KiB
    const res = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, 'chat', '--thread', 'stdin-test', '-'],
        { env: env(), cwd: root, timeout: 90_000, maxBuffer: 1 << 24 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end(message);
    });
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe('Hello from the mock API.\n');
    expect(res.code).toBe(0);
    expect(JSON.stringify(mock.requests.at(-1)!.body.messages)).toContain(marker);
    const help = await run(['chat', '--help'], env());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/from stdin/);
  });

  it('rejects unknown options with usage', async () => {
    const res = await run(['status', '--jsn'], env());
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Unknown option --jsn');
  });
});
