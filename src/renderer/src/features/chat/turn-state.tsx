import type { AssistantMessage } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';
import { Elapsed } from './elapsed';
import { RetryLine } from './retry-line';
import { WAITING_LINE, openRequest } from '../../waiting-for';
import { PulseDot } from '../../ui/pulse-dot';

// The cards of a turn that could not run (not signed in, the plan's limit, too long a conversation) are chunks of
// their own: a first screen seldom has one.
const AuthCard = lazyPart(
  () => import('./auth-card'),
  (m) => m.AuthCard,
  <LazyLoading what="how to sign in" />,
);
const LimitRefused = lazyPart(
  () => import('../limits/limit-refused'),
  (m) => m.LimitRefused,
  <LazyLoading what="what the limit allows" />,
);
const ContextTooLong = lazyPart(
  () => import('./context-too-long'),
  (m) => m.ContextTooLong,
  <LazyLoading what="what to do next" />,
);

/**
 * The one line that says where a turn stands: queued (position), running (elapsed), waiting for
 * approval, retrying, stopped, or failed with the reason and a Retry button.
 */
export function TurnState({ message, hasOutput }: { message: AssistantMessage; hasOutput: boolean }) {
  const turn = useDesk((s) => s.inFlight[message.id]);
  const retryTurn = useDesk((s) => s.retryTurn);
  const { status } = message;

  if (status === 'queued') {
    return (
      <div className="turn-state state-queued" role="status" data-testid="turn-queued">
        <span className="dot" aria-hidden="true" />
        {/* The answer's place shown at Enter, before the host has said the turn waits: it is starting. */}
        {turn?.elsewhere ?? (turn?.position ? `Queued — position ${turn.position}` : 'Starting…')}
      </div>
    );
  }
  if (status === 'running' || status === 'waiting') {
    // After its answer a turn stays open while sub-agents it started in the background work (recorded case 34).
    const background = message.parts.filter(
      (p) => p.kind === 'tool' && p.subagent?.background && p.subagent.status === 'running',
    ).length;
    const activity = background
      ? `${background === 1 ? 'A sub-agent is' : `${background} sub-agents are`} working in the background`
      : hasOutput
        ? 'Writing'
        : 'Thinking';
    return (
      <div className="turn-state state-running" role="status" data-testid="turn-running">
        <PulseDot className="pulse" />
        {message.retry ? (
          <RetryLine retry={message.retry} />
        ) : status === 'waiting' ? (
          <span>{WAITING_LINE[openRequest(message)?.kind ?? 'approval']}</span>
        ) : (
          <span>{activity}</span>
        )}
        {turn?.startedAt !== undefined && <Elapsed since={turn.startedAt} />}
      </div>
    );
  }
  if (status === 'stopped') {
    return (
      <div className="turn-state state-stopped" data-testid="turn-stopped">
        Stopped
        <button
          type="button"
          className="btn btn-small btn-ghost"
          title="Send the same message again (this attempt stays as a branch)"
          onClick={() => void retryTurn(message.id)}
        >
          Retry
        </button>
      </div>
    );
  }
  if (status === 'failed') {
    const err = message.error;
    if (err?.kind === 'auth_required') return <AuthCard error={err} />;
    if (message.rateLimit?.status === 'rejected') return <LimitRefused message={message} />;
    if (err?.kind === 'context_too_long') return <ContextTooLong message={message} />;
    const text = err?.message ?? message.verdict?.result ?? 'The turn failed.';
    return (
      <div className="turn-state state-failed" role="alert" data-testid="turn-failed">
        <div className="turn-error-text">
          <strong>Something went wrong.</strong> {text}
          {err?.hint && <div className="turn-error-hint">{err.hint}</div>}
        </div>
        <button type="button" className="btn btn-small" onClick={() => void retryTurn(message.id)}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}
