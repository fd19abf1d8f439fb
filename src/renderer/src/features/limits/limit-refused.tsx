import type { AssistantMessage } from '../../../../shared/threads';
import { windowName } from '../../../../shared/rate-limit';
import { useDesk } from '../../store/store-context';
import type { DeskState } from '../../store/desk-state';
import { atLabel, untilLabel } from '../../ui/reset-time';
import { useNow } from './use-now';
import './limits.css';

/** The user's message this turn answered: the nearest user message above it. */
function askedText(s: DeskState, turnId: string): string | undefined {
  for (let i = s.messageIds.indexOf(turnId) - 1; i >= 0; i--) {
    const m = s.messages[s.messageIds[i]!];
    if (m?.role === 'user' && !m.marker) return m.text;
  }
  return undefined;
}

/**
 * A turn the plan limit refused (recorded case 38c: rate_limit_event `rejected`, then an is_error result): when the
 * limit resets, and the offer to send the message again then, automatically (cancellable until it goes).
 */
export function LimitRefused({ message }: { message: AssistantMessage }) {
  const info = message.rateLimit!;
  const threadId = useDesk((s) => s.activeThreadId);
  const text = useDesk((s) => askedText(s, message.id));
  const scheduled = useDesk((s) => s.scheduledSends[message.id]);
  const schedule = useDesk((s) => s.scheduleSend);
  const cancel = useDesk((s) => s.cancelScheduledSend);
  const retryTurn = useDesk((s) => s.retryTurn);
  const now = useNow(15_000);
  const resetsAt = info.resetsAt;
  const when = resetsAt !== undefined ? atLabel(resetsAt, now) : undefined;
  const passed = resetsAt !== undefined && resetsAt <= now;
  const canSchedule = !!threadId && text !== undefined && resetsAt !== undefined && !passed;

  return (
    <div className="limit-refused" role="alert" data-testid="limit-refused">
      <div className="limit-refused-text">
        <strong>You've hit your {windowName(info.type)}.</strong>{' '}
        {passed ? 'It has reset: you can send again.' : when ? `It resets ${when}.` : (message.verdict?.result ?? '')}
        {scheduled ? (
          <div className="limit-refused-hint" data-testid="send-scheduled">
            Your message goes again {atLabel(scheduled.at, now)} ({untilLabel(scheduled.at, now)}) while Claude Desk
            stays open.
          </div>
        ) : (
          canSchedule && (
            <div className="limit-refused-hint">Claude Desk can send your message again when it resets.</div>
          )
        )}
      </div>
      <div className="limit-refused-actions">
        {scheduled ? (
          <button type="button" className="btn btn-small" onClick={() => cancel(message.id)}>
            Cancel
          </button>
        ) : (
          canSchedule && (
            <button
              type="button"
              className="btn btn-small btn-primary"
              onClick={() => schedule(message.id, { threadId, text, at: resetsAt })}
            >
              Send {when}
            </button>
          )
        )}
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            cancel(message.id);
            void retryTurn(message.id);
          }}
        >
          Retry now
        </button>
      </div>
    </div>
  );
}
