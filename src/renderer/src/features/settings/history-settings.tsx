import { useEffect } from 'react';
import { useDesk } from '../../store/store-context';
import { formatBytes } from '../../ui/format';

/** History: keep compressed copies of Claude Code's sessions (the CLI deletes its own after 30 days), and what they take. */
export function HistorySettings() {
  const keep = useDesk((s) => s.settings?.keepSessionCopies);
  const update = useDesk((s) => s.updateSettings);
  const stats = useDesk((s) => s.historyStats);
  const loadStats = useDesk((s) => s.loadHistoryStats);
  useEffect(() => {
    void loadStats();
  }, [loadStats, keep]);
  return (
    <section className="card" aria-labelledby="history-settings-title" data-testid="history-settings">
      <h2 id="history-settings-title">Kept sessions</h2>
      <label className="radio-row">
        <input
          type="checkbox"
          checked={keep ?? true}
          disabled={keep === undefined}
          onChange={(e) => void update({ keepSessionCopies: e.target.checked })}
          data-testid="keep-copies"
        />
        <span>
          <strong>Keep a copy of every Claude Code session</strong>{' '}
          <span className="muted">
            — the CLI deletes sessions after 30 days; kept copies stay browsable and continuable.
          </span>
        </span>
      </label>
      {stats && (
        <p className="field-hint" data-testid="kept-space">
          {stats.sessions} session{stats.sessions === 1 ? '' : 's'} indexed · kept copies take{' '}
          {formatBytes(stats.keptBytes)} ({formatBytes(stats.keptRawBytes)} uncompressed). Turning this off keeps
          existing copies but makes no new ones.
        </p>
      )}
    </section>
  );
}
