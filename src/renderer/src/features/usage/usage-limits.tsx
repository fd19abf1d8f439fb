import { windowName, type RateLimitInfo } from '../../../../shared/rate-limit';
import { totalTokens, usd, type UsageBlock } from '../../../../shared/usage';

/** Some of the block's cost is known: a pace in dollars says something (never $0 for an unknown cost). */
const priced = (b: UsageBlock) => b.unpriced < b.messages;
import { useDesk } from '../../store/store-context';
import { resetLabel } from '../../ui/reset-time';
import { UsageTable } from './usage-table';
import { costText, fullTokens, whenLabel } from './usage-format';

const pct = (u: number | undefined) => (u === undefined ? '—' : `${Math.round(u * 100)}%`);

/** The plan's windows as the CLI last reported them (a turn's rate-limit event: subscription logins only). */
function PlanWindows({ info, seenAt, now }: { info: RateLimitInfo; seenAt: number; now: number }) {
  const windows = Object.entries(info.windows);
  const rows = windows.length ? windows : [[info.type ?? 'plan', info] as const];
  return (
    <>
      <ul className="usage-windows" data-testid="usage-plan-windows">
        {rows.map(([name, w]) => {
          const used = w.utilization;
          const over = w.resetsAt !== undefined && w.resetsAt <= now;
          return (
            <li
              key={name}
              data-level={w.status === 'rejected' ? 'danger' : w.status === 'allowed_warning' ? 'warn' : 'ok'}
            >
              <span className="usage-window-name">{capital(windowName(name))}</span>
              <span
                className="usage-meter"
                role="meter"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={used === undefined ? undefined : Math.round(used * 100)}
                aria-label={`${windowName(name)} used`}
              >
                <span
                  className="usage-meter-fill"
                  style={{ width: `${Math.min(100, Math.round((used ?? 0) * 100))}%` }}
                />
              </span>
              <span className="usage-window-figure">{over ? 'reset since' : pct(used)}</span>
              <span className="usage-window-reset">
                {w.resetsAt !== undefined && !over ? `resets ${resetLabel(w.resetsAt, now)}` : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="usage-note" data-testid="usage-plan-as-of">
        As of {whenLabel(seenAt)}, as Claude Code reported them with a turn.
      </p>
    </>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Plan limits (or, with an API key, what is spent) and the 5-hour blocks: the open one's pace and where it heads. */
export function UsageLimits({
  blocks,
  now,
  monthCost,
  saved,
}: {
  blocks: UsageBlock[];
  now: number;
  monthCost: string;
  /** The windows the host kept from the last report (this run's or an earlier one's). */
  saved?: { info: RateLimitInfo; seenAt: number } | undefined;
}) {
  const live = useDesk((s) => s.planLimit);
  const limit = live && (!saved || live.seenAt >= saved.seenAt) ? live : (saved ?? null);
  const method = useDesk((s) => s.overview?.auth.method);
  const apiKey = method === 'env_api_key' || method === 'saved_api_key';
  const open = blocks.find((b) => b.open);
  return (
    <section className="usage-section" aria-labelledby="usage-limits-h">
      <h2 id="usage-limits-h">Limits</h2>
      {limit ? (
        <PlanWindows info={limit.info} seenAt={limit.seenAt} now={now} />
      ) : apiKey ? (
        <p className="usage-note" data-testid="usage-api-spend">
          Signed in with an API key: no plan windows, you pay per token. Spent in the last 30 days:{' '}
          <strong>{monthCost}</strong>.
        </p>
      ) : (
        <p className="usage-note">
          The plan's 5-hour and weekly windows show here once a turn reports them (Claude Code sends them with its
          answers on a subscription).
        </p>
      )}
      <h3 className="usage-subhead">5-hour blocks</h3>
      {open?.burn ? (
        <div className="usage-block-open" data-testid="usage-open-block">
          <p>
            Open block: {whenLabel(open.startAt)} to {whenLabel(open.endAt)} — {fullTokens(totalTokens(open))} tokens,{' '}
            {costText(open)} so far.
          </p>
          <p>
            Pace: {fullTokens(Math.round(open.burn.tokensPerMinute))} tokens a minute
            {priced(open) ? `, ${usd(open.burn.costPerHour)} an hour` : ''}. At this pace by {whenLabel(open.endAt)}:{' '}
            {fullTokens(open.burn.projectedTokens)} tokens
            {priced(open)
              ? `, ${usd(open.burn.projectedCost)}${open.unpriced > 0 ? ' + unknown' : ''}`
              : ' (cost unknown)'}
            .
          </p>
        </div>
      ) : (
        <p className="usage-note">No block is open: no message in the last 5 hours.</p>
      )}
      <UsageTable
        caption="Latest 5-hour blocks"
        rowKey={(b) => String(b.startAt)}
        rows={blocks}
        columns={[
          {
            key: 'start',
            label: 'Block',
            cell: (b) => `${whenLabel(b.startAt)}${b.open ? ' (open)' : ''}`,
            sortValue: (b) => b.startAt,
          },
          {
            key: 'messages',
            label: 'Messages',
            numeric: true,
            cell: (b) => fullTokens(b.messages),
            sortValue: (b) => b.messages,
          },
          {
            key: 'tokens',
            label: 'Tokens',
            numeric: true,
            cell: (b) => fullTokens(totalTokens(b)),
            sortValue: (b) => totalTokens(b),
          },
          { key: 'cost', label: 'Cost', numeric: true, cell: costText, sortValue: (b) => b.cost },
        ]}
        empty="No usage yet."
        testId="usage-blocks"
      />
    </section>
  );
}
