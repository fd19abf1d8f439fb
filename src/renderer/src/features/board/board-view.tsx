import { useEffect, useId, useState } from 'react';
import {
  boardStatusText,
  changeCountsText,
  folderName,
  type BoardRow,
  type BoardStatus,
} from '../../../../shared/board';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { usePhone } from '../../ui/use-phone';
import { ApprovalCardView } from '../approvals/approval-card';
import { PushToggle } from '../notify/push-toggle';
import { BoardSpend, Elsewhere, moveFocus, useTicking } from './board-panel';
import { ProjectUsageInline } from '../usage/project-usage';
import './board.css';

/** Rows grouped by project, the groups in the order of their first row (the board's order: what needs you first). */
function byProject(rows: readonly BoardRow[]): [string, BoardRow[]][] {
  const groups = new Map<string, BoardRow[]>();
  for (const row of rows) {
    const list = groups.get(row.project) ?? [];
    list.push(row);
    groups.set(row.project, list);
  }
  return [...groups];
}

const ACTIVE = new Set<BoardStatus>(['needs-you', 'working', 'queued']);

/** A row's actions: Stop while it works, its Changes, Merge when it has changes to land, Dismiss once it is over. */
function RowActions({ row }: { row: BoardRow }) {
  const stop = useDesk((s) => s.stopThreadTurn);
  const dismiss = useDesk((s) => s.dismissBoardRow);
  const merge = useDesk((s) => s.mergeFromBoard);
  const select = useDesk((s) => s.selectThread);
  const openChanges = useDesk((s) => s.openChanges);
  const openBeside = useDesk((s) => s.openBeside);
  const openInNewWindow = useDesk((s) => s.openInNewWindow);
  const where = useDesk((s) => (s.appInfo?.host === 'web' ? 'tab' : 'window'));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const canMerge = row.status === 'finished' && row.branch && row.base && (row.changes?.files ?? 1) > 0;
  if (confirming)
    return (
      <div className="board-actions" role="group" aria-label={`Merge ${row.title}?`}>
        <span className="board-confirm">
          Merge {row.branch} into {row.base}?
        </span>
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void merge(row.threadId).finally(() => {
              setBusy(false);
              setConfirming(false);
            });
          }}
        >
          Merge
        </button>
        <button type="button" className="btn btn-small" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    );
  return (
    <div className="board-actions">
      {ACTIVE.has(row.status) && !row.elsewhere && (
        <button
          type="button"
          className="btn btn-small btn-stop"
          aria-label={`Stop ${row.title}`}
          onClick={() => void stop(row.threadId)}
          data-testid="board-stop"
        >
          Stop
        </button>
      )}
      {row.worktreePath && (
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Changes of ${row.title}`}
          title="Open the thread with its Changes: the files, their diffs and every way to land them"
          onClick={() => {
            void select(row.threadId);
            openChanges(row.threadId);
          }}
          data-testid="board-open-changes"
        >
          Changes
        </button>
      )}
      {canMerge && (
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Merge ${row.title} into ${row.base}`}
          onClick={() => setConfirming(true)}
          data-testid="board-merge"
        >
          Merge…
        </button>
      )}
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-label={`Open ${row.title} beside`}
        title="Open it in a pane beside the thread on screen"
        onClick={() => openBeside(row.threadId)}
      >
        Beside
      </button>
      <button
        type="button"
        className="btn btn-small btn-ghost btn-icon"
        aria-label={`Open ${row.title} in a new ${where}`}
        title={`Open it in a new ${where}`}
        onClick={() => void openInNewWindow(row.threadId)}
      >
        <Icon name="new-window" size={14} />
      </button>
      {(row.status === 'failed' || row.status === 'finished') && (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          aria-label={`Dismiss ${row.title}`}
          title="Take this row off the board until the thread has something new"
          onClick={() => void dismiss(row.threadId)}
          data-testid="board-dismiss"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}

function ViewRow({ row, now, withProject }: { row: BoardRow; now: number; withProject?: boolean }) {
  const select = useDesk((s) => s.selectThread);
  const changes = changeCountsText(row.changes);
  return (
    <li className="board-vrow" data-status={row.status} data-testid="board-row">
      <div className="board-vrow-main">
        <button
          type="button"
          className="board-vrow-title"
          data-board-row=""
          title={`Open ${row.title}${row.worktreePath ? `\n${row.worktreePath}` : ''}`}
          onClick={() => void select(row.threadId)}
        >
          {row.title}
        </button>
        <span className="board-vrow-where">
          {withProject && (
            <span className="board-activity">{row.project ? folderName(row.project) : 'Default workspace'}</span>
          )}
          {row.branch && <span className="chip chip-small">{row.branch}</span>}
          {row.activity && <span className="board-activity">{row.activity}</span>}
        </span>
      </div>
      {/* Three columns of their own in a wide window, one line under the title in a narrow one. */}
      <div className="board-vrow-meta">
        <span className={`board-status board-status-${row.status}`} data-testid="board-status">
          {boardStatusText(row, now)}
        </span>
        <span className="board-vrow-figures">
          {changes && (
            <span className="board-changes" data-testid="board-changes">
              {changes}
            </span>
          )}
        </span>
        <BoardSpend row={row} className="board-vrow-figures board-cost" />
      </div>
      <RowActions row={row} />
      {row.pending && (
        <div className="board-vrow-card" data-testid="board-card">
          <ApprovalCardView
            card={row.pending.card}
            threadId={row.threadId}
            turnId={row.pending.turnId}
            toolInput={row.pending.toolInput}
          />
        </div>
      )}
    </li>
  );
}

function summary(rows: readonly BoardRow[]): string {
  const count = (status: BoardStatus) => rows.filter((r) => r.status === status).length;
  const parts = [
    [count('needs-you'), 'need you'],
    [count('working'), 'working'],
    [count('queued'), 'queued'],
    [count('failed'), 'failed'],
    [count('finished'), 'to land'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(' · ');
}

/**
 * The Board as a view of its own, full width: every thread that works, waits for the user, failed or has changes to
 * land, grouped by project — each row with its status and time, the card it waits on (answered here), Stop, its
 * Changes, Merge and Dismiss — and the Claude Code sessions running elsewhere. Up/Down move between the rows' titles;
 * Tab reaches each row's actions. `now` is the clock the elapsed times count against (a test passes its own).
 */
export function BoardView({ now = Date.now }: { now?: () => number }) {
  const board = useDesk((s) => s.board);
  const error = useDesk((s) => s.boardError);
  const load = useDesk((s) => s.loadBoard);
  const loadAgents = useDesk((s) => s.loadClaudeAgents);
  const setView = useDesk((s) => s.setView);
  const t = useTicking(now);
  const titleId = useId();
  // A paired device's page: where a phone lands, the place to turn on being told (with the page closed).
  const devicePage = useDesk((s) => s.devicePage);
  useEffect(() => {
    void load();
    void loadAgents();
  }, [load, loadAgents]);
  const rows = board?.rows ?? [];
  // Each project heading says its last 30 days: read when the view opens and when its projects change.
  const loadProjectUsage = useDesk((s) => s.loadProjectUsage);
  const projectKey = [...new Set(rows.map((r) => r.project))].sort().join('\n');
  useEffect(() => {
    if (projectKey !== '' || rows.length) void loadProjectUsage(projectKey.split('\n'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the rows' projects
  }, [projectKey, loadProjectUsage]);
  // A phone: what needs you in a group of its own on top, its cards answered there; the rest by project below.
  const phone = usePhone();
  const needsYou = phone ? rows.filter((r) => r.status === 'needs-you') : [];
  const rest = phone ? rows.filter((r) => r.status !== 'needs-you') : rows;
  return (
    <section
      className="board-view"
      aria-labelledby={titleId}
      data-testid="board-view"
      onKeyDown={(e) => {
        // Esc goes back to the thread — unless a card's field had it first, or it was typed in a field.
        const field = (e.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]');
        if (e.key === 'Escape' && !e.defaultPrevented && !field) setView('chat');
      }}
    >
      <header className="board-view-header">
        <h1 id={titleId}>Board</h1>
        <p className="board-view-summary" data-testid="board-summary">
          {rows.length === 0 ? 'Nothing needs you.' : summary(rows)}
          {board && ` · at most ${board.cap} at once`}
        </p>
        <button
          type="button"
          className="btn btn-small board-view-back"
          onClick={() => setView('chat')}
          aria-keyshortcuts="Escape"
        >
          Back to the thread
        </button>
      </header>
      {error && <p className="board-empty">{error}</p>}
      {board && rows.length === 0 && (
        <p className="board-empty">
          Nothing is running. Threads that work, wait for you, fail or have changes to land show here.
        </p>
      )}
      {needsYou.length > 0 && (
        <section className="board-group board-needs-you" aria-label="Needs you" data-testid="board-needs-you">
          <h2 className="board-heading">
            Needs you <span className="board-count">{needsYou.length}</span>
          </h2>
          <ul className="board-list board-vlist" onKeyDown={moveFocus}>
            {needsYou.map((row) => (
              <ViewRow key={row.threadId} row={row} now={t} withProject />
            ))}
          </ul>
        </section>
      )}
      {byProject(rest).map(([project, list]) => (
        <section key={project} className="board-group" aria-label={project ? folderName(project) : 'Default workspace'}>
          <h2 className="board-heading" title={project || undefined} data-testid="board-project">
            {project ? folderName(project) : 'Default workspace'} <span className="board-count">{list.length}</span>
            <ProjectUsageInline folder={project} />
          </h2>
          <ul className="board-list board-vlist" onKeyDown={moveFocus}>
            {list.map((row) => (
              <ViewRow key={row.threadId} row={row} now={t} />
            ))}
          </ul>
        </section>
      ))}
      <Elsewhere />
      {devicePage && <PushToggle />}
    </section>
  );
}
