/** The contract's calls of the Usage view and `claude-desk usage` (spread into contract.ts's `calls`). */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { UsageCallName } from './usage-names';
import {
  USAGE_GROUPINGS,
  type BudgetState,
  type ProjectUsage,
  type UsageBlock,
  type UsageGrouping,
  type UsageOverview,
  type UsageRow,
} from '../usage';

/** A local day, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');
const range = { since: day.optional(), until: day.optional() };

export const usageCalls = {
  /** The Usage view: totals, per-day and per-hour series, tables and 5-hour blocks (default: the last 30 days). */
  getUsage: call<UsageOverview>()(z.object(range).strict().optional()),
  /** Rows grouped by day, week, month, project, model or session, and the 5-hour blocks (`claude-desk usage`). */
  getUsageReport: call<{ rows: UsageRow[]; blocks: UsageBlock[] }>()(
    z
      .object({
        ...range,
        by: z.enum(USAGE_GROUPINGS as [UsageGrouping, ...UsageGrouping[]]).optional(),
        /** false: no blocks (they need every message's time, not the rollup). */
        blocks: z.boolean().optional(),
      })
      .strict(),
  ),
  /** Each folder's last 30 days (every session in it, a worktree's under its repository): the project headings. */
  getProjectUsage: call<ProjectUsage[]>()(z.object({ folders: z.array(z.string().max(4096)).max(1000) }).strict()),
  /** Every budget against what its window spent so far. */
  getBudgets: call<BudgetState[]>()(z.undefined()),
  /** Set a daily or monthly amount for a project's folder or overall (replaces the amount of the same one). */
  setBudget: call<BudgetState[]>()(
    z
      .object({
        period: z.enum(['day', 'month']),
        amountUsd: z.number().positive().max(1_000_000),
        project: z.string().min(1).max(4096).optional(),
      })
      .strict(),
  ),
  removeBudget: call<BudgetState[]>()(z.object({ id: z.string().min(1).max(100) }).strict()),
  /**
   * The budgets over 100 % a new turn counts against (its project's and the overall ones): in a thread, in the thread
   * a Claude Code session continues in, or in a thread not made yet (its project folder; none: the overall ones only).
   */
  budgetsOver: call<BudgetState[]>()(
    z.union([
      z.object({ threadId: z.string().min(1).max(200) }).strict(),
      z.object({ sessionId: z.string().min(1).max(200) }).strict(),
      z.object({ projectDir: z.string().min(1).max(4096).optional() }).strict(),
    ]),
  ),
} satisfies CallsOf<UsageCallName>;

export interface UsageEvents {
  /** Budgets against what their window spent (after a turn, or a budget set or removed). */
  budgetsChanged: { states: BudgetState[] };
}
