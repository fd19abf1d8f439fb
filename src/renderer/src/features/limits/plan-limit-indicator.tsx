import { windowName, type RateLimitInfo, type RateLimitWindow } from '../../../../shared/rate-limit';
import { useDesk } from '../../store/store-context';
import type { DeskState } from '../../store/desk-state';
import { byMessages } from '../../store/by-messages';
import { usePopover } from '../../ui/use-popover';
import { resetLabel, untilLabel } from '../../ui/reset-time';
import { useNow } from './use-now';
import './limits.css';

/** From this share of a window on, the header shows it even while the CLI still says `allowed`. */
const SHOW_FROM = 0.5;

/** The account's latest: what any turn reported, else what the open thread's last report said (after a restart). */
function latestLimit(s: DeskState): RateLimitInfo | undefined {
  return s.planLimit ? s.planLimit.info : threadLimit(s);
}
const threadLimit = byMessages((s): RateLimitInfo | undefined => {
  for (let i = s.messageIds.length - 1; i >= 0; i--) {
    const m = s.messages[s.messageIds[i]!];
    if (m?.role === 'assistant' && m.rateLimit) return m.rateLimit;
  }
  return undefined;
});

const pct = (u: number | undefined) => (u === undefined ? undefined : `${Math.round(u * 100)}%`);

/** A report whose reset time has passed says nothing about now. */
const current = (info: RateLimitInfo, now: number) => info.resetsAt === undefined || info.resetsAt > now;

/**
 * The plan-limit indicator: shown once a subscription's window is half used, warns at the CLI's
 * `allowed_warning`, and says when a `rejected` limit resets; a click lists every window the CLI reported.
 */
export function PlanLimitIndicator() {
  const info = useDesk(latestLimit);
  const now = useNow();
  const { open, rootRef, panelId, buttonProps } = usePopover();
  if (!info || !current(info, now)) return null;
  if (info.status === 'allowed' && (info.utilization ?? 0) < SHOW_FROM) return null;

  const name = windowName(info.type);
  const level = info.status === 'rejected' ? 'danger' : info.status === 'allowed_warning' ? 'warn' : 'ok';
  const label =
    info.status === 'rejected' ? `${capital(name)} reached` : `${capital(name)} · ${pct(info.utilization) ?? '—'}`;
  const resets = info.resetsAt !== undefined ? `resets ${resetLabel(info.resetsAt, now)}` : undefined;
  const windows = Object.entries(info.windows).filter(([, w]) => w.resetsAt === undefined || w.resetsAt > now);
  return (
    <div className="header-popover plan-limit" ref={rootRef} data-level={level}>
      <button
        type="button"
        className="header-chip"
        aria-label={`Plan usage: ${label}${resets ? `, ${resets}` : ''}`}
        title={`${label}${resets ? ` · ${resets}` : ''}`}
        data-testid="plan-limit"
        {...buttonProps}
      >
        <span className="plan-limit-dot" aria-hidden="true" />
        <span className="plan-limit-label">{label}</span>
        {/* A narrow header keeps the title: the figure alone (the tooltip and panel say the rest). */}
        <span className="plan-limit-short" aria-hidden="true">
          {info.status === 'rejected' ? 'Limit' : (pct(info.utilization) ?? 'Limit')}
        </span>
      </button>
      {open && (
        <div className="header-panel" id={panelId} role="dialog" aria-label="Plan usage" data-testid="plan-limit-panel">
          <div className="header-panel-title">Plan usage</div>
          <ul className="plan-windows">
            {(windows.length ? windows : [[info.type ?? 'plan', info] as [string, RateLimitWindow]]).map(([key, w]) => (
              <li key={key} data-status={w.status ?? 'allowed'}>
                <span className="plan-window-name">{capital(windowName(key))}</span>
                <span className="plan-window-figure">
                  {pct(w.utilization) ?? '—'} used
                  {w.resetsAt !== undefined && (
                    <span title={untilLabel(w.resetsAt, now)}> · resets {resetLabel(w.resetsAt, now)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <p className="header-panel-hint">
            {info.status === 'rejected'
              ? 'Claude Code refuses new messages until the limit resets. A refused message can be sent again automatically then.'
              : 'Claude Code reports this with each reply on a Claude subscription.'}
          </p>
        </div>
      )}
    </div>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
