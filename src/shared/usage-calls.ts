/** The contract's calls of the Usage view and `claude-desk usage` (spread into contract.ts's `calls`). */
import * as z from 'zod';
import { call } from './contract-call';
import { USAGE_GROUPINGS, type UsageBlock, type UsageGrouping, type UsageOverview, type UsageRow } from './usage';

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
};
