import { COMPACT_SUGGESTED_AT, contextFillAt, contextUsageAt, type ContextFill } from '../../../../shared/context-fill';
import { useDesk } from '../../store/store-context';
import { byMessages } from '../../store/by-messages';
import { formatTokens } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { usePopover } from '../../ui/use-popover';
import { ContextBreakdown } from './context-breakdown';
import './context.css';

const fillOf = byMessages((s): ContextFill | undefined =>
  contextFillAt(s.messageIds.length, (i) => s.messages[s.messageIds[i]!]),
);
const usageOf = byMessages((s) => contextUsageAt(s.messageIds.length, (i) => s.messages[s.messageIds[i]!]));

/** "0.3%" reads as empty; whole percents from 1 on, "<1%" below. */
export function percentLabel(fraction: number): string {
  const pct = fraction * 100;
  return pct > 0 && pct < 1 ? '<1%' : `${Math.round(pct)}%`;
}

const exact = (n: number) => n.toLocaleString('en-US');

/**
 * The header's context meter: how full the thread's context window is after its latest turn, with a Compact action
 * (the CLI's own `/compact`, recorded case 37). Past 80 % the Compact button shows beside the meter.
 */
export function ContextMeter() {
  // Plain numbers out of the selectors: a streamed delta changes `messages`, not these.
  const tokens = useDesk((s) => fillOf(s)?.tokens);
  const window = useDesk((s) => fillOf(s)?.window);
  // The breakdown object as its message holds it: the same reference until a turn brings a new one.
  const usage = useDesk(usageOf);
  const threadId = useDesk((s) => s.activeThreadId);
  const busy = useDesk((s) => Object.values(s.inFlight).some((t) => t.threadId === s.activeThreadId));
  const sendMessage = useDesk((s) => s.sendMessage);
  const { open, setOpen, rootRef, panelId, buttonProps } = usePopover(threadId);

  if (tokens === undefined || !threadId) return null;
  const fraction = window ? Math.min(1, tokens / window) : undefined;
  const high = fraction !== undefined && fraction >= COMPACT_SUGGESTED_AT;
  const summary = window
    ? `${formatTokens(tokens)} of ${formatTokens(window)} tokens (${percentLabel(fraction ?? 0)})`
    : `${formatTokens(tokens)} tokens`;
  const compact = () => {
    setOpen(false);
    void sendMessage('/compact');
  };
  const compactButton = (className: string, label: string) => (
    <button
      type="button"
      className={className}
      onClick={compact}
      disabled={busy}
      title={busy ? 'Compacting waits until the running turn ends' : 'Summarise the conversation to free the window'}
      data-testid="compact-button"
    >
      {label}
    </button>
  );

  const shown = fraction !== undefined ? percentLabel(fraction) : formatTokens(tokens);
  return (
    <div className="header-popover context-meter" ref={rootRef} data-level={high ? 'high' : 'ok'}>
      <button
        type="button"
        className="header-chip"
        // The name begins with the figure the chip shows, so a voice user can say what they see.
        aria-label={`${shown} context window: ${summary}`}
        title={`Context window: ${summary}`}
        {...buttonProps}
        data-testid="context-meter"
      >
        {/* Below 900 px an icon stands in for the bar: icon + figure, as the header's other chips. */}
        <span className="context-icon" aria-hidden="true">
          <Icon name="gauge" size={13} />
        </span>
        <span className="context-bar" aria-hidden="true">
          <span className="context-bar-fill" style={{ width: `${Math.max(2, (fraction ?? 0) * 100)}%` }} />
        </span>
        <span className="context-meter-label">{shown}</span>
      </button>
      {high && !open && compactButton('btn btn-small btn-warn', 'Compact')}
      {open && (
        <div
          className="header-panel"
          id={panelId}
          role="dialog"
          aria-label="Context window"
          data-testid="context-panel"
        >
          <div className="header-panel-title">Context window</div>
          <p className="header-panel-figure">
            {window ? (
              <>
                {exact(tokens)} of {exact(window)} tokens used · {percentLabel(fraction ?? 0)}
              </>
            ) : (
              <>{exact(tokens)} tokens used (the window size is not known yet)</>
            )}
          </p>
          {usage && <ContextBreakdown usage={usage} />}
          <p className="header-panel-hint">
            {high
              ? 'The window is nearly full. Compacting replaces the conversation so far with a summary, so Claude keeps room to work.'
              : 'Compacting replaces the conversation so far with a summary. Claude Code also compacts by itself when the window is nearly full.'}
          </p>
          {compactButton('btn btn-small', 'Compact now')}
        </div>
      )}
    </div>
  );
}
