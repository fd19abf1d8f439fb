import { useEffect, useRef, useState } from 'react';
import { EMPTY_TOTALS } from '../../../../shared/turn-reducer';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { formatCost, formatDuration, formatTokens, modelLabel } from '../../ui/format';
import { useCatalog } from './use-picker';
import { McpServers } from './mcp-servers';
import './pickers.css';
import './panels.css';

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
  const catalog = useCatalog(threadId, true);
  const current = modelLabel(thread?.settings.model) ?? 'default';
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pick = async (value: string) => {
    if (!threadId) return;
    setError(null);
    // The host switches a running CLI with set_model (recorded case 27) and refuses a model it cannot find.
    const problem = await update(threadId, { model: value === 'default' ? '' : value });
    if (problem) setError(problem);
    else onDone();
  };
  if (!threadId) return <p className="muted">Send a first message, then choose a model for the thread.</p>;
  return (
    <div className="model-chooser">
      <ul className="model-list">
        {catalog.models.map((m) => (
          <li key={m.value}>
            <button
              type="button"
              className={`model-option ${m.value === current ? 'current' : ''}`}
              aria-pressed={m.value === current}
              onClick={() => void pick(m.value)}
            >
              <span className="model-name">{m.displayName}</span>
              {m.description && <span className="model-desc">{m.description}</span>}
            </button>
          </li>
        ))}
      </ul>
      {/* Not a <form>: the panel sits inside the composer's form, and forms do not nest. Enter here picks the
          typed model and must not reach the composer (its implicit submit would send the message). */}
      <div className="model-typed" role="group" aria-label="Another model">
        <input
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            e.stopPropagation();
            if (typed.trim()) void pick(typed.trim());
          }}
          placeholder="Or a full model id, e.g. claude-sonnet-4-5"
          aria-label="Model id"
        />
        <button type="button" className="btn" disabled={!typed.trim()} onClick={() => void pick(typed.trim())}>
          Use
        </button>
      </div>
      {error && (
        <p className="composer-problem" role="alert">
          {error}
        </p>
      )}
    </div>
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
