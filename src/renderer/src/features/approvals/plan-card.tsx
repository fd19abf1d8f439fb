import { memo, useCallback, useState } from 'react';
import type { PermissionMode } from '../../../../shared/settings';
import type { ApprovalCard as Card } from '../../../../shared/threads';
import type { ApprovalDecision } from '../../../../shared/turn-events';
import { errorText } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { Markdown } from '../../ui/markdown';
import './questions.css';

/**
 * Claude's plan in plan mode (ExitPlanMode as can_use_tool, recorded case 35). The prompt's own input is `{}`: the
 * plan is in the tool call (`planText`). Approving allows the call and switches the permission mode (the running
 * CLI switches at once with set_permission_mode); Keep planning denies it with the user's feedback, which the
 * model reads verbatim (case 35b).
 */
export const PlanCard = memo(function PlanCard({
  card,
  threadId,
  turnId,
  planText,
}: {
  card: Card;
  threadId: string;
  turnId: string;
  planText?: string;
}) {
  const { request, outcome } = card;
  const pushNotice = useDesk((s) => s.pushNotice);
  const answerApproval = useDesk((s) => s.answerApproval);
  const updateThreadSettings = useDesk((s) => s.updateThreadSettings);
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<string | undefined>(undefined);
  const waiting = !outcome && !sending;
  const plan = typeof request.input.plan === 'string' ? request.input.plan : (planText ?? '');

  const answer = useCallback(
    async (decision: ApprovalDecision, mode?: PermissionMode) => {
      setSending(true);
      try {
        await answerApproval(threadId, turnId, request.requestId, decision);
        // The plan's approval sets how this thread goes on (its own mode; Settings keeps the default).
        const refused = mode && (await updateThreadSettings(threadId, { permissionMode: mode }));
        if (refused) pushNotice('error', `The permission mode stays as it was: ${refused}`);
      } catch (err) {
        setSending(false);
        pushNotice('error', `Could not send your answer: ${errorText(err)}`);
      }
    },
    [threadId, turnId, request.requestId, pushNotice, updateThreadSettings, answerApproval],
  );

  const approve = (mode: PermissionMode) => void answer({ behavior: 'allow', scope: 'once' }, mode);
  const keepPlanning = () =>
    void answer({
      behavior: 'deny',
      message: feedback?.trim() || 'Keep planning: the user did not approve this plan yet.',
    });

  return (
    <section
      className={`approval-card plan-card ${outcome ? 'approval-resolved-plan' : ''}`}
      data-testid="plan-card"
      data-outcome={outcome ?? 'waiting'}
      tabIndex={0}
      aria-label="Claude's plan"
    >
      <header className="approval-head">
        <Icon name="check" size={15} />
        <strong>Claude's plan</strong>
        {outcome && (
          <span className="muted">
            {outcome === 'allowed' ? 'Approved' : outcome === 'denied' ? 'Sent back with your feedback' : 'Withdrawn'}
          </span>
        )}
      </header>
      <div className="plan-body">{plan ? <Markdown text={plan} /> : <p className="muted">(The plan is empty.)</p>}</div>
      {!outcome && feedback === undefined && (
        <div className="approval-actions">
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={!waiting}
            onClick={() => approve('acceptEdits')}
          >
            Approve and start (Accept edits)
          </button>
          <button type="button" className="btn btn-small" disabled={!waiting} onClick={() => approve('ask')}>
            Approve and ask each step (Ask)
          </button>
          <button type="button" className="btn btn-ghost btn-small" disabled={!waiting} onClick={() => setFeedback('')}>
            Keep planning…
          </button>
        </div>
      )}
      {!outcome && feedback !== undefined && (
        <form
          className="plan-feedback"
          onSubmit={(e) => {
            e.preventDefault();
            keepPlanning();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation(); // closes the feedback field; must not stop the turn
              setFeedback(undefined);
            }
          }}
        >
          <textarea
            autoFocus
            rows={3}
            value={feedback}
            placeholder="What should change in the plan? (Claude reads this)"
            aria-label="Feedback on the plan (Claude reads it)"
            disabled={!waiting}
            onChange={(e) => setFeedback(e.target.value)}
          />
          <div className="approval-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={!waiting}>
              Keep planning
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setFeedback(undefined)}>
              Back
            </button>
          </div>
        </form>
      )}
    </section>
  );
});
