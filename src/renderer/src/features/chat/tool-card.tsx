import { memo, useId, useState } from 'react';
import type { AssistantPart } from '../../../../shared/threads';
import { Icon } from '../../ui/icons';
import { formatToolInput, friendlyToolName, toolSummary } from './tool-names';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

const RESULT_PREVIEW = 4000;

function toolState(part: ToolPart, turnOver: boolean): { label: string; tone: string } {
  if (part.denied) return { label: 'Denied', tone: 'denied' };
  if (part.isError) return { label: 'Error', tone: 'error' };
  if (part.result !== undefined) return { label: 'Done', tone: 'done' };
  return turnOver ? { label: 'No result', tone: 'muted' } : { label: 'Running', tone: 'running' };
}

/** One tool call: friendly name, the key argument, then (expanded) full input and result or error. */
export const ToolCard = memo(function ToolCard({ part, turnOver }: { part: ToolPart; turnOver: boolean }) {
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState(false);
  const bodyId = useId();
  const state = toolState(part, turnOver);
  const summary = toolSummary(part.input);
  const result = part.result ?? '';
  const shown = full || result.length <= RESULT_PREVIEW ? result : `${result.slice(0, RESULT_PREVIEW)}…`;
  return (
    <div className={`tool-card tool-${state.tone}`} data-testid="tool-card">
      <button type="button" className="tool-head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <Icon name="chevron" size={14} />
        <Icon name="tool" size={14} />
        <span className="tool-name">{friendlyToolName(part.name)}</span>
        {summary && <code className="tool-summary">{summary}</code>}
        <span className={`tool-badge badge-${state.tone}`}>{state.label}</span>
      </button>
      {part.denied && (
        <p className="tool-denied" role="note">
          {part.denied}
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
