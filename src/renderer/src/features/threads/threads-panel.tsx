import { useEffect, useId, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { THREAD_LIST_SECTIONS } from './thread-list-sections';
import { ThreadItem } from './thread-item';
import { ThreadRows } from './thread-rows';
import { busyThreadIds } from '../../store/turn-selectors';

const SEARCH_DEBOUNCE_MS = 200;

/** The Threads tab: search by title and content, the list most recent first; rename, delete (with confirmation). */
export function ThreadsPanel() {
  const threads = useDesk((s) => s.threads);
  const hits = useDesk((s) => s.searchHits);
  const activeId = useDesk((s) => s.activeThreadId);
  const view = useDesk((s) => s.view);
  const search = useDesk((s) => s.searchThreads);
  const deleteThread = useDesk((s) => s.deleteThread);
  // One selector for the whole list (a string, so a delta that changes no thread's state re-renders nothing).
  const busyIds = useDesk((s) => busyThreadIds(s.inFlight));
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<ThreadSummary | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const t = setTimeout(() => void search(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, search]);

  const rows: { thread: ThreadSummary; snippet?: string }[] = hits
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
      <ThreadRows
        rows={rows}
        rowKey={(r) => r.thread.id}
        tabbableKey={tabbableId}
        empty={hits ? 'No threads match.' : 'No threads yet.'}
        renderRow={({ thread, snippet }, slot) => (
          <ThreadItem
            thread={thread}
            active={view === 'chat' && thread.id === activeId}
            snippet={snippet}
            tabbable={thread.id === tabbableId}
            keysHintId={keysHintId}
            busy={busyIds.includes(`|${thread.id}|`)}
            slot={slot}
            onDelete={setToDelete}
            onFocusRow={setFocusedId}
          />
        )}
      />
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
