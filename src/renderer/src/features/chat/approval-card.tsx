import { memo, useState } from 'react';
import { approvalScopes } from '../../../../shared/approval-scopes';
import type { ApprovalCard as Card } from '../../../../shared/threads';
import type { ApprovalDecision } from '../../../../shared/turn-events';
import { getApi } from '../../api';
import { useDesk } from '../../store/store-context';
import { formatToolInput, friendlyToolName } from './tool-names';

const OUTCOME_TEXT = { allowed: 'Allowed', denied: 'Denied', cancelled: 'Cancelled' } as const;

/** What the tool will do, in the terms a person checks: the command, or the file and its new content. */
function Preview({ input }: { input: Record<string, unknown> }) {
  const command = typeof input.command === 'string' ? input.command : undefined;
  const file = typeof input.file_path === 'string' ? input.file_path : undefined;
  const content = typeof input.content === 'string' ? input.content : typeof input.new_string === 'string' ? input.new_string : undefined;
  if (command) return <pre className="tool-pre approval-command">{command}</pre>;
  if (file)
    return (
      <>
        <code className="approval-file">{file}</code>
        {content !== undefined && <pre className="tool-pre">{content}</pre>}
      </>
    );
  return <pre className="tool-pre">{formatToolInput(input)}</pre>;
}

/**
 * A permission prompt from the CLI (issue 8): allow once / for this session / always, or deny with
 * an optional reason the model sees. Keys while focused: Y allow once, A always, N deny.
 */
export const ApprovalCardView = memo(function ApprovalCardView({ card, threadId, turnId }: { card: Card; threadId: string; turnId: string }) {
  const pushNotice = useDesk((s) => s.pushNotice);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const { request, outcome } = card;
  const scopes = approvalScopes(request.suggestions);
  const name = request.displayName ?? friendlyToolName(request.toolName);

  const answer = (decision: ApprovalDecision) => {
    setSent(true);
    getApi()
      .answerApproval({ threadId, turnId, requestId: request.requestId, decision })
      .catch((err: Error) => {
        setSent(false);
        pushNotice('error', `Could not answer the request: ${err.message}`);
      });
  };

  if (outcome) {
    return (
      <div className={`approval-card approval-${outcome}`} data-testid="approval-card" data-outcome={outcome}>
        <span className="tool-name">{name}</span> <span className="muted">— {OUTCOME_TEXT[outcome]}</span>
      </div>
    );
  }

  return (
    <section
      className="approval-card approval-waiting"
      data-testid="approval-card"
      aria-label={`Claude wants to use ${name}`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (sent || denying || e.target instanceof HTMLInputElement) return;
        const k = e.key.toLowerCase();
        if (k === 'y') answer({ behavior: 'allow', scope: 'once' });
        else if (k === 'a' && scopes.always) answer({ behavior: 'allow', scope: 'always' });
        else if (k === 'n') setDenying(true);
      }}
    >
      <h3 className="approval-title">Claude wants to use {name}</h3>
      {request.description && <p className="muted">{request.description}</p>}
      <Preview input={request.input} />
      {request.blockedPath && <p className="approval-blocked">Outside the project: {request.blockedPath}</p>}
      {denying ? (
        <form
          className="approval-actions"
          onSubmit={(e) => {
            e.preventDefault();
            answer({ behavior: 'deny', ...(reason.trim() ? { message: reason.trim() } : {}) });
          }}
        >
          <input autoFocus aria-label="Reason (Claude sees it)" placeholder="Why not? (optional — Claude sees this)" value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" className="btn btn-danger" disabled={sent}>
            Deny
          </button>
          <button type="button" className="btn" onClick={() => setDenying(false)}>
            Back
          </button>
        </form>
      ) : (
        <div className="approval-actions">
          <button type="button" className="btn btn-primary" disabled={sent} onClick={() => answer({ behavior: 'allow', scope: 'once' })}>
            Allow once <kbd>Y</kbd>
          </button>
          {scopes.session && (
            <button type="button" className="btn" disabled={sent} onClick={() => answer({ behavior: 'allow', scope: 'session' })}>
              Allow for this session
            </button>
          )}
          {scopes.always && (
            <button
              type="button"
              className="btn"
              disabled={sent}
              title="Writes the rule to .claude/settings.local.json in the project"
              onClick={() => answer({ behavior: 'allow', scope: 'always' })}
            >
              Always allow <kbd>A</kbd>
            </button>
          )}
          <button type="button" className="btn" disabled={sent} onClick={() => setDenying(true)}>
            Deny <kbd>N</kbd>
          </button>
        </div>
      )}
      {scopes.always && !denying && <p className="field-hint">“Always allow” writes the rule to .claude/settings.local.json in the project.</p>}
    </section>
  );
});
