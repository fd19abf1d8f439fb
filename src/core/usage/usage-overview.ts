/**
 * The Usage view's figures in one answer: totals for today, 7 and 30 days and the chosen range; per-day series by
 * model and by project; today's hours; tables by project, model and session; the latest 5-hour blocks.
 */
import type { UsageOverview } from '../../shared/usage';
import { usageBlocks } from './usage-blocks';
import { PRICE_TABLE_DATE, isPriced } from './price-table';
import {
  addDays,
  dayOf,
  daysBetween,
  groupRows,
  inDays,
  NO_MODEL,
  seriesPoints,
  sumOf,
  type DescribeSession,
  type UsageItem,
} from './usage-report';

export const BLOCKS_SHOWN = 12;

export function usageOverview(
  items: readonly UsageItem[],
  opts: { now: number; since?: string; until?: string; describe: DescribeSession; unreadable: number },
): UsageOverview {
  const today = dayOf(opts.now);
  const until = opts.until ?? today;
  const since = opts.since ?? addDays(until, -29);
  const range = inDays(items, since, until);
  const todays = inDays(items, today, today);
  const hourKeys = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  const days = daysBetween(since, until);
  const models = new Set(items.map((i) => i.model));
  return {
    at: opts.now,
    today,
    since,
    until,
    totals: {
      today: sumOf(todays),
      week: sumOf(inDays(items, addDays(today, -6), today)),
      month: sumOf(inDays(items, addDays(today, -29), today)),
      range: sumOf(range),
    },
    days: {
      byModel: seriesPoints(
        range,
        days,
        (i) => i.day,
        (i) => i.model,
      ),
      byProject: seriesPoints(
        range,
        days,
        (i) => i.day,
        (i) => i.project,
      ),
    },
    hours: seriesPoints(
      todays,
      hourKeys,
      (i) => String(new Date(i.at).getHours()).padStart(2, '0'),
      (i) => i.model,
    ),
    projects: groupRows(range, 'project'),
    models: groupRows(range, 'model'),
    sessions: groupRows(range, 'session', opts.describe),
    blocks: usageBlocks(items, opts.now).slice(0, BLOCKS_SHOWN),
    priceTableDate: PRICE_TABLE_DATE,
    unpricedModels: [...models].filter((m) => m !== NO_MODEL && !isPriced(m)).sort(),
    unreadable: opts.unreadable,
  };
}
