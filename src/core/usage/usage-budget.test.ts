import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFigure } from '../../shared/usage';
import { BudgetStore, budgetStates, budgetsOver } from './usage-budget';
import { dayOf, type UsageItem } from './usage-report';

// Local times (the budget's day and month are the user's): built with the local calendar, never the real clock.
const at = (month: number, day: number, hour: number) => new Date(2026, month - 1, day, hour, 30).getTime();
const item = (when: number, cost: number, project = '/home/me/alpha', unpriced = 0): UsageItem => ({
  at: when,
  day: dayOf(when),
  model: 'claude-sonnet-4-5',
  sessionId: 's',
  project,
  figure: { ...emptyFigure(), cost, messages: 1, unpriced },
});

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budgets-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('budget states', () => {
  const items = [
    item(at(12, 6, 23), 4), // yesterday, late
    item(at(12, 7, 0), 3), // today, just after midnight
    item(at(12, 7, 22), 1.5, '/home/me/beta'),
    item(at(12, 7, 9), 0, '/home/me/alpha', 1), // a model without a price
    item(at(11, 30, 12), 50), // last month
  ];
  const now = at(12, 7, 23);

  it("counts the local day's and month's known cost, per project or overall, and says what is unknown", () => {
    const [day, month, alpha] = budgetStates(
      [
        { id: 'd', period: 'day', amountUsd: 5 },
        { id: 'm', period: 'month', amountUsd: 10 },
        { id: 'a', period: 'day', amountUsd: 3, project: '/home/me/alpha' },
      ],
      items,
      now,
    );
    expect(day).toMatchObject({ spent: 4.5, unpriced: 1, level: 'warn', window: dayOf(now) });
    expect(day!.ratio).toBeCloseTo(0.9);
    expect(month).toMatchObject({ spent: 8.5, level: 'warn', window: dayOf(now).slice(0, 7) });
    expect(alpha).toMatchObject({ spent: 3, level: 'over' });
    expect(budgetsOver([day!, month!, alpha!], '/home/me/alpha').map((s) => s.budget.id)).toEqual(['a']);
    expect(budgetsOver([day!, month!, alpha!], '/home/me/beta')).toEqual([]);
  });

  it('starts each day anew at local midnight', () => {
    const [day] = budgetStates([{ id: 'd', period: 'day', amountUsd: 5 }], items, at(12, 8, 0));
    expect(day).toMatchObject({ spent: 0, level: 'ok' });
  });
});

describe('the budget store', () => {
  it('keeps budgets in a private file; one per period and project, a new amount replaces the old', async () => {
    const store = new BudgetStore(dir);
    const a = await store.set({ period: 'day', amountUsd: 5 });
    const b = await store.set({ period: 'day', amountUsd: 7 });
    expect(b.id).toBe(a.id);
    await store.set({ period: 'month', amountUsd: 100, project: '/home/me/alpha' });
    const file = path.join(dir, 'usage', 'budgets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await new BudgetStore(dir).list()).map((x) => [x.period, x.amountUsd, x.project])).toEqual([
      ['day', 7, undefined],
      ['month', 100, '/home/me/alpha'],
    ]);
    await store.remove(a.id);
    expect(await new BudgetStore(dir).list()).toHaveLength(1);
  });

  it('tells 80 % once and 100 % once per window, and again in the next window', async () => {
    const store = new BudgetStore(dir);
    const budget = await store.set({ period: 'day', amountUsd: 10 });
    const state = (spent: number, window: string) => ({
      budget,
      window,
      spent,
      unpriced: 0,
      ratio: spent / 10,
      level: spent >= 10 ? ('over' as const) : spent >= 8 ? ('warn' as const) : ('ok' as const),
    });
    expect(await store.crossed([state(5, '2026-12-07')])).toEqual([]);
    expect((await store.crossed([state(8.5, '2026-12-07')])).map((s) => s.level)).toEqual(['warn']);
    expect(await store.crossed([state(9, '2026-12-07')])).toEqual([]);
    expect((await new BudgetStore(dir).crossed([state(10, '2026-12-07')])).map((s) => s.level)).toEqual(['over']);
    expect(await store.crossed([state(12, '2026-12-07')])).toEqual([]);
    expect((await store.crossed([state(11, '2026-12-08')])).map((s) => s.level)).toEqual(['over']);
  });
});
