import { memo, useId, useState } from 'react';
import { approvalOffers } from '../../../../shared/approval-scopes';
import type { ApprovalCard as Card } from '../../../../shared/threads';
import type { ApprovalOffers, ApprovalScope } from '../../../../shared/turn-events';
import { useAnswer } from './use-answer';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { approvalToolName, toolSummary } from '../../tool-names';
import { type ApprovalKey, FOCUS_APPROVAL_KEYS, FOCUS_APPROVAL_LABEL, approvalKey } from './approval-keys';
import { ApprovalPreview, editableField } from './approval-preview';
import { PlanCard } from './plan-card';
import { QuestionCard } from './question-card';

const OUTCOME_TEXT = {
  allowed: 'Allowed',
  denied: 'Denied',
  cancelled: 'Withdrawn — the turn ended before you answered',
} as const;

/**
 * One permission prompt of the CLI: what the tool will do, and Allow once / for this session /
 * always / Deny with a reason. The command or new content can be edited before allowing.
 */
export const ApprovalCardView = memo(function ApprovalCardView({
  card,
  threadId,
  turnId,
  toolInput,
}: {
  card: Card;
  threadId: string;
  turnId: string;
  /** The input of the tool call this prompt is about (ExitPlanMode's prompt carries `{}`, case 35). */
  toolInput?: unknown;
}) {
  // Questions and plans ask for a decision of their own, not a permission (recorded cases 35, 36).
  if (card.request.toolName === 'AskUserQuestion')
    return <QuestionCard card={card} threadId={threadId} turnId={turnId} />;
  if (card.request.toolName === 'ExitPlanMode') {
    const plan = (toolInput as { plan?: unknown } | undefined)?.plan;
    return (
      <PlanCard
        card={card}
        threadId={threadId}
        turnId={turnId}
        planText={typeof plan === 'string' ? plan : undefined}
      />
    );
  }
  return <PermissionCard card={card} threadId={threadId} turnId={turnId} />;
});

/**
 * What "for this session" covers: the host tells every new Claude Code process of the thread's session the rule
 * again (a kept process may end between turns), in memory only, so it lasts until Claude Desk quits.
 */
const SESSION_SCOPE = 'in this thread until you quit Claude Desk';

/** The rule each wider scope writes, in Claude Code's own spelling, or why only "once" is possible. */
function ScopeRules({ offers, id, device }: { offers: ApprovalOffers; id: string; device: boolean }) {
  const rules = offers.always?.rules ?? offers.session?.rules;
  if (offers.onceOnly)
    return (
      <p className="field-hint" data-testid="approval-once-only">
        {offers.onceOnly}
      </p>
    );
  if (!rules) return null;
  return (
    <p className="field-hint" data-testid="approval-rule" id={id}>
      {rules.length === 1 ? 'Rule' : 'Rules'}:{' '}
      {rules.map((rule, i) => (
        <span key={rule}>
          {i > 0 && ', '}
          <code>{rule}</code>
        </span>
      ))}
      .{offers.session && ` For this session: not asked again ${SESSION_SCOPE} (kept in memory, no file written).`}
      {offers.always && device && ' Always allow, and editing what runs, are at the computer.'}
      {offers.always && !device && (
        <>
          {' '}
          Always allow saves it in <code>.claude/settings.local.json</code> in the project, so Claude Code won&apos;t
          ask again for it there.
        </>
      )}
    </p>
  );
}

function PermissionCard({ card, threadId, turnId }: { card: Card; threadId: string; turnId: string }) {
  const { request, outcome } = card;
  // A paired device's page offers what the device gate allows: once, for this session, deny — never "always" (it
  // writes a settings file) nor an edited command.
  const device = useDesk((s) => s.devicePage);
  const field = device ? undefined : editableField(request);
  const offers = approvalOffers(request);
  const scopes = device ? { ...offers, always: undefined } : offers;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => (field ? String(request.input[field.key] ?? '') : ''));
  const [reason, setReason] = useState('');
  const [denying, setDenying] = useState(false);
  const { sending, answer } = useAnswer(threadId, turnId, request.requestId);
  /** Y/A/N work only while the card has focus: its key hints show then, and the way to focus it otherwise. */
  const [focused, setFocused] = useState(false);
  const name = approvalToolName(request.toolName, request.displayName);
  const waiting = !outcome && !sending;
  const rulesId = useId();

  const allow = (scope: ApprovalScope) => {
    const edited = editing && field && draft !== request.input[field.key];
    void answer({
      behavior: 'allow',
      scope,
      ...(edited ? { updatedInput: { ...request.input, [field.key]: draft } } : {}),
    });
  };
  const deny = () => void answer({ behavior: 'deny', ...(reason.trim() ? { message: reason.trim() } : {}) });
  const onKey = (key: ApprovalKey) => {
    if (key === 'y') allow('once');
    else if (key === 'a' && scopes.always) allow('always');
    else if (key === 'n') setDenying(true); // then Enter sends, with or without a reason
  };

  if (outcome) {
    return (
      <div
        className={`approval-card approval-resolved approval-${outcome}`}
        data-testid="approval-card"
        data-outcome={outcome}
      >
        <Icon name={outcome === 'allowed' ? 'check' : 'x'} size={14} />
        <span className="approval-resolved-name">{name}</span>
        <code className="tool-summary">{toolSummary(card.editedInput ?? request.input)}</code>
        <span className="approval-outcome">
          {OUTCOME_TEXT[outcome]}
          {card.editedInput && ' — edited before allowing'}
        </span>
      </div>
    );
  }

  return (
    <section
      className={`approval-card ${focused ? 'approval-focused' : ''}`}
      data-testid="approval-card"
      data-outcome="waiting"
      tabIndex={0}
      aria-label={`Claude asks to use ${name}`}
      aria-keyshortcuts={FOCUS_APPROVAL_KEYS}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        const key = waiting ? approvalKey(e) : undefined;
        if (!key) return;
        e.preventDefault();
        e.stopPropagation();
        onKey(key);
      }}
    >
      <header className="approval-head">
        <Icon name="shield" size={15} />
        <strong>Claude wants to use {name}</strong>
        {request.description && <span className="muted approval-description">{request.description}</span>}
        {/* The same words focused or not: a hint that changed size would move the buttons under the pointer. */}
        <span className="approval-keys-hint" data-testid="approval-keys-hint">
          <kbd>{FOCUS_APPROVAL_LABEL}</kbd> to answer with keys
        </span>
      </header>
      {request.blockedPath && (
        <p className="approval-blocked" data-testid="approval-blocked">
          Needs write access to <code>{request.blockedPath}</code>
        </p>
      )}
      {editing && field ? (
        <label className="approval-edit">
          <span className="field-label">{field.label} (your version is what runs)</span>
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              // Esc leaves the editor (focus back on the card); it must not stop the turn.
              if (e.key !== 'Escape') return;
              e.preventDefault();
              e.currentTarget.closest<HTMLElement>('.approval-card')?.focus();
            }}
            rows={Math.min(12, draft.split('\n').length + 1)}
            spellCheck={false}
          />
        </label>
      ) : (
        <ApprovalPreview request={request} threadId={threadId} turnId={turnId} />
      )}
      <div className="approval-actions">
        <button type="button" className="btn btn-primary btn-small" disabled={!waiting} onClick={() => allow('once')}>
          Allow once <kbd>Y</kbd>
        </button>
        {scopes.session && (
          <button
            type="button"
            className="btn btn-small"
            disabled={!waiting}
            onClick={() => allow('session')}
            title={`Don't ask again for ${scopes.session.rules.join(', ') || 'this'} ${SESSION_SCOPE}, even when its Claude Code process restarts`}
            aria-describedby={rulesId}
          >
            Allow for this session
          </button>
        )}
        {scopes.always && (
          <button type="button" className="btn btn-small" disabled={!waiting} onClick={() => allow('always')}>
            Always allow <kbd>A</kbd>
          </button>
        )}
        {!denying && (
          <button
            type="button"
            className="btn btn-small approval-deny-button"
            disabled={!waiting}
            onClick={() => setDenying(true)}
          >
            Deny <kbd>N</kbd>
          </button>
        )}
        {field && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={!waiting}
            onClick={() => setEditing(!editing)}
          >
            <Icon name="pencil" size={13} /> {editing ? 'Undo edit' : `Edit ${field.label.toLowerCase()}`}
          </button>
        )}
      </div>
      <ScopeRules offers={offers} id={rulesId} device={device} />
      {denying && (
        <form
          className="approval-deny"
          onSubmit={(e) => {
            e.preventDefault();
            deny();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation(); // Esc here closes the reason field; it must not stop the turn
              setDenying(false);
            }
          }}
        >
          <input
            type="text"
            autoFocus
            value={reason}
            placeholder="Why not? (optional — Claude sees this)"
            aria-label="Reason (Claude sees it)"
            disabled={!waiting}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" className="btn btn-danger btn-small" disabled={!waiting}>
            Deny
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setDenying(false)}>
            Back
          </button>
        </form>
      )}
    </section>
  );
}
