/**
 * Figures from the counted messages: totals, rows grouped by day, week, month, project, model or session, series for
 * the charts and the 5-hour blocks. Days are the computer's local days (as ccusage counts them). Pure: the clock and
 * what a session is called come in as arguments.
 */
import {
  addFigure,
  emptyFigure,
  type UsageFigure,
  type UsageGrouping,
  type UsageRow,
  type UsageSeriesPoint,
} from '../../shared/usage';
import type { CountedMessage } from './counted-messages';
import { costOf } from './price-table';
import { R } from './usage-line';

/** What the History knows of a session: its title, its folder (its repository for a worktree), its thread. */
export interface SessionFacts {
  title: string;
  project: string;
  threadId?: string;
}
export type DescribeSession = (sessionId: string, slug: string) => SessionFacts;

/** A counted message with what it is grouped by, worked out once. */
export interface UsageItem {
  at: number;
  day: string;
  model: string;
  sessionId: string;
  project: string;
  figure: UsageFigure;
}

export const NO_MODEL = '(no model)';

const pad = (n: number) => String(n).padStart(2, '0');
const QUARTER_HOUR = 900_000;
const days = new Map<number, string>();
/** The local day of a time. Memoized by quarter hour (every time zone's offset is a whole number of them). */
export const dayOf = (at: number): string => {
  const q = Math.floor(at / QUARTER_HOUR);
  let day = days.get(q);
  if (day === undefined) {
    const d = new Date(q * QUARTER_HOUR);
    day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    if (days.size > 100_000) days.clear();
    days.set(q, day);
  }
  return day;
};

/** The local day `days` after (or before) the given one. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(y, m - 1, d + days, 12).getTime());
}

export function figureOf(m: CountedMessage): UsageFigure {
  const { r } = m;
  const cost = costOf(r);
  return {
    input: r[R.input],
    output: r[R.output],
    cacheWrite: r[R.cacheWrite],
    cacheRead: r[R.cacheRead],
    cost: cost?.usd ?? 0,
    messages: 1,
    estimated: cost?.source === 'table' ? 1 : 0,
    unpriced: cost ? 0 : 1,
  };
}

export function usageItems(messages: readonly CountedMessage[], describe: DescribeSession): UsageItem[] {
  const facts = new Map<string, SessionFacts>();
  return messages.map((m) => {
    const key = `${m.file.sessionId}\u0000${m.file.slug}`;
    let f = facts.get(key);
    if (!f) facts.set(key, (f = describe(m.file.sessionId, m.file.slug)));
    const at = m.r[R.at];
    return {
      at,
      day: dayOf(at),
      model: m.r[R.model] ?? NO_MODEL,
      sessionId: m.file.sessionId,
      project: f.project,
      figure: figureOf(m),
    };
  });
}

export function inDays(items: readonly UsageItem[], since?: string, until?: string): UsageItem[] {
  return items.filter((i) => (!since || i.day >= since) && (!until || i.day <= until));
}

export function sumOf(items: readonly UsageItem[]): UsageFigure {
  const total = emptyFigure();
  for (const i of items) addFigure(total, i.figure);
  return total;
}

/** The Monday of the item's week. */
function weekOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d, 12);
  return addDays(day, -((date.getDay() + 6) % 7));
}

const KEY_OF: Record<UsageGrouping, (i: UsageItem) => string> = {
  day: (i) => i.day,
  week: (i) => weekOf(i.day),
  month: (i) => i.day.slice(0, 7),
  project: (i) => i.project,
  model: (i) => i.model,
  session: (i) => i.sessionId,
};

/** Rows by the grouping: dated rows oldest first, the others most expensive (then most tokens) first. */
export function groupRows(items: readonly UsageItem[], by: UsageGrouping, describe?: DescribeSession): UsageRow[] {
  const rows = new Map<string, UsageRow & { modelSet: Set<string> }>();
  for (const i of items) {
    const key = KEY_OF[by](i);
    let row = rows.get(key);
    if (!row) {
      row = { key, label: key, models: [], modelSet: new Set(), ...emptyFigure() };
      rows.set(key, row);
    }
    addFigure(row, i.figure);
    if (i.model !== NO_MODEL) row.modelSet.add(i.model);
    if (by === 'session') {
      row.project = i.project;
      row.lastAt = Math.max(row.lastAt ?? 0, i.at);
    }
  }
  const out = [...rows.values()].map(({ modelSet, ...row }) => ({ ...row, models: [...modelSet].sort() }));
  if (by === 'session' && describe) {
    for (const row of out) {
      const facts = describe(row.key, '');
      row.label = facts.title;
      if (facts.threadId) row.threadId = facts.threadId;
    }
  }
  const dated = by === 'day' || by === 'week' || by === 'month';
  return out.sort((a, b) =>
    dated ? (a.key < b.key ? -1 : 1) : b.cost - a.cost || totalOf(b) - totalOf(a) || (a.key < b.key ? -1 : 1),
  );
}

const totalOf = (f: UsageFigure) => f.input + f.output + f.cacheWrite + f.cacheRead;

/** One point per key (every day of a range, every hour of a day), each split by `seriesOf`. */
export function seriesPoints(
  items: readonly UsageItem[],
  keys: readonly string[],
  keyOf: (i: UsageItem) => string,
  seriesOf: (i: UsageItem) => string,
): UsageSeriesPoint[] {
  const points = new Map(keys.map((key) => [key, { key, total: emptyFigure(), by: {} } as UsageSeriesPoint]));
  for (const i of items) {
    const p = points.get(keyOf(i));
    if (!p) continue;
    addFigure(p.total, i.figure);
    const s = seriesOf(i);
    addFigure((p.by[s] ??= emptyFigure()), i.figure);
  }
  return [...points.values()];
}

export function daysBetween(since: string, until: string): string[] {
  const out: string[] = [];
  for (let d = since; d <= until && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}
