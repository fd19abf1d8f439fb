import { useEffect, useState } from 'react';
import type { ModelChoice } from '../../../shared/composer';
import { useDesk } from '../store/store-context';
import './model-picker.css';

/** The models Claude Code offers in a thread's folder (or the default folder), as its `initialize` lists them. */
function useModels(threadId: string | null): ModelChoice[] {
  const load = useDesk((s) => s.loadComposerCatalog);
  const [models, setModels] = useState<{ threadId: string | null; list: ModelChoice[] } | null>(null);
  useEffect(() => {
    let live = true;
    load(threadId)
      .then((c) => live && setModels({ threadId, list: c.models }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [threadId, load]);
  return models?.threadId === threadId ? models.list : [];
}

/**
 * The one model picker, for `/model` above the composer and for the default model in Settings: the CLI's models as
 * buttons (the current one pressed) and a field for any other id. `pick` returns a sentence when the choice was
 * refused. Not a <form>: the /model panel sits inside the composer's form, and forms do not nest; Enter in the field
 * picks the typed id and must not reach the composer (its implicit submit would send the message).
 */
export function ModelPicker({
  threadId,
  current,
  pick,
  label,
}: {
  threadId: string | null;
  /** The chosen value, `default` when none. */
  current: string;
  pick(value: string): Promise<string | null>;
  /** Names the list, e.g. "Model for this thread". */
  label: string;
}) {
  const models = useModels(threadId);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = async (value: string) => {
    setError(null);
    setError(await pick(value));
  };
  const known = models.some((m) => m.value === current);
  return (
    <div className="model-chooser">
      <ul className="model-list" aria-label={label}>
        {models.length === 0 && <li className="muted">Asking Claude Code for its models…</li>}
        {models.map((m) => (
          <li key={m.value}>
            <button
              type="button"
              className={`model-option ${m.value === current ? 'current' : ''}`}
              aria-pressed={m.value === current}
              onClick={() => void choose(m.value)}
            >
              <span className="model-name">{m.displayName}</span>
              {m.description && <span className="model-desc">{m.description}</span>}
            </button>
          </li>
        ))}
      </ul>
      <div className="model-typed" role="group" aria-label="Another model">
        <input
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            e.stopPropagation();
            if (typed.trim()) void choose(typed.trim());
          }}
          placeholder={
            known || current === 'default' ? 'Or a full model id, e.g. claude-sonnet-4-5' : `Now: ${current}`
          }
          aria-label="Model id"
          spellCheck={false}
        />
        <button type="button" className="btn" disabled={!typed.trim()} onClick={() => void choose(typed.trim())}>
          Use
        </button>
      </div>
      {error && (
        <p className="model-problem" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
