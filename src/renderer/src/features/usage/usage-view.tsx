import { useEffect, useRef, useState } from 'react';
import { totalTokens, type UsageFigure } from '../../../../shared/usage';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { UsageBreakdowns } from './usage-breakdowns';
import { UsageCharts } from './usage-charts';
import { UsageLimits } from './usage-limits';
import { UsageBudgets } from './usage-budgets';
import { costParts, costText, dayLabel, fullTokens } from './usage-format';
import './usage.css';

const PRESETS: [days: number, label: string][] = [
  [7, '7 days'],
  [30, '30 days'],
  [90, '90 days'],
];

function dayMinus(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const at = new Date(y, m - 1, d - days, 12);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

function Total({ title, f, testId }: { title: string; f: UsageFigure; testId: string }) {
  const cost = costParts(f);
  return (
    <div className="usage-total" data-testid={testId}>
      <h3>{title}</h3>
      <p className="usage-total-cost">{cost.amount}</p>
      <p className="usage-total-tokens">
        {fullTokens(totalTokens(f))} tokens{cost.unknownPart ? ' · plus a cost unknown' : ''}
      </p>
      <dl>
        <dt>Input</dt>
        <dd>{fullTokens(f.input)}</dd>
        <dt>Output</dt>
        <dd>{fullTokens(f.output)}</dd>
        <dt>Cache write</dt>
        <dd>{fullTokens(f.cacheWrite)}</dd>
        <dt>Cache read</dt>
        <dd>{fullTokens(f.cacheRead)}</dd>
      </dl>
    </div>
  );
}

/**
 * Usage: tokens and cost of every Claude Code session on this computer (the terminal's, editors', Claude Desk's own),
 * each API message counted once: totals, per-day and per-hour charts, the plan's limits and 5-hour blocks, and where
 * it went by project, model and session.
 */
export function UsageView() {
  const usage = useDesk((s) => s.usage);
  const range = useDesk((s) => s.usageRange);
  const loading = useDesk((s) => s.usageLoading);
  const error = useDesk((s) => s.usageError);
  const load = useDesk((s) => s.loadUsage);
  const setView = useDesk((s) => s.setView);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const shownAtOpen = useRef(usage !== null);
  useEffect(() => {
    if (!shownAtOpen.current) return void load();
    // Figures from the last open are on screen: the first paint is theirs, and the fresh read comes right after
    // it (its answer then redraws; a read in flight would land in the middle of the first frame).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => void load(), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [load]);
  useEffect(() => {
    if (usage) {
      setFrom(usage.since);
      setTo(usage.until);
    }
  }, [usage]);

  const today = usage?.today;
  const preset = (days: number) => today && load({ since: dayMinus(today, days - 1), until: today });
  const presetOn = (days: number) =>
    !!usage && usage.until === usage.today && usage.since === dayMinus(usage.today, days - 1);
  const rangeTitle = usage ? `${dayLabel(usage.since)} – ${dayLabel(usage.until)}` : 'Range';

  return (
    <div className="usage-view" data-testid="usage-view">
      <header className="usage-header">
        <div>
          <h1>Usage</h1>
          <p className="usage-sub">
            Every Claude Code session on this computer: the terminal, editors and Claude Desk's threads.
          </p>
        </div>
        <div className="usage-header-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void load(range)}
            disabled={loading}
            data-testid="usage-refresh"
          >
            {loading ? 'Reading…' : 'Refresh'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setView('chat')} aria-label="Close Usage">
            <Icon name="x" size={14} />
          </button>
        </div>
      </header>
      <form
        className="usage-range"
        aria-label="Range"
        onSubmit={(e) => {
          e.preventDefault();
          if (from && to) void load(from <= to ? { since: from, until: to } : { since: to, until: from });
        }}
      >
        <div className="usage-toggle" role="group" aria-label="Last">
          {PRESETS.map(([days, label]) => (
            <button
              key={days}
              type="button"
              aria-pressed={presetOn(days)}
              className={presetOn(days) ? 'active' : ''}
              onClick={() => void preset(days)}
            >
              {label}
            </button>
          ))}
        </div>
        <span className="usage-dates">
          <label>
            From <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            To <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </label>
        </span>
        <button type="submit" className="btn">
          Show
        </button>
      </form>
      {error && (
        <p className="usage-error" role="alert">
          {error}
        </p>
      )}
      {!usage ? (
        !error && (
          <p className="usage-note" aria-busy="true">
            Reading every session's usage…
          </p>
        )
      ) : (
        <>
          <section className="usage-totals" aria-label="Totals">
            <Total title="Today" f={usage.totals.today} testId="usage-total-today" />
            <Total title="Last 7 days" f={usage.totals.week} testId="usage-total-week" />
            <Total title="Last 30 days" f={usage.totals.month} testId="usage-total-month" />
            <Total title={rangeTitle} f={usage.totals.range} testId="usage-total-range" />
          </section>
          <p className="usage-note" data-testid="usage-estimates">
            Each API message counted once, sub-agents included. Costs with ~ are estimates from Claude Desk's price
            table of {usage.priceTableDate} (Claude Code records no cost per message)
            {usage.unpricedModels.length > 0 && (
              <>
                ; the table has no price for {usage.unpricedModels.join(', ')}: their tokens count, their cost shows as
                unknown
              </>
            )}
            .
            {usage.unreadable > 0 &&
              ` ${usage.unreadable} transcript${usage.unreadable === 1 ? '' : 's'} could not be read (file permissions): not counted.`}
          </p>
          <UsageCharts days={usage.days} hours={usage.hours} />
          <UsageLimits
            blocks={usage.blocks}
            now={usage.at}
            monthCost={costText(usage.totals.month)}
            saved={usage.planWindows}
          />
          <UsageBudgets projects={usage.projects} />
          <UsageBreakdowns projects={usage.projects} models={usage.models} sessions={usage.sessions} />
        </>
      )}
    </div>
  );
}
