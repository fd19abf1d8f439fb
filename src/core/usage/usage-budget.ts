/**
 * Budgets: an optional daily or monthly amount, per project or overall, kept by the user in
 *
 *   <stateDir>/usage/budgets.json   { budgets, notified: { <id>: { window, level } } }
 *
 * (written atomically, 0600; not a cache). Spent is the known cost of the counted messages in the budget's window:
 * the local day or month of `now` (injected, so no figure depends on when it is read). A budget at 80 % is told once
 * per window, at 100 % once more; at 100 % a new turn asks first.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { BUDGET_WARN, type BudgetPeriod, type BudgetState, type UsageBudget } from '../../shared/usage';
import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';
import { dayOf, type UsageItem } from './usage-report';

interface BudgetsJson {
  budgets: UsageBudget[];
  notified: Record<string, { window: string; level: 'warn' | 'over' }>;
}

export const windowOf = (period: BudgetPeriod, now: number): string =>
  period === 'day' ? dayOf(now) : dayOf(now).slice(0, 7);

/** Each budget against the items (one per counted message, or per session, day and model: sums are the same). */
export function budgetStates(budgets: readonly UsageBudget[], items: readonly UsageItem[], now: number): BudgetState[] {
  return budgets.map((budget) => {
    const window = windowOf(budget.period, now);
    let spent = 0;
    let unpriced = 0;
    for (const i of items) {
      if (budget.project !== undefined && i.project !== budget.project) continue;
      if (budget.period === 'day' ? i.day !== window : !i.day.startsWith(window)) continue;
      spent += i.figure.cost;
      unpriced += i.figure.unpriced;
    }
    const ratio = budget.amountUsd > 0 ? spent / budget.amountUsd : 0;
    return {
      budget,
      window,
      spent,
      unpriced,
      ratio,
      level: ratio >= 1 ? 'over' : ratio >= BUDGET_WARN ? 'warn' : 'ok',
    };
  });
}

/** The budgets over 100 % that a turn in this folder counts against (the project's and the overall ones). */
export function budgetsOver(states: readonly BudgetState[], project: string | undefined): BudgetState[] {
  return states.filter(
    (s) =>
      s.level === 'over' && (s.budget.project === undefined || (project !== undefined && s.budget.project === project)),
  );
}

const isBudget = (v: unknown): v is UsageBudget => {
  if (typeof v !== 'object' || v === null) return false;
  const b = v as Record<string, unknown>;
  return (
    typeof b.id === 'string' &&
    (b.period === 'day' || b.period === 'month') &&
    typeof b.amountUsd === 'number' &&
    Number.isFinite(b.amountUsd) &&
    b.amountUsd > 0 &&
    (b.project === undefined || typeof b.project === 'string')
  );
};

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export class BudgetStore {
  private readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    stateDir: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {
    this.file = path.join(stateDir, 'usage', 'budgets.json');
  }

  private async read(): Promise<BudgetsJson> {
    const raw = (await readJsonOrDefault(this.file, undefined, this.onWarning)) as Partial<BudgetsJson> | undefined;
    const budgets = Array.isArray(raw?.budgets) ? raw.budgets.filter(isBudget) : [];
    const notified = raw?.notified && typeof raw.notified === 'object' ? raw.notified : {};
    return { budgets, notified };
  }

  /** Changes one at a time, each from what is on disk (another process may have written since). */
  private change<T>(fn: (j: BudgetsJson) => T): Promise<T> {
    const run = this.chain.then(async () => {
      const j = await this.read();
      const out = fn(j);
      await writeJsonAtomic(this.file, j);
      return out;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async list(): Promise<UsageBudget[]> {
    return (await this.read()).budgets;
  }

  /** A new budget, or a new amount for the one of the same period and project. */
  set(b: { period: BudgetPeriod; amountUsd: number; project?: string }): Promise<UsageBudget> {
    return this.change((j) => {
      const same = j.budgets.find((x) => x.period === b.period && x.project === b.project);
      if (same) {
        same.amountUsd = b.amountUsd;
        j.notified = without(j.notified, same.id); // a new amount: its 80 % and 100 % are told again
        return same;
      }
      const budget: UsageBudget = { id: randomUUID(), period: b.period, amountUsd: b.amountUsd };
      if (b.project !== undefined) budget.project = b.project;
      j.budgets.push(budget);
      return budget;
    });
  }

  remove(id: string): Promise<void> {
    return this.change((j) => {
      j.budgets = j.budgets.filter((b) => b.id !== id);
      j.notified = without(j.notified, id);
    });
  }

  /**
   * The states that crossed 80 % or 100 % since they were last told (in their window), marked told. A budget
   * already over when first told is told once, as over.
   */
  crossed(states: readonly BudgetState[]): Promise<BudgetState[]> {
    return this.change((j) => {
      const out: BudgetState[] = [];
      for (const s of states) {
        if (s.level === 'ok') continue;
        const told = j.notified[s.budget.id];
        const already = told?.window === s.window ? told.level : undefined;
        if (already === 'over' || already === s.level) continue;
        j.notified[s.budget.id] = { window: s.window, level: s.level };
        out.push(s);
      }
      return out;
    });
  }
}
