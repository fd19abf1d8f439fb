/**
 * The usage figures against sessions the REAL CLI wrote (test/fixtures/usage-sessions.ts: several days and models, a
 * resumed and a forked session, a sub-agent, cache tokens, a model without a price) and against two independent
 * counts on the same HOME: one made here straight from the JSONL, and ccusage's own (`ccusage daily|session --json
 * --offline`, test/fixtures/ccusage.ts). Tokens per day, per model and per session equal, to the token.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi } from '../../../test/fixtures/mock-anthropic-api';
import { makeUsageHome, USAGE_SESSIONS } from '../../../test/fixtures/usage-sessions';
import { ccusageEntry } from '../../../test/fixtures/ccusage';
import { HistoryIndex } from '../history/history-index';
import { cliProjectsDir } from '../history/cli-projects-dir';
import { countedMessages } from './counted-messages';
import { UsageLedger } from './usage-ledger';
import { groupRows, usageItems, type UsageItem } from './usage-report';

const run = promisify(execFile);

interface CcTokens {
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
  totalCost: number;
}
interface CcPeriod extends CcTokens {
  period: string;
  modelBreakdowns: (Omit<CcTokens, 'totalCost'> & { modelName: string; cost: number })[];
}

let root: string;
let home: string;
let items: UsageItem[];
let daily: CcPeriod[];
let sessions: CcPeriod[];

async function ccusage(kind: 'daily' | 'session'): Promise<CcPeriod[]> {
  const env = { HOME: home, PATH: process.env.PATH ?? '', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) };
  const { stdout } = await run(process.execPath, [await ccusageEntry(), kind, '--json', '--offline'], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as Record<string, CcPeriod[]>)[kind] ?? [];
}

const tokensOf = (c: Omit<CcTokens, 'totalCost'>) => ({
  input: c.inputTokens,
  output: c.outputTokens,
  cacheWrite: c.cacheCreationTokens,
  cacheRead: c.cacheReadTokens,
});
const tokens = (r: { input: number; output: number; cacheWrite: number; cacheRead: number }) => ({
  input: r.input,
  output: r.output,
  cacheWrite: r.cacheWrite,
  cacheRead: r.cacheRead,
});

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-usage-'));
  home = path.join(root, 'home');
  fs.mkdirSync(home);
  const mock = await startMockAnthropicApi();
  try {
    await makeUsageHome(mock, home);
  } finally {
    await mock.close();
  }
  const index = await HistoryIndex.open({
    stateDir: path.join(root, 'state'),
    projectsDir: cliProjectsDir({ HOME: home }),
    saveDelayMs: 0,
  });
  await index.refreshAll();
  const ledger = await UsageLedger.open({ stateDir: path.join(root, 'state'), history: index });
  await ledger.refresh();
  items = usageItems(countedMessages(ledger.list()), (id, slug) => ({ title: id, project: slug }));
  [daily, sessions] = await Promise.all([ccusage('daily'), ccusage('session')]);
}, 300_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('usage figures over sessions the real CLI wrote', () => {
  it('spans several days, models, a fork, a sub-agent and cache tokens (the data is what the test says)', () => {
    const days = new Set(items.map((i) => i.day));
    expect(days.size).toBeGreaterThanOrEqual(5);
    expect(new Set(items.map((i) => i.model))).toEqual(
      new Set(['claude-sonnet-4-5', 'claude-opus-4-5', 'claude-haiku-4-5', 'claude-opus-5-5']),
    );
    const files = fs.readdirSync(path.join(home, '.claude', 'projects'), { recursive: true, encoding: 'utf8' });
    expect(files.some((f) => f.includes(`${path.sep}subagents${path.sep}`))).toBe(true);
    expect(files.filter((f) => f.endsWith('.jsonl'))).toHaveLength(6); // 4 sessions + a fork + a sub-agent
    expect(items.some((i) => i.figure.cacheWrite > 0 && i.figure.cacheRead > 0)).toBe(true);
  });

  it('counts each API message once: equal to a count made straight from the JSONL', () => {
    const seen = new Map<string, { input: number; output: number; cacheWrite: number; cacheRead: number }>();
    const dir = path.join(home, '.claude', 'projects');
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.jsonl'))) {
      for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
        if (!line.includes('"usage":{')) continue;
        const o = JSON.parse(line) as { message?: { id?: string; usage?: Record<string, number> } };
        const u = o.message?.usage;
        if (!u || !o.message?.id) continue;
        seen.set(o.message.id, {
          input: u.input_tokens ?? 0,
          output: u.output_tokens ?? 0,
          cacheWrite: u.cache_creation_input_tokens ?? 0,
          cacheRead: u.cache_read_input_tokens ?? 0,
        });
      }
    }
    const sum = (list: Iterable<{ input: number; output: number; cacheWrite: number; cacheRead: number }>) => {
      const t = { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 };
      for (const x of list) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += x[k];
      return t;
    };
    expect(items).toHaveLength(seen.size);
    expect(sum(items.map((i) => i.figure))).toEqual(sum(seen.values()));
  });

  it("equals ccusage's tokens per day, and per model within each day", () => {
    const ours = groupRows(items, 'day');
    expect(ours.map((r) => r.key)).toEqual(daily.map((d) => d.period));
    for (const d of daily) {
      const row = ours.find((r) => r.key === d.period)!;
      expect(tokens(row)).toEqual(tokensOf(d));
      const models = groupRows(
        items.filter((i) => i.day === d.period),
        'model',
      );
      for (const b of d.modelBreakdowns)
        expect(tokens(models.find((m) => m.key === b.modelName)!)).toEqual(tokensOf(b));
      expect(models).toHaveLength(d.modelBreakdowns.length);
    }
  });

  it("equals ccusage's tokens per session (a fork's copied messages stay with the session they were first written in)", () => {
    const ours = groupRows(items, 'session');
    expect(new Set(ours.map((r) => r.key))).toEqual(new Set(sessions.map((s) => s.period)));
    for (const s of sessions) expect(tokens(ours.find((r) => r.key === s.period)!)).toEqual(tokensOf(s));
    // The sub-agent's message counts in its parent session; the resumed session is one row.
    const agent = ours.find((r) => r.key === USAGE_SESSIONS.agent)!;
    expect(agent.messages).toBe(3);
  });

  it("prices what the table knows as ccusage does, and leaves the unknown model's cost unknown (never $0)", () => {
    const ours = groupRows(items, 'model');
    const unknown = ours.find((r) => r.key === 'claude-opus-5-5')!;
    expect(unknown.unpriced).toBe(unknown.messages);
    expect(unknown.cost).toBe(0);
    for (const d of daily) {
      for (const b of d.modelBreakdowns) {
        const mine = groupRows(
          items.filter((i) => i.day === d.period && i.model === b.modelName),
          'model',
        )[0]!;
        if (mine.unpriced === 0) expect(mine.cost).toBeCloseTo(b.cost, 12);
      }
    }
  });
});
