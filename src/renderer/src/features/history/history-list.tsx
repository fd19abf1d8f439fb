import { useEffect, useMemo, useState } from 'react';
import type { HistorySearchHit, HistorySession } from '../../../../shared/history';
import { useDesk } from '../../store/store-context';
import { RowAction } from '../../ui/row-action';
import { SearchField } from '../../ui/search-field';
import { relativeTime } from '../../ui/relative-time';
import { GroupedRows } from '../../ui/grouped-list';
import { historyRows } from './group-sessions';
import { Highlight } from './highlight';

const SEARCH_DEBOUNCE_MS = 200;

/** The hint read with each session row: its pin button is out of the tab order, so the key must be said. */
const KEYS_HINT_ID = 'history-keys-hint';

function SessionRow({ session, snippet, query }: { session: HistorySession; snippet?: string; query?: string }) {
  const openId = useDesk((s) => (s.view === 'history' ? s.openSessionId : null));
  const open = useDesk((s) => s.openSession);
  const pinSession = useDesk((s) => s.pinSession);
  const active = openId === session.id;
  const pin = () => void pinSession(session.id, !session.pinned);
  return (
    <li
      className={`thread-item history-item ${active ? 'active' : ''}`}
      data-testid="history-item"
      data-session-id={session.id}
    >
      <button
        type="button"
        className="thread-open"
        aria-current={active ? 'page' : undefined}
        aria-describedby={KEYS_HINT_ID}
        aria-keyshortcuts="P"
        onClick={() => void open(session.id)}
        onKeyDown={(e) => {
          if ((e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            pin();
          }
        }}
        title={`${session.title}\n${session.project}`}
      >
        <span className="thread-title-row">
          <span className="thread-title">{session.title}</span>
          <span className="thread-time">{relativeTime(session.lastAt)}</span>
        </span>
        <span className="history-meta">
          {session.messages} message{session.messages === 1 ? '' : 's'}
          {session.source === 'copy' && (
            <span className="chip chip-small" title="The CLI deleted this session; Claude Desk kept a copy">
              kept copy
            </span>
          )}
          {session.branch && (
            <span
              className="chip chip-small history-branch"
              data-testid="history-branch"
              title={`Ran in a worktree of ${session.repo ?? 'the repository'}: ${session.project}`}
            >
              {session.branch}
            </span>
          )}
          {session.threadId && <span className="chip chip-small">in a thread</span>}
          {session.branches && session.branches > 1 && (
            <span
              className="chip chip-small"
              data-testid="history-branches"
              title="Regenerate, Edit & resend or Rewind forked this thread's session: this row is its latest"
            >
              {session.branches} branches
            </span>
          )}
        </span>
        {snippet && (
          <span className="thread-snippet" data-testid="history-snippet">
            <Highlight text={snippet} query={query ?? ''} />
          </span>
        )}
      </button>
      <div className="thread-actions">
        <RowAction
          icon="pin"
          label={session.pinned ? `Unpin ${session.title}` : `Pin ${session.title}`}
          title={session.pinned ? 'Unpin (P)' : 'Pin to the top (P)'}
          pressed={session.pinned}
          onClick={pin}
        />
      </div>
    </li>
  );
}

function ThreadHitRow({ hit, query }: { hit: Extract<HistorySearchHit, { kind: 'thread' }>; query: string }) {
  const select = useDesk((s) => s.selectThread);
  const setTab = useDesk((s) => s.setSidebarTab);
  return (
    <li className="thread-item history-item" data-testid="history-thread-hit">
      <button
        type="button"
        className="thread-open"
        onClick={() => {
          setTab('threads');
          void select(hit.thread.id);
        }}
      >
        <span className="thread-title-row">
          <span className="thread-title">{hit.thread.title}</span>
          <span className="thread-time">{relativeTime(hit.thread.updatedAt)}</span>
        </span>
        <span className="history-meta">
          <span className="chip chip-small">thread</span>
        </span>
        <span className="thread-snippet">
          <Highlight text={hit.snippet} query={query} />
        </span>
      </button>
    </li>
  );
}

/** The sidebar's History tab: every Claude Code session, pinned first, then by project and date; search. */
export function HistoryList() {
  const sessions = useDesk((s) => s.sessions);
  const loaded = useDesk((s) => s.historyLoaded);
  const hits = useDesk((s) => s.historyHits);
  const search = useDesk((s) => s.searchHistory);
  const load = useDesk((s) => s.loadHistory);
  const [query, setQuery] = useState(useDesk((s) => s.historyQuery));
  useEffect(() => {
    const t = setTimeout(() => void search(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, search]);
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  const rows = useMemo(() => historyRows(sessions, Date.now()), [sessions]);

  return (
    <>
      <div className="sidebar-search">
        <SearchField
          label="Search sessions and threads"
          placeholder="Search all sessions"
          value={query}
          onChange={setQuery}
          testId="history-search"
        />
      </div>
      <p id={KEYS_HINT_ID} className="visually-hidden">
        P pins or unpins the session.
      </p>
      <div className="thread-list history-list" data-testid="history-list">
        {hits ? (
          <ul className="history-group-list">
            {hits.map((h) =>
              h.kind === 'session' ? (
                <SessionRow key={`s${h.session.id}`} session={h.session} snippet={h.snippet} query={query} />
              ) : (
                <ThreadHitRow key={`t${h.thread.id}`} hit={h} query={query} />
              ),
            )}
            {hits.length === 0 && <li className="thread-empty muted">Nothing matches.</li>}
          </ul>
        ) : (
          <>
            <ul className="history-group-list">
              <GroupedRows rows={rows} item={(s, key) => <SessionRow key={key} session={s} />} />
            </ul>
            {loaded && sessions.length === 0 && (
              <p className="thread-empty muted">No Claude Code sessions on this computer yet.</p>
            )}
            {!loaded && <p className="thread-empty muted">Reading Claude Code’s sessions…</p>}
          </>
        )}
      </div>
    </>
  );
}
