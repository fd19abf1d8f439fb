import type { RateLimitInfo } from './rate-limit';
/** The Usage view's figures: tokens and cost over every Claude Code session on this computer. Plain data. */

/** Token counts by kind, as the API reports them (cache writes and reads apart from plain input). */
export interface UsageTokens {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

/** A sum over API messages, each counted once. */
export interface UsageFigure extends UsageTokens {
  /** USD of the messages whose cost is known (the CLI's own figure, else the price table's). */
  cost: number;
  /** API messages counted. */
  messages: number;
  /** Of those, priced from Claude Desk's price table (an estimate), not from a figure the CLI recorded. */
  estimated: number;
  /** Of those, of a model the price table does not know: tokens counted, cost unknown (never $0). */
  unpriced: number;
}

export type UsageGrouping = 'day' | 'week' | 'month' | 'project' | 'model' | 'session';
export const USAGE_GROUPINGS: readonly UsageGrouping[] = ['day', 'week', 'month', 'project', 'model', 'session'];

/** One row of a grouped report: a day (`2026-12-07`), week (its Monday), month (`2026-12`), project, model or session. */
export interface UsageRow extends UsageFigure {
  key: string;
  /** What a person reads: the session's title, the project's folder, the model's name. */
  label: string;
  models: string[];
  /** Sessions only: the folder it ran in (its repository for a worktree), when it ended, its thread. */
  project?: string;
  lastAt?: number;
  threadId?: string;
}

/** A 5-hour billing window as ccusage counts them: from the hour of its first message, at most 5 hours. */
export interface UsageBlock extends UsageFigure {
  startAt: number;
  endAt: number;
  /** The last message in it. */
  lastAt: number;
  /** Open: now is inside it and its last message is less than 5 hours old. */
  open: boolean;
  /** Open blocks: tokens per minute and USD per hour so far, and the block's total at this pace by its end. */
  burn?: { tokensPerMinute: number; costPerHour: number; projectedTokens: number; projectedCost: number };
}

/** Per day (or hour), the figure split by a series (a model or a project). */
export interface UsageSeriesPoint {
  key: string;
  total: UsageFigure;
  by: Record<string, UsageFigure>;
}

export interface UsageOverview {
  /** ms since epoch: when these figures were made. */
  at: number;
  /** The local day (`YYYY-MM-DD`) the figures call today, and the range's days. */
  today: string;
  since: string;
  until: string;
  totals: { today: UsageFigure; week: UsageFigure; month: UsageFigure; range: UsageFigure };
  /** Every day of the range, oldest first, split by model and by project. */
  days: { byModel: UsageSeriesPoint[]; byProject: UsageSeriesPoint[] };
  /** Today's 24 hours (`00`–`23`), split by model. */
  hours: UsageSeriesPoint[];
  projects: UsageRow[];
  models: UsageRow[];
  sessions: UsageRow[];
  /** The latest 5-hour blocks, newest first. */
  blocks: UsageBlock[];
  /** Date of the price table the estimates come from (`YYYY-MM-DD`). */
  priceTableDate: string;
  /** Models seen that the price table does not know. */
  unpricedModels: string[];
  /** Transcripts that could not be read (a file's mode bits, a vanished file), for the view to say. */
  unreadable: number;
  /** The plan's windows as the CLI last reported them (kept across restarts), and when. */
  planWindows?: { info: RateLimitInfo; seenAt: number };
}

export const emptyFigure = (): UsageFigure => ({
  input: 0,
  output: 0,
  cacheWrite: 0,
  cacheRead: 0,
  cost: 0,
  messages: 0,
  estimated: 0,
  unpriced: 0,
});

export const totalTokens = (t: UsageTokens): number => t.input + t.output + t.cacheWrite + t.cacheRead;

export function addFigure(into: UsageFigure, f: UsageFigure): void {
  into.input += f.input;
  into.output += f.output;
  into.cacheWrite += f.cacheWrite;
  into.cacheRead += f.cacheRead;
  into.cost += f.cost;
  into.messages += f.messages;
  into.estimated += f.estimated;
  into.unpriced += f.unpriced;
}

/** `$1.23`, `$0.0028` (two figures below a cent), and "unknown" when every message is of a model without a price. */
export function costLabel(f: Pick<UsageFigure, 'cost' | 'messages' | 'unpriced'>): string {
  if (f.messages > 0 && f.unpriced === f.messages) return 'unknown';
  const amount = usd(f.cost);
  return f.unpriced > 0 ? `${amount} + unknown` : amount;
}

export function usd(v: number): string {
  if (v === 0) return '$0.00';
  return v < 0.01 ? `$${Number(v.toPrecision(2))}` : `$${v.toFixed(2)}`;
}

/** `1,234`, `12.3k`, `4.5M`. */
export function tokensLabel(n: number): string {
  if (n < 10_000) return n.toLocaleString('en-US');
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(n < 100_000_000 ? 1 : 0)}M`;
}

/** A spending budget: a daily or monthly amount (US dollars), for one project's folder or overall. */
export type BudgetPeriod = 'day' | 'month';
export interface UsageBudget {
  id: string;
  period: BudgetPeriod;
  amountUsd: number;
  /** The project's folder (a worktree's repository, as Usage places sessions); none: every session. */
  project?: string;
}

/** A budget against what was spent in its current window (the local day or month). */
export interface BudgetState {
  budget: UsageBudget;
  /** `YYYY-MM-DD` or `YYYY-MM`: the window this is about. */
  window: string;
  /** Known cost in the window (messages of a model without a price add nothing: see `unpriced`). */
  spent: number;
  unpriced: number;
  /** spent / amount. */
  ratio: number;
  level: 'ok' | 'warn' | 'over';
}

/** 80 %: a warning; 100 %: over (new turns ask first). */
export const BUDGET_WARN = 0.8;

/** "$4.10 of $5.00 today for alpha" */
export function budgetSentence(s: BudgetState, projectName = (p: string) => p): string {
  const when = s.budget.period === 'day' ? 'today' : 'this month';
  const scope = s.budget.project ? ` for ${projectName(s.budget.project)}` : '';
  return `${usd(s.spent)}${s.unpriced ? ' + unknown' : ''} of ${usd(s.budget.amountUsd)} ${when}${scope}`;
}

/** A project's last 30 days, every Claude Code session in it (a project's heading in the sidebar and on the Board). */
export interface ProjectUsage {
  /** The folder asked about ('' = the default workspace); its sessions are counted under its repository. */
  folder: string;
  /** The local days counted, `YYYY-MM-DD`: the 30 days up to today. */
  since: string;
  until: string;
  figure: UsageFigure;
}

/** "Last 30 days: ~$1.23, 45.6k tokens" (`~`: part of it is the price table's estimate). */
export function projectUsageSentence(p: ProjectUsage): string {
  const f = p.figure;
  if (f.messages === 0) return 'Last 30 days: no usage';
  const cost = costLabel(f);
  const estimate = f.estimated > 0 && f.unpriced < f.messages ? '~' : '';
  return `Last 30 days: ${estimate}${cost}, ${tokensLabel(totalTokens(f))} tokens`;
}
