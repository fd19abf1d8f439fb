import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { ThreadItem } from './thread-item';
import { HistoryList } from '../history/history-list';

const SEARCH_DEBOUNCE_MS = 200;
const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
export const MOD_KEY = isMac ? '⌘' : 'Ctrl+';

function AppInfoLine() {
  const info = useDesk((s) => s.appInfo);
  if (!info) return null;
  return (
    <p className="app-info" data-testid="app-info" title={info.dataDir}>
      Version {info.version} · data in <code>{info.dataDir}</code>
    </p>
  );
}

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

/** Threads, most recent first; search by title and content; new, rename, delete (with confirmation). */
export function ThreadSidebar() {
  const threads = useDesk((s) => s.threads);
  const hits = useDesk((s) => s.searchHits);
  const activeId = useDesk((s) => s.activeThreadId);
  const view = useDesk((s) => s.view);
  const createThread = useDesk((s) => s.createThread);
  const search = useDesk((s) => s.searchThreads);
  const deleteThread = useDesk((s) => s.deleteThread);
  const setView = useDesk((s) => s.setView);
  const host = useDesk((s) => s.appInfo?.host);
  const tab = useDesk((s) => s.sidebarTab);
  const setTab = useDesk((s) => s.setSidebarTab);
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<ThreadSummary | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const t = setTimeout(() => void search(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, search]);

  const rows = hits ? hits.map((h) => ({ thread: h.thread, snippet: h.snippet })) : threads.map((thread) => ({ thread, snippet: undefined }));
  // Roving tabindex: Tab reaches one row (the last focused, else the open thread, else the first).
  const ids = rows.map((r) => r.thread.id);
  const tabbableId = [focusedId, activeId].find((id) => id && ids.includes(id)) ?? ids[0];

  return (
    <nav className="sidebar" id="thread-sidebar" aria-label="Threads">
      <div className="sidebar-top">
        <div className="brand">Claude Desk</div>
        <button
          type="button"
          className="btn btn-new"
          onClick={() => void createThread()}
          // A browser keeps Ctrl/Cmd+N for a new window, so browser mode offers Alt+N (use-shortcuts.ts).
          title={`New thread (${host === 'web' ? 'Alt+' : MOD_KEY}N)`}
          aria-keyshortcuts={host === 'web' ? 'Alt+N' : isMac ? 'Meta+N' : 'Control+N'}
          data-testid="new-thread"
        >
          <Icon name="plus" size={16} /> New thread
        </button>
        <div className="sidebar-tabs" role="tablist" aria-label="Sidebar">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'threads'}
            className={`sidebar-tab ${tab === 'threads' ? 'active' : ''}`}
            onClick={() => setTab('threads')}
            data-testid="tab-threads"
          >
            <Icon name="chat" size={14} /> Threads
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'history'}
            className={`sidebar-tab ${tab === 'history' ? 'active' : ''}`}
            onClick={() => setTab('history')}
            title="Every Claude Code session on this computer"
            data-testid="tab-history"
          >
            <Icon name="history" size={14} /> History
          </button>
        </div>
      </div>
      {tab === 'history' ? (
        <HistoryList />
      ) : (
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
        </>
      )}
      <div className="sidebar-bottom">
        <button
          type="button"
          className={`btn btn-ghost sidebar-settings ${view === 'settings' ? 'active' : ''}`}
          onClick={() => setView(view === 'settings' ? 'chat' : 'settings')}
          aria-pressed={view === 'settings'}
          title={`Settings (${MOD_KEY},)`}
          data-testid="open-settings"
        >
          <Icon name="settings" size={16} /> Settings
        </button>
        <AppInfoLine />
      </div>
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
    </nav>
  );
}
