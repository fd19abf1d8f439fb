import { useEffect, useRef } from 'react';
import { EMPTY_TOTALS } from '../../../../shared/turn-reducer';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { formatCost, formatDuration, formatTokens, modelLabel } from '../../ui/format';
import { ModelPicker } from '../../ui/model-picker';
import { LazyLoading, lazyPart } from '../../ui/lazy-part';
import './pickers.css';
import './panels.css';

// The MCP servers' panel opens from a click: its own chunk.
const McpServers = lazyPart(
  () => import('./mcp-servers'),
  (m) => m.McpServers,
  <LazyLoading what="the MCP servers" />,
  { phone: false },
);

export type PanelKind = 'model' | 'cost' | 'mcp';

const TITLES: Record<PanelKind, string> = {
  model: 'Model for this thread',
  cost: 'This thread so far',
  mcp: 'MCP servers',
};

/** A small card above the composer for `/model`, `/cost` and `/mcp`; Esc or × closes it and the text box takes focus. */
export function ComposerPanel({ kind, onClose }: { kind: PanelKind; onClose: () => void }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.querySelector<HTMLElement>('button, input, select')?.focus();
  }, [kind]);
  const close = () => {
    onClose();
    document.querySelector<HTMLElement>('[data-composer="true"]')?.focus();
  };
  return (
    <div
      ref={card}
      className="composer-panel"
      role="dialog"
      aria-label={TITLES[kind]}
      data-testid={`${kind}-panel`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <div className="composer-panel-head">
        <strong>{TITLES[kind]}</strong>
        <button type="button" className="btn btn-ghost btn-icon" aria-label="Close" onClick={close}>
          <Icon name="x" size={14} />
        </button>
      </div>
      {kind === 'model' && <ModelChooser onDone={close} />}
      {kind === 'cost' && <CostSummary />}
      {kind === 'mcp' && <McpServers />}
    </div>
  );
}

function ModelChooser({ onDone }: { onDone: () => void }) {
  const threadId = useDesk((s) => s.activeThreadId);
  const thread = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId));
  const update = useDesk((s) => s.updateThreadSettings);
  if (!threadId) return <p className="muted">Send a first message, then choose a model for the thread.</p>;
  return (
    <ModelPicker
      threadId={threadId}
      label="Model for this thread"
      current={modelLabel(thread?.settings.model) ?? 'default'}
      pick={async (value) => {
        // The host switches a running CLI with set_model (recorded case 27) and refuses a model it cannot find.
        const problem = await update(threadId, { model: value === 'default' ? '' : value });
        if (!problem) onDone();
        return problem ?? null;
      }}
    />
  );
}

function CostSummary() {
  const totals = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.totals ?? EMPTY_TOTALS);
  return (
    <dl className="cost-summary">
      <dt>Cost</dt>
      <dd>{formatCost(totals.costUsd)}</dd>
      <dt>Tokens</dt>
      <dd>
        {formatTokens(totals.inputTokens)} in · {formatTokens(totals.outputTokens)} out
      </dd>
      <dt>Time answering</dt>
      <dd>{formatDuration(totals.durationMs)}</dd>
      <dt>Turns</dt>
      <dd>{totals.turns}</dd>
    </dl>
  );
}
