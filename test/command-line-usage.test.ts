import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFigure } from '../src/shared/usage';
import { rowsOut } from '../src/command-line/usage-command';
import { startMockAnthropicApi } from './fixtures/mock-anthropic-api';
import { realCliEnv } from './fixtures/real-cli';
import { makeUsageHome, USAGE_SESSIONS } from './fixtures/usage-sessions';
import { ccusageEntry } from './fixtures/ccusage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');

type Run = { code: number; stdout: string; stderr: string };
function run(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { env, cwd: root, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** `claude-desk usage` end to end, on sessions the REAL CLI wrote, beside ccusage on the same HOME. */
describe('claude-desk usage', () => {
  let work: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-usage-cli-'));
    const home = path.join(work, 'home');
    fs.mkdirSync(home);
    const mock = await startMockAnthropicApi();
    try {
      await makeUsageHome(mock, home);
    } finally {
      await mock.close();
    }
    env = {
      ...realCliEnv({ url: 'http://127.0.0.1:9' }, { home }).env,
      CLAUDE_DESK_DATA_DIR: path.join(work, 'desk'),
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
    };
  }, 300_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("writes JSON lines to a pipe: a row per day and the total, equal to ccusage's", async () => {
    const [ours, theirs] = await Promise.all([
      run(process.execPath, [bin, 'usage'], env),
      run(process.execPath, [await ccusageEntry(), 'daily', '--json', '--offline'], env),
    ]);
    expect(ours.code).toBe(0);
    const rows = lines(ours.stdout);
    const cc = JSON.parse(theirs.stdout) as {
      daily: { period: string; inputTokens: number; outputTokens: number }[];
      totals: Record<string, number>;
    };
    expect(rows.filter((r) => r.kind === 'day').map((r) => r.key)).toEqual(cc.daily.map((d) => d.period));
    const total = rows.find((r) => r.kind === 'total')!;
    expect(total).toMatchObject({
      inputTokens: cc.totals.inputTokens,
      outputTokens: cc.totals.outputTokens,
      cacheWriteTokens: cc.totals.cacheCreationTokens,
      cacheReadTokens: cc.totals.cacheReadTokens,
      totalTokens: cc.totals.totalTokens,
      unpricedMessages: 1,
    });
  });

  it('groups by session with titles and folders, narrows to a range, and lists the 5-hour blocks', async () => {
    const sessions = lines((await run(process.execPath, [bin, 'usage', '--json', '--by', 'session'], env)).stdout);
    const agent = sessions.find((r) => r.key === USAGE_SESSIONS.agent)!;
    expect(agent).toMatchObject({ kind: 'session', messages: 3 });
    expect(String(agent.project)).toMatch(/work[\\/]beta$/);
    const unknown = sessions.find((r) => r.key === USAGE_SESSIONS.unknownModel)!;
    expect(unknown).toMatchObject({ costUSD: null, label: 'An unknown model' });

    const days = lines((await run(process.execPath, [bin, 'usage'], env)).stdout).filter((r) => r.kind === 'day');
    const [from, to] = [days[1]!.key as string, days[2]!.key as string];
    const ranged = lines((await run(process.execPath, [bin, 'usage', '--since', from, '--until', to], env)).stdout);
    expect(ranged.filter((r) => r.kind === 'day').map((r) => r.key)).toEqual([from, to]);

    const blocks = lines((await run(process.execPath, [bin, 'usage', '--blocks', '--json'], env)).stdout);
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(blocks.every((b) => b.kind === 'block')).toBe(true);
  });

  it('says what is wrong with a flag, and exits 1', async () => {
    const bad = await run(process.execPath, [bin, 'usage', '--by', 'weeks'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--by takes one of day, week, month, project, model, session');
    const date = await run(process.execPath, [bin, 'usage', '--since', '2026-13-40'], env);
    expect(date.code).toBe(1);
    expect(date.stderr).toContain('--since takes a day as YYYY-MM-DD');
  });
});

describe('the usage table on a terminal', () => {
  it('lines up the figures, totals them, marks estimates and says "unknown" for a cost the table lacks', () => {
    const row = (key: string, cost: number, unpriced: number) => ({
      key,
      label: key,
      models: [],
      ...emptyFigure(),
      input: 1200,
      output: 30,
      cost,
      messages: 1,
      estimated: unpriced ? 0 : 1,
      unpriced,
    });
    const text = rowsOut([row('claude-sonnet-4-5', 1.5, 0), row('claude-opus-5-5', 0, 1)], 'model', false);
    const [head, , first, second, total] = text.split('\n');
    expect(head).toMatch(/^Model\s+Input\s+Output\s+Cache write\s+Cache read\s+Total tokens\s+Cost$/);
    expect(first).toMatch(/^claude-sonnet-4-5\s+1,200\s+30\s+0\s+0\s+1,230\s+~\$1\.50$/);
    expect(second).toMatch(/claude-opus-5-5\s.*\sunknown$/);
    expect(total).toMatch(/^Total\s+2,400\s+60\s+0\s+0\s+2,460\s+~\$1\.50 \+ unknown$/);
    expect(head!.indexOf('Input') + 'Input'.length).toBe(first!.indexOf('1,200') + '1,200'.length);
  });
});
