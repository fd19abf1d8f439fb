import './notify.css';
import { useEffect, useId, useState } from 'react';
import { useDesk } from '../../store/store-context';

const TOKEN_STORAGE = {
  encrypted: 'Saved, encrypted with your system keychain.',
  memory: 'Kept in memory only: it is forgotten when Claude Desk stops.',
} as const;

/**
 * Settings → Notifications, on the computer: the user's own ntfy topic (server, topic, token, titles) and how many
 * paired devices have Web Push on. What last went wrong sending is one sentence here. A paired device never reaches
 * this (its gate refuses setNotify).
 */
export function NotifySettings() {
  const state = useDesk((s) => s.notify);
  const error = useDesk((s) => s.notifyError);
  const test = useDesk((s) => s.notifyTest);
  const load = useDesk((s) => s.loadNotify);
  const save = useDesk((s) => s.saveNotify);
  const sendTest = useDesk((s) => s.testNotify);
  const ids = {
    server: useId(),
    topic: useId(),
    token: useId(),
    tokenHint: useId(),
    titles: useId(),
    title: useId(),
    ntfy: useId(),
  };
  const [server, setServer] = useState('');
  const [topic, setTopic] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    setServer(state?.ntfy.server ?? '');
    setTopic(state?.ntfy.topic ?? '');
  }, [state?.ntfy.server, state?.ntfy.topic]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (await save({ ntfyServer: server, ntfyTopic: topic, ...(token.trim() ? { ntfyToken: token } : {}) }))
        setToken('');
    });
  };
  const ntfy = state?.ntfy;
  const devices = state?.push.devices ?? 0;

  return (
    <section className="card notify-settings" aria-labelledby={ids.title} data-testid="notify-settings">
      <h2 id={ids.title}>Notifications on your phone</h2>
      <p className="field-hint">
        Paired devices are told when a thread is waiting for you (an approval or a question) and when a turn finishes.{' '}
        {devices === 0
          ? 'No paired device has notifications on yet: turn them on from the device’s page.'
          : `${devices} paired device${devices === 1 ? ' has' : 's have'} notifications on, end-to-end encrypted.`}
      </p>
      <form onSubmit={onSubmit} aria-labelledby={ids.ntfy}>
        <h3 id={ids.ntfy}>ntfy</h3>
        <p className="field-hint">
          Or publish to a topic on your own ntfy server, with a token that may publish to it.
        </p>
        <label htmlFor={ids.server} className="field-label">
          Server
        </label>
        <div className="field-row">
          <input
            id={ids.server}
            type="text"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            placeholder="https://ntfy.example.org"
            value={server}
            onChange={(e) => setServer(e.target.value)}
          />
        </div>
        <label htmlFor={ids.topic} className="field-label">
          Topic
        </label>
        <div className="field-row">
          <input
            id={ids.topic}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder="claude-desk"
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
          />
        </div>
        <label htmlFor={ids.token} className="field-label">
          Access token
        </label>
        <div className="field-row">
          <input
            id={ids.token}
            type="password"
            spellCheck={false}
            autoComplete="off"
            placeholder={ntfy?.hasToken ? '•••••••• (saved — enter a new token to replace it)' : 'tk_…'}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-describedby={ids.tokenHint}
          />
          {ntfy?.hasToken && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run(() => save({ ntfyToken: '' }))}
            >
              Remove token
            </button>
          )}
        </div>
        <p id={ids.tokenHint} className="field-hint">
          {ntfy?.hasToken ? TOKEN_STORAGE[ntfy.tokenStorage] : 'Never shown again after saving.'}
        </p>
        <div className="field-row">
          <button type="submit" className="btn btn-primary" disabled={busy || !state}>
            Save
          </button>
          <button type="button" className="btn" disabled={busy || !state} onClick={() => void run(sendTest)}>
            Send a test
          </button>
        </div>
      </form>
      <label className="radio-row notify-titles">
        <input
          type="checkbox"
          checked={ntfy?.titles ?? false}
          disabled={busy || !state}
          onChange={(e) => void run(() => save({ ntfyTitles: e.target.checked }))}
          aria-describedby={ids.titles}
        />
        <span>
          <strong>Send thread titles and reasons to ntfy</strong>
        </span>
      </label>
      <p id={ids.titles} className="field-hint notify-warning" data-testid="ntfy-titles-warning">
        ntfy is not end-to-end encrypted: whoever runs the server can read what it carries.{' '}
        {ntfy?.titles
          ? 'Titles are on: a notification names the thread and what Claude asks.'
          : 'Off, it hears only “A thread is waiting for you” or “A thread finished”.'}
      </p>
      {error && (
        <p role="alert" className="notify-problem">
          {error}
        </p>
      )}
      {test && (
        <p role="status" className={test.ok ? 'field-hint' : 'notify-problem'} data-testid="notify-test-result">
          {test.message}
        </p>
      )}
      {state?.problem && !test && (
        <p role="status" className="notify-problem" data-testid="notify-problem">
          Last time: {state.problem}
        </p>
      )}
    </section>
  );
}
