import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { THREAD_LIST_SECTIONS } from './thread-list-sections';
import { ThreadItem } from './thread-item';

const SEARCH_DEBOUNCE_MS = 200;

/** Up/Down/Home/End move focus between the rows' open buttons. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>): void {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.thread-open')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  buttons[Math.max(0, Math.min(buttons.length - 1, to))]?.focus();
}

/** The Threads tab: search by title and content, the list most recent first; rename, delete (with confirmation). */
export function ThreadsPanel() {
  const threads = useDesk((s) => s.threads);
  const hits = useDesk((s) => s.searchHits);
  const activeId = useDesk((s) => s.activeThreadId);
  const view = useDesk((s) => s.view);
  const search = useDesk((s) => s.searchThreads);
  const deleteThread = useDesk((s) => s.deleteThread);
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<ThreadSummary | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const t = setTimeout(() => void search(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, search]);

  const rows = hits
    ? hits.map((h) => ({ thread: h.thread, snippet: h.snippet }))
    : threads.map((thread) => ({ thread, snippet: undefined }));
  // Roving tabindex: Tab reaches one row (the last focused, else the open thread, else the first).
  const ids = rows.map((r) => r.thread.id);
  const tabbableId = [focusedId, activeId].find((id) => id && ids.includes(id)) ?? ids[0];

  return (
    <>
      <div className="sidebar-search">
        <label className="search">
          <Icon name="search" size={14} />
          <span className="visually-hidden">Search threads</span>
          <input
            type="search"
            placeholder="Search threads"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Esc clears the search; handled here so it does not also stop a running turn.
              if (e.key !== 'Escape') return;
              e.preventDefault();
              setQuery('');
            }}
            data-testid="thread-search"
          />
        </label>
      </div>
      {THREAD_LIST_SECTIONS.map((Section, i) => (
        <Section key={i} />
      ))}
      <p id={keysHintId} className="visually-hidden">
        Up and Down arrows move between threads, F2 renames, Delete deletes.
      </p>
      <ul className="thread-list" data-testid="thread-list" onKeyDown={moveFocus}>
        {rows.map(({ thread, snippet }) => (
          <ThreadItem
            key={thread.id}
            thread={thread}
            active={view === 'chat' && thread.id === activeId}
            snippet={snippet}
            tabbable={thread.id === tabbableId}
            keysHintId={keysHintId}
            onDelete={setToDelete}
            onFocusRow={setFocusedId}
          />
        ))}
        {rows.length === 0 && <li className="thread-empty muted">{hits ? 'No threads match.' : 'No threads yet.'}</li>}
      </ul>
      {toDelete && (
        <ConfirmDialog
          title={`Delete “${toDelete.title}”?`}
          confirmLabel="Delete thread"
          danger
          testId="delete-dialog"
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            void deleteThread(toDelete.id);
            setToDelete(null);
          }}
        >
          <p>The thread and its messages are removed from this computer. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
