import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../event-bus';
import { SessionsStore } from '../../core/store/sessions-store';
import { HistoryIndex } from '../../core/history/history-index';
import { dataDirLayout } from '../../core/store/data-dir';
import { UsageLedger } from '../../core/usage/usage-ledger';
import { openUsageOnly, wireUsage } from './usage-wiring';
import { UsageService } from './usage-service';
import { projectUsageSentence } from '../../shared/usage';

let root: string;
let env: NodeJS.ProcessEnv;
const layout = () => dataDirLayout(path.join(root, 'desk'));
const projects = () => path.join(root, 'home', '.claude', 'projects');
const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

function session(id: string, messages: number): void {
  const dir = path.join(projects(), '-home-me-alpha');
  fs.mkdirSync(dir, { recursive: true });
  const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString();
  const lines = [
    { type: 'user', sessionId: id, cwd: '/home/me/alpha', timestamp: at(0), message: { role: 'user', content: 'hi' } },
  ];
  for (let i = 0; i < messages; i++) {
    lines.push({
      type: 'assistant',
      sessionId: id,
      cwd: '/home/me/alpha',
      timestamp: at(i + 1),
      requestId: `req_${id}_${i}`,
      message: {
        id: `msg_${id}_${i}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: 'ok' }],
        usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 100 },
      },
    } as never);
  }
  fs.writeFileSync(path.join(dir, `${id}.jsonl`), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
}

/** The app's way: the History refreshed before each read. */
async function appReport() {
  const index = await HistoryIndex.open({ stateDir: layout().stateDir, projectsDir: projects(), saveDelayMs: 0 });
  const ledger = await UsageLedger.open({ stateDir: layout().stateDir, history: index });
  const usage = new UsageService({
    ledger,
    index,
    stateDir: layout().stateDir,
    threadsBySession: async () => new Map(),
  });
  const report = await usage.report({ by: 'session' });
  await index.flush();
  index.close();
  return report;
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-only-'));
  env = { HOME: path.join(root, 'home') };
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the command line's usage reader", () => {
  it('leaves a never-indexed History to the whole app (which indexes it first)', async () => {
    session(S1, 2);
    expect(await openUsageOnly({ env, layout: layout() })).toBeUndefined();
  });

  it("reads the index as it is on disk, counts a session written since, and gives the app's figures", async () => {
    session(S1, 2);
    await appReport(); // the History indexed once, as the app does
    const indexFile = path.join(layout().stateDir, 'history', 'index.json');
    const before = fs.statSync(indexFile).mtimeMs;
    session(S2, 3); // written after: not in the index yet

    const only = (await openUsageOnly({ env, layout: layout() }))!;
    const ours = await only.usage.report({ by: 'session' });
    only.close();
    expect(fs.statSync(indexFile).mtimeMs).toBe(before); // the index neither refreshed nor rewritten
    expect(ours.rows.map((r) => [r.key, r.messages])).toEqual(
      expect.arrayContaining([
        [S1, 2],
        [S2, 3],
      ]),
    );
    const app = await appReport();
    const figures = (rows: typeof ours.rows) =>
      rows.map(({ key, input, output, cacheRead, cacheWrite, cost, messages, project }) => ({
        key,
        input,
        output,
        cacheRead,
        cacheWrite,
        cost,
        messages,
        project,
      }));
    expect(figures(ours.rows)).toEqual(figures(app.rows));
  });

  it('reads the saved rollup, not the records, when no file changed; a changed file is read and rolled up again', async () => {
    session(S1, 2);
    await appReport();
    const first = (await openUsageOnly({ env, layout: layout() }))!;
    const rows = (await first.usage.report({ by: 'day', blocks: false })).rows;
    first.close();
    // No file changed: the records file is not needed (made unreadable, the figures still come).
    const records = path.join(layout().stateDir, 'usage', 'records.json');
    const kept = fs.readFileSync(records);
    fs.writeFileSync(records, 'not json');
    const again = (await openUsageOnly({ env, layout: layout() }))!;
    expect((await again.usage.report({ by: 'day', blocks: false })).rows).toEqual(rows);
    again.close();
    fs.writeFileSync(records, kept);

    session(S1, 4); // the session grew
    const later = (await openUsageOnly({ env, layout: layout() }))!;
    const grown = (await later.usage.report({ by: 'day', blocks: false })).rows;
    later.close();
    expect(grown.reduce((n, r) => n + r.messages, 0)).toBe(4);
  });

  it("keeps the plan windows a turn reported: the next start's overview has them, as of that report", async () => {
    session(S1, 1);
    const wire = async () => {
      const bus = new EventBus();
      const index = await HistoryIndex.open({ stateDir: layout().stateDir, projectsDir: projects(), saveDelayMs: 0 });
      const f = { layout: layout(), warn: () => {}, bus };
      const sessions = new SessionsStore(layout().sessionsFile);
      const wired = await wireUsage({ f, index, sessions, threads: { summary: () => undefined } as never });
      return { bus, ...wired };
    };
    const first = await wire();
    expect((await first.usage.overview()).planWindows).toBeUndefined();
    first.bus.emit('turnEvent', {
      threadId: 't1',
      turnId: 'u1',
      type: 'rate_limit',
      info: { status: 'allowed', unifiedWindows: { seven_day: { utilization: 0.6, status: 'allowed' } } },
    });
    const file = path.join(layout().stateDir, 'usage', 'plan-windows.json');
    await vi.waitFor(() => expect(fs.existsSync(file)).toBe(true));
    const restarted = await wire(); // a new process: nothing in memory
    const saved = (await restarted.usage.overview()).planWindows;
    expect(saved?.info.windows.seven_day?.utilization).toBe(0.6);
    expect(saved?.seenAt).toBeTypeOf('number');
  });

  it('measures a budget in the local day of an injected clock, tells 100 % once (notice and notification), and names the budgets a thread counts against', async () => {
    session(S1, 3); // 3 messages on 2026-11-20, 09:01–09:03 UTC: $0.000135 each
    const bus = new EventBus();
    const notices: string[] = [];
    bus.on('notice', (n) => notices.push(n.message));
    const notified: string[] = [];
    const index = await HistoryIndex.open({ stateDir: layout().stateDir, projectsDir: projects(), saveDelayMs: 0 });
    const { handlers } = await wireUsage({
      f: { layout: layout(), warn: () => {}, bus },
      index,
      sessions: new SessionsStore(layout().sessionsFile),
      threads: {
        summary: (id: string) => (id === 't1' ? { settings: { projectDir: '/home/me/alpha' } } : undefined),
      } as never,
      notify: (title, body) => notified.push(`${title}: ${body}`),
      now: () => Date.UTC(2026, 10, 20, 9, 5),
    });
    expect(await handlers.getBudgets(undefined)).toEqual([]);
    const [state] = await handlers.setBudget({ period: 'day', amountUsd: 0.0003, project: '/home/me/alpha' });
    expect(state).toMatchObject({ level: 'over', unpriced: 0 });
    expect(state!.spent).toBeCloseTo(0.000405, 9);
    expect(notified).toEqual([
      'Budget reached: $0.0004 of $0.0003 today for /home/me/alpha. New turns ask before they are sent.',
    ]);
    expect(notices).toEqual(notified);
    expect((await handlers.budgetsOver({ threadId: 't1' })).map((s) => s.budget.project)).toEqual(['/home/me/alpha']);
    expect(await handlers.budgetsOver({ threadId: 'elsewhere' })).toEqual([]);
    // A turn whose thread is not made yet: its folder (a worktree's under its repository), the session it continues.
    const alpha = ['/home/me/alpha'];
    const over = async (where: Parameters<typeof handlers.budgetsOver>[0]) =>
      (await handlers.budgetsOver(where)).map((s) => s.budget.project);
    expect(await over({ projectDir: '/home/me/alpha' })).toEqual(alpha);
    expect(await over({ projectDir: '/home/me/alpha/.claude/worktrees/fix' })).toEqual(alpha);
    expect(await over({ projectDir: '/home/me/beta' })).toEqual([]);
    expect(await over({})).toEqual([]);
    await index.refreshAll();
    expect(await over({ sessionId: S1 })).toEqual(alpha);
    expect(await over({ sessionId: S2 })).toEqual([]);
    await handlers.getBudgets(undefined);
    await handlers.setBudget({ period: 'month', amountUsd: 1 }); // another budget: nothing new to tell
    expect(notified).toHaveLength(1);
  });

  it("gives a project heading its folder's last 30 days: a worktree's under its repository, other folders nothing", async () => {
    session(S1, 3); // 3 messages on 2026-11-20: 10 + 5 + 100 tokens, $0.000135 each
    const index = await HistoryIndex.open({ stateDir: layout().stateDir, projectsDir: projects(), saveDelayMs: 0 });
    const at = (day: number) =>
      wireUsage({
        f: { layout: layout(), warn: () => {}, bus: new EventBus() },
        index,
        sessions: new SessionsStore(layout().sessionsFile),
        threads: { summary: () => undefined } as never,
        now: () => Date.UTC(2026, 10, day, 12),
      });
    const { handlers } = await at(21);
    const folders = ['/home/me/alpha', '/home/me/alpha/.claude/worktrees/fix', '/home/me/beta', ''];
    const got = await handlers.getProjectUsage({ folders });
    expect(
      got.map((p) => [p.folder, p.figure.messages, p.figure.input + p.figure.output + p.figure.cacheRead]),
    ).toEqual([
      ['/home/me/alpha', 3, 345],
      ['/home/me/alpha/.claude/worktrees/fix', 3, 345],
      ['/home/me/beta', 0, 0],
      ['', 0, 0],
    ]);
    expect(got[0]!.figure.cost).toBeCloseTo(0.000405, 9);
    expect(projectUsageSentence(got[0]!)).toBe('Last 30 days: ~$0.0004, 345 tokens');
    expect(projectUsageSentence(got[2]!)).toBe('Last 30 days: no usage');
    // 30 local days up to today: Nov 20 is the first of them on Dec 19, out of them on Dec 20.
    const later = await at(30 + 19);
    expect((await later.handlers.getProjectUsage({ folders: ['/home/me/alpha'] }))[0]!.figure.messages).toBe(3);
    const out = await at(30 + 20);
    expect((await out.handlers.getProjectUsage({ folders: ['/home/me/alpha'] }))[0]!.figure.messages).toBe(0);
    index.close();
  });
});
