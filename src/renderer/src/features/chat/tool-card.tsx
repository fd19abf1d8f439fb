import { memo, useId, useState } from 'react';
import type { ApprovalCard, AssistantPart } from '../../../../shared/threads';
import { Icon } from '../../ui/icons';
import { formatToolInput, friendlyToolName, toolSummary } from './tool-names';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const RESULT_PREVIEW = 4000;

/**
 * Where the call stands. Its approval card (matched by toolUseId) comes first: a call waiting for the
 * user is not "Running", and a denied one is not an "Error" even though the CLI reports the refusal as
 * an is_error tool_result whose content is the user's reason (recorded case 21).
 */
function toolState(part: ToolPart, turnOver: boolean, approval?: ApprovalCard): { label: string; tone: string } {
  if (approval?.outcome === 'denied' || part.denied) return { label: 'Denied', tone: 'denied' };
  if (approval?.outcome === 'cancelled' && part.result === undefined) return { label: 'Withdrawn', tone: 'muted' };
  if (approval && !approval.outcome) return turnOver ? { label: 'No result', tone: 'muted' } : { label: 'Waiting for approval', tone: 'waiting' };
  if (part.isError) return { label: 'Error', tone: 'error' };
  if (part.result !== undefined) return { label: 'Done', tone: 'done' };
  return turnOver ? { label: 'No result', tone: 'muted' } : { label: 'Running', tone: 'running' };
}

/** The reason line under a denied call: the CLI's permission message, or the reason the user gave. */
function deniedText(part: ToolPart, approval?: ApprovalCard): string | undefined {
  if (part.denied) return part.denied;
  if (approval?.outcome !== 'denied') return undefined;
  // The host's stand-in when no reason was typed (core/turn/control-protocol.ts) says nothing more.
  const reason = part.result && part.result !== 'The user denied this tool call.' ? part.result : undefined;
  return reason ? `Denied: ${reason}` : 'Denied by you';
}

/** One tool call: friendly name, the key argument, then (expanded) full input and result or error. */
export const ToolCard = memo(function ToolCard({
  part,
  turnOver,
  approval,
}: {
  part: ToolPart;
  turnOver: boolean;
  /** The permission prompt for this call, when the CLI asked (issue 8). */
  approval?: ApprovalCard;
}) {
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState(false);
  const bodyId = useId();
  const state = toolState(part, turnOver, approval);
  const denied = deniedText(part, approval);
  const summary = toolSummary(part.input);
  const result = part.result ?? '';
  const shown = full || result.length <= RESULT_PREVIEW ? result : `${result.slice(0, RESULT_PREVIEW)}…`;
  return (
    <div className={`tool-card tool-${state.tone}`} data-testid="tool-card" data-approval={approval ? (approval.outcome ?? 'waiting') : undefined}>
      <button
        type="button"
        className="tool-head"
        aria-expanded={open}
        // Only while the body exists: aria-controls must name an element that is there.
        aria-controls={open ? bodyId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="chevron" size={14} />
        <Icon name="tool" size={14} />
        <span className="tool-name">{friendlyToolName(part.name)}</span>
        {summary && <code className="tool-summary">{summary}</code>}
        {approval?.outcome === 'allowed' && (
          <span className="tool-badge badge-allowed" data-testid="tool-allowed">
            <Icon name="check" size={12} /> Allowed
          </span>
        )}
        <span className={`tool-badge badge-${state.tone}`} data-testid="tool-state">
          {state.label}
        </span>
      </button>
      {denied && (
        <p className="tool-denied" role="note">
          {denied}
        </p>
      )}
      {open && (
        <div id={bodyId} className="tool-body">
          <div className="tool-section-label">Input</div>
          <pre className="tool-pre">{formatToolInput(part.input)}</pre>
          {part.result !== undefined && (
            <>
              <div className="tool-section-label">{part.isError ? 'Error' : 'Result'}</div>
              <pre className={`tool-pre ${part.isError ? 'tool-pre-error' : ''}`}>{shown || '(empty)'}</pre>
              {shown !== result && (
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setFull(true)}>
                  Show all {result.length.toLocaleString('en-US')} characters
                </button>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
});
