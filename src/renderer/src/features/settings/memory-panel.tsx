import { useEffect, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';

const DEBOUNCE_MS = 250;

/** What Claude has remembered through the Desk tools: search it, and forget what should not be kept. */
export function MemoryPanel() {
  const memories = useDesk((s) => s.memories);
  const cursor = useDesk((s) => s.memoryCursor);
  const error = useDesk((s) => s.memoryError);
  const load = useDesk((s) => s.loadMemories);
  const remove = useDesk((s) => s.deleteMemory);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const t = setTimeout(() => void load(query), query ? DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, load]);

  return (
    <section className="card" aria-label="Memory" data-testid="memory-panel">
      <p className="muted">Notes Claude saved with its memory tool. They are shared by every thread.</p>
      <label className="search">
        <Icon name="search" size={14} />
        <span className="visually-hidden">Search memories</span>
        <input type="search" placeholder="Search memories" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {error && <p role="alert">Could not load memories: {error}</p>}
      <ul className="memory-list">
        {memories.map((m) => (
          <li key={m.id} className="memory-item" data-testid="memory-item">
            <div className="memory-content">
              <p>{m.content}</p>
              {m.tags.length > 0 && (
                <div className="memory-tags">
                  {m.tags.map((t) => (
                    <span key={t} className="chip">
                      {t}
                    </span>
                  ))}
                </div>
              )}
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={`Forget: ${m.content.slice(0, 40)}`}
              onClick={() => void remove(m.id)}
            >
              <Icon name="trash" size={14} />
            </button>
          </li>
        ))}
        {memories.length === 0 && !error && (
          <li className="muted">{query ? 'Nothing matches.' : 'Nothing remembered yet.'}</li>
        )}
      </ul>
      {cursor && (
        <button type="button" className="btn btn-small" onClick={() => void load(query, true)}>
          Load more
        </button>
      )}
    </section>
  );
}
