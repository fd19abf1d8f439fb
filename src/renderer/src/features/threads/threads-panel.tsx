import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { DEFAULT_THREAD_TITLE } from '../../../../shared/thread-title';
import { useDesk } from '../../store/store-context';
import { ConfirmDialog } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { SearchField } from '../../ui/search-field';
import { THREAD_LIST_SECTIONS } from './thread-list-sections';
import { ThreadItem } from './thread-item';
import { slotProps, ThreadRows } from './thread-rows';
import { busyThreadIds } from '../../store/turn-selectors';
import { ListHeading, type ListRow } from '../../ui/grouped-list';
import { groupedRows, inProject, projectChoices, projectOf, type SidebarRow } from './thread-groups';
import { ProjectHeading } from './project-heading';

const SEARCH_DEBOUNCE_MS = 200;

/**
 * The Threads tab: pinned threads, then date groups, within one project or all; search by title and content
 * with the words marked in each snippet; pin, rename, delete (with confirmation).
 */
export function ThreadsPanel() {
  const threads = useDesk((s) => s.threads);
  const loaded = useDesk((s) => s.threadsLoaded);
  const hits = useDesk((s) => s.searchHits);
  const activeId = useDesk((s) => s.activeThreadId);
  const view = useDesk((s) => s.view);
  const search = useDesk((s) => s.searchThreads);
  const deleteThread = useDesk((s) => s.deleteThread);
  // One selector for the whole list (a string, so a delta that changes no thread's state re-renders nothing).
  const busyIds = useDesk((s) => busyThreadIds(s.inFlight));
  const project = useDesk((s) => s.projectFilter);
  const setProject = useDesk((s) => s.setProjectFilter);
  const searched = useDesk((s) => s.searchQuery);
  const collapsed = useDesk((s) => s.collapsedProjects);
  const pinnedProjects = useDesk((s) => s.pinnedProjects);
  const setSidebarProject = useDesk((s) => s.setSidebarProject);
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<ThreadSummary | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const keysHintId = useId();

  useEffect(() => {
    const t = setTimeout(() => void search(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, search]);

  // A "New thread" that never got a message is a row only while it is open: leaving it leaves no empty row behind.
  const listed = useMemo(
    () => threads.filter((t) => t.id === activeId || !neverMessaged(t) || busyIds.includes(`|${t.id}|`)),
    [threads, activeId, busyIds],
  );
  const projects = useMemo(() => projectChoices(listed), [listed]);
  // Search results keep their ranking (no date groups); both follow the project filter. A thread row's key
  // is its id (the list finds its button by it); headings have keys of their own.
  type Row = ListRow<{ thread: ThreadSummary; snippet?: string }> | Extract<SidebarRow, { kind: 'project' }>;
  const rows: Row[] = useMemo(
    () =>
      hits
        ? hits
            .filter((h) => inProject(h.thread, project))
            .map((h) => ({ kind: 'item', key: h.thread.id, item: { thread: h.thread, snippet: h.snippet } }))
        : groupedRows(listed, project, Date.now(), { collapsed, pinned: pinnedProjects }).map((r) =>
            r.kind === 'item' ? { ...r, item: { thread: r.item } } : r,
          ),
    [hits, listed, project, collapsed, pinnedProjects],
  );
  // Roving tabindex: Tab reaches one row (the last focused, else the open thread, else the first); a project's
  // heading is a stop too (it folds its group).
  const ids = rows.flatMap((r) => (r.kind === 'item' ? [r.item.thread.id] : r.kind === 'project' ? [r.key] : []));
  // Stable, so the memoized rows do not all re-render when the list changes.
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  const onFocusRow = useCallback(
    (key: string) => {
      setFocusedId(key);
      const row = rowsNow.current.find((r) => r.key === key);
      if (row?.kind === 'project') setSidebarProject(row.project);
      else if (row?.kind === 'item') setSidebarProject(projectOf(row.item.thread));
    },
    [setSidebarProject],
  );
  // A heading's 30 days are read once one is hovered or focused: every heading's folder in one ask.
  const loadProjectUsage = useDesk((s) => s.loadProjectUsage);
  const askProjectUsage = useCallback(
    () => void loadProjectUsage(rowsNow.current.flatMap((r) => (r.kind === 'project' ? [r.project] : []))),
    [loadProjectUsage],
  );
  const tabbableId = [focusedId, activeId].find((id) => id && ids.includes(id)) ?? ids[0];

  return (
    <>
      <div className="sidebar-search">
        <SearchField
          label="Search threads"
          placeholder="Search threads"
          value={query}
          onChange={setQuery}
          testId="thread-search"
        />
        {(projects.length > 1 || project !== null) && (
          <label className="project-filter">
            <Icon name="folder" size={13} />
            <span className="visually-hidden">Project</span>
            <select
              value={project ?? '*'}
              onChange={(e) => setProject(e.target.value === '*' ? null : e.target.value)}
              data-testid="project-filter"
            >
              <option value="*">All projects</option>
              {projects.map((p) => (
                <option key={p.value} value={p.value} title={p.title}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {THREAD_LIST_SECTIONS.map((Section, i) => (
        <Section key={i} />
      ))}
      <p id={keysHintId} className="visually-hidden">
        Up and Down arrows move between threads and projects, P pins, F2 renames, Delete deletes; on a project, Left and
        Right fold and unfold it, N starts a thread in it.
      </p>
      <ThreadRows
        rows={rows}
        rowKey={(r) => r.key}
        focusable={(r) => r.kind !== 'heading'}
        tabbableKey={tabbableId}
        // Before the host's list is in, the list says nothing rather than "No threads yet".
        empty={
          !loaded
            ? null
            : hits
              ? 'No threads match.'
              : project !== null
                ? 'No threads in this project.'
                : 'No threads yet.'
        }
        renderRow={(row, slot) =>
          row.kind === 'heading' ? (
            <ListHeading row={row} liProps={slotProps(slot)} />
          ) : row.kind === 'project' ? (
            <ProjectHeading
              row={row}
              tabbable={row.key === tabbableId}
              keysHintId={keysHintId}
              slot={slot}
              onFocusRow={onFocusRow}
              onAskUsage={askProjectUsage}
            />
          ) : (
            <ThreadItem
              thread={row.item.thread}
              active={view === 'chat' && row.item.thread.id === activeId}
              snippet={row.item.snippet}
              query={hits ? searched : undefined}
              tabbable={row.item.thread.id === tabbableId}
              keysHintId={keysHintId}
              busy={busyIds.includes(`|${row.item.thread.id}|`)}
              slot={slot}
              onDelete={setToDelete}
              onFocusRow={onFocusRow}
            />
          )
        }
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

/** Untouched since New thread: its default title and no turn (a queued or running first message makes it busy). */
function neverMessaged(t: ThreadSummary): boolean {
  return t.title === DEFAULT_THREAD_TITLE && t.totals.turns === 0 && !t.pinned;
}
