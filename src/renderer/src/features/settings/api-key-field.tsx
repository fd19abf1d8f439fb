import { useId, useState } from 'react';
import { useDesk } from '../../store/store-context';

const STORAGE_TEXT = {
  encrypted: 'Saved, encrypted with your system keychain.',
  memory: 'Saved in memory only: it is forgotten when Claude Desk stops.',
  unavailable: 'Saved.',
} as const;

/**
 * Save or clear an Anthropic API key. The key is write-only: once saved it is never shown again
 * (the host keeps it; the renderer only learns that one exists).
 */
export function ApiKeyField({ compact = false }: { compact?: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const settings = useDesk((s) => s.settings);
  const saveApiKey = useDesk((s) => s.saveApiKey);
  const clearApiKey = useDesk((s) => s.clearApiKey);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const saved = settings?.hasSavedApiKey ?? false;

  // The store's actions never reject: a failure becomes a notice and resolves false.
  const save = async () => {
    setBusy(true);
    if (await saveApiKey(key)) setKey('');
    setBusy(false);
  };
  const clear = async () => {
    setBusy(true);
    await clearApiKey();
    setBusy(false);
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (key.trim()) void save();
  };

  return (
    <form className={`api-key-field ${compact ? 'compact' : ''}`} onSubmit={onSubmit} data-testid="api-key-field">
      <label htmlFor={inputId} className="field-label">
        Anthropic API key
      </label>
      <div className="field-row">
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={saved ? '•••••••• (saved — enter a new key to replace it)' : 'sk-ant-…'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-describedby={hintId}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !key.trim()}>
          Save key
        </button>
        {saved && (
          <button type="button" className="btn" disabled={busy} onClick={() => void clear()}>
            Remove
          </button>
        )}
      </div>
      <p id={hintId} className="field-hint">
        {saved
          ? STORAGE_TEXT[settings?.apiKeyStorage ?? 'unavailable']
          : 'Used when Claude Code is not logged in. Never shown again after saving.'}
      </p>
    </form>
  );
}
