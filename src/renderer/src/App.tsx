import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/contract';
import { getApi } from './api';

/** Placeholder shell until the chat UI lands: proves the bridge round-trips in both hosts. */
export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getApi().getAppInfo().then(setInfo, (e: Error) => setError(e.message));
  }, []);
  return (
    <main className="app" aria-label="Claude Desk">
      <h1>Claude Desk</h1>
      {info && (
        <p data-testid="app-info">
          Version {info.version} · data in <code>{info.dataDir}</code>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
