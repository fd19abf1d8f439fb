import { openUsageOnly } from '../app/usage/usage-wiring';
import type { UsageService } from '../app/usage/usage-service';
import {
  costLabel,
  totalTokens,
  usd,
  USAGE_GROUPINGS,
  addFigure,
  emptyFigure,
  type UsageBlock,
  type UsageFigure,
  type UsageGrouping,
  type UsageRow,
} from '../shared/usage';
import { terminalSafe } from './terminal-text';

/**
 * `claude-desk usage [--json] [--since <date>] [--until <date>] [--by day|week|month|project|model|session]
 * [--blocks]`: tokens and cost of every Claude Code session on this computer (the Usage view's figures), each API
 * message counted once. A table on a terminal; JSON lines (one row each, then the total) with --json or to a pipe.
 */
export async function usageCommand(
  flags: Record<string, string | boolean>,
  isTty = !!process.stdout.isTTY,
): Promise<number> {
  const by = typeof flags.by === 'string' ? flags.by : 'day';
  if (!(USAGE_GROUPINGS as readonly string[]).includes(by)) {
    process.stderr.write(`--by takes one of ${USAGE_GROUPINGS.join(', ')} (not "${by}").\n`);
    return 1;
  }
  let since: string | undefined;
  let until: string | undefined;
  try {
    since = dayFlag(flags.since, 'since');
    until = dayFlag(flags.until, 'until');
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  }
  if (since && until && since > until) {
    process.stderr.write(`--since ${since} is after --until ${until}: nothing can be in between.\n`);
    return 1;
  }
  const query = {
    by: by as UsageGrouping,
    blocks: flags.blocks === true,
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
  const warn = (message: string) => process.stderr.write(`warning: ${message}\n`);
  // Warm (the History indexed before): only the index, the ledger and the changed files. Else the whole app,
  // which indexes the History first.
  const only = await openUsageOnly({ env: process.env, warn });
  let report: Awaited<ReturnType<UsageService['report']>>;
  if (only) {
    try {
      report = await only.usage.report(query);
    } finally {
      only.close();
    }
  } else {
    const [{ createDeskApp }, { callHandler }] = await Promise.all([
      import('../app/desk-app'),
      import('../app/dispatch-call'),
    ]);
    const desk = await createDeskApp({ host: 'command-line' });
    try {
      report = await callHandler(desk.handlers, 'getUsageReport', query);
    } finally {
      await desk.shutdown();
    }
  }
  const json = flags.json === true || !isTty;
  const out = flags.blocks ? blocksOut(report.blocks, json) : rowsOut(report.rows, by as UsageGrouping, json);
  process.stdout.write(out);
  if (!json && report.rows.length === 0) process.stderr.write('No Claude Code usage in that range.\n');
  return 0;
}

/** `2026-12-07` or ccusage's `20261207`. */
function dayFlag(v: string | boolean | undefined, name: string): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v.trim());
  const day = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  if (!m || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new Error(`--${name} takes a day as YYYY-MM-DD (or YYYYMMDD), not "${v}".`);
  }
  return day;
}

/** A figure as JSON: tokens by kind, their total, and the cost (null when every message's cost is unknown). */
function figureJson(f: UsageFigure): Record<string, unknown> {
  return {
    inputTokens: f.input,
    outputTokens: f.output,
    cacheWriteTokens: f.cacheWrite,
    cacheReadTokens: f.cacheRead,
    totalTokens: totalTokens(f),
    costUSD: f.messages > 0 && f.unpriced === f.messages ? null : f.cost,
    messages: f.messages,
    estimatedMessages: f.estimated,
    unpricedMessages: f.unpriced,
  };
}

export function rowsOut(rows: UsageRow[], by: UsageGrouping, json: boolean): string {
  const total = emptyFigure();
  for (const r of rows) addFigure(total, r);
  if (json) {
    const lines = rows.map((r) =>
      JSON.stringify({
        kind: by,
        key: r.key,
        ...(r.label !== r.key ? { label: r.label } : {}),
        ...(r.project ? { project: r.project } : {}),
        ...(r.lastAt ? { lastActivity: new Date(r.lastAt).toISOString() } : {}),
        models: r.models,
        ...figureJson(r),
      }),
    );
    lines.push(JSON.stringify({ kind: 'total', ...figureJson(total) }));
    return `${lines.join('\n')}\n`;
  }
  const head = by === 'session' ? 'Session' : by[0]!.toUpperCase() + by.slice(1);
  const label = (r: UsageRow) => (by === 'session' ? `${r.label} (${r.key.slice(0, 8)})` : r.label);
  return table(
    [head, 'Input', 'Output', 'Cache write', 'Cache read', 'Total tokens', 'Cost'],
    [...rows.map((r) => [terminalSafe(label(r)), ...cells(r)]), ['Total', ...cells(total)]],
  );
}

export function blocksOut(blocks: UsageBlock[], json: boolean): string {
  if (json) {
    return blocks
      .map((b) =>
        JSON.stringify({
          kind: 'block',
          start: new Date(b.startAt).toISOString(),
          end: new Date(b.endAt).toISOString(),
          lastActivity: new Date(b.lastAt).toISOString(),
          open: b.open,
          ...figureJson(b),
          ...(b.burn ? { burn: b.burn } : {}),
        }),
      )
      .map((l) => `${l}\n`)
      .join('');
  }
  const when = (at: number) => new Date(at).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });
  const rows = blocks
    .slice()
    .reverse()
    .map((b) => [`${when(b.startAt)}${b.open ? ' (open)' : ''}`, ...cells(b)]);
  const open = blocks.find((b) => b.open && b.burn);
  const known = open ? open.unpriced < open.messages : false;
  const burn = open?.burn
    ? `Open block: ${Math.round(open.burn.tokensPerMinute).toLocaleString('en-US')} tokens/min` +
      `${known ? `, ${usd(open.burn.costPerHour)}/h` : ''}; at this pace ${open.burn.projectedTokens.toLocaleString('en-US')} ` +
      `tokens${known ? ` and ${usd(open.burn.projectedCost)}${open.unpriced > 0 ? ' + unknown' : ''}` : ' (cost unknown)'} by ${when(open.endAt)}.\n`
    : 'No block is open (no message in the last 5 hours).\n';
  return table(['Block', 'Input', 'Output', 'Cache write', 'Cache read', 'Total tokens', 'Cost'], rows) + burn;
}

const n = (v: number) => v.toLocaleString('en-US');
const cells = (f: UsageFigure) => [
  n(f.input),
  n(f.output),
  n(f.cacheWrite),
  n(f.cacheRead),
  n(totalTokens(f)),
  `${f.estimated > 0 && f.unpriced < f.messages ? '~' : ''}${costLabel(f)}`,
];

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return `${[line(head), rule, ...rows.map(line)].join('\n')}\n\n~ estimated from Claude Desk's price table; "unknown": a model the table does not know (its tokens are counted).\n`;
}
