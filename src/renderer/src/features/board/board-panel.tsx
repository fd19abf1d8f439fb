import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  boardStatusText,
  changeCountsText,
  folderName,
  type BoardRow,
  type ExternalAgent,
} from '../../../../shared/board';
import { useDesk } from '../../store/store-context';
import { formatCost, formatTokens } from '../../ui/format';
import './board.css';

/** How often an open board asks again for the sessions running elsewhere (each ask starts a `claude agents`). */
const AGENTS_EVERY_MS = 15_000;

/** The clock, re-read every second while the board is open: only this panel re-renders for it. */
export function useTicking(now: () => number): number {
  const [t, setT] = useState(now);
  useEffect(() => {
    const id = setInterval(() => setT(now()), 1000);
    return () => clearInterval(id);
  }, [now]);
  return t;
}

/** Up/Down (and Home/End) move between the rows of one list; each row is a button. */
export function moveFocus(e: KeyboardEvent<HTMLElement>): void {
  const keys: Record<string, number | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
  const step = keys[e.key];
  if (step === undefined) return;
  const rows = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-board-row]')];
  if (rows.length === 0) return;
  e.preventDefault();
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next =
    step === 'first' ? 0 : step === 'last' ? rows.length - 1 : Math.min(rows.length - 1, Math.max(0, at + step));
  rows[next]?.focus();
}

/** What a row's turns cost and used so far (the turns that ended); the tooltip splits the tokens in and out. */
export function BoardSpend({ row, className = '' }: { row: BoardRow; className?: string }) {
  const { in: input, out } = row.tokens;
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <span
      className={`board-spend ${className}`}
      data-testid="board-spend"
      title={`So far: ${formatCost(row.costUsd)}, ${count(input)} tokens in and ${count(out)} out`}
    >
      <span>{formatCost(row.costUsd)}</span> <span className="board-tokens">{formatTokens(input + out)} tokens</span>
    </span>
  );
}

function ThreadRow({ row, now, active }: { row: BoardRow; now: number; active: boolean }) {
  const select = useDesk((s) => s.selectThread);
  const status = boardStatusText(row, now);
  const changes = changeCountsText(row.changes);
  const where = [row.project ? folderName(row.project) : 'Default workspace', row.branch].filter(Boolean).join(' · ');
  return (
    <li>
      <button
        type="button"
        className="board-row"
        data-board-row=""
        data-status={row.status}
        data-testid="board-row"
        aria-current={active ? 'true' : undefined}
        title={row.worktreePath ?? row.project}
        onClick={() => void select(row.threadId)}
      >
        <span className="board-row-top">
          <span className="board-title">{row.title}</span>
          <span className={`board-status board-status-${row.status}`} data-testid="board-status">
            {status}
          </span>
        </span>
        <span className="board-where">{where}</span>
        {row.activity && <span className="board-activity">{row.activity}</span>}
        <span className="board-figures">
          <BoardSpend row={row} />
          {changes && (
            <span className="board-changes" data-testid="board-changes">
              {changes}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

function AgentRow({ agent }: { agent: ExternalAgent }) {
  const openSession = useDesk((s) => s.openSession);
  const state = [agent.kind, agent.state, agent.status].filter(Boolean).join(' · ');
  const body = (
    <>
      <span className="board-row-top">
        <span className="board-title">{agent.name}</span>
      </span>
      <span className="board-where">{folderName(agent.cwd)}</span>
      <span className="board-activity">{state}</span>
    </>
  );
  // Read-only: the transcript opens in History; without a session id there is nothing to open.
  return (
    <li>
      {agent.sessionId ? (
        <button
          type="button"
          className="board-row"
          data-board-row=""
          data-testid="board-agent"
          title={`${agent.cwd} — open its transcript in History`}
          onClick={() => void openSession(agent.sessionId!)}
        >
          {body}
        </button>
      ) : (
        <div className="board-row" data-testid="board-agent" title={agent.cwd}>
          {body}
        </div>
      )}
    </li>
  );
}

export function Elsewhere() {
  const agents = useDesk((s) => s.externalAgents);
  const load = useDesk((s) => s.loadClaudeAgents);
  useEffect(() => {
    const id = setInterval(() => void load(), AGENTS_EVERY_MS);
    return () => clearInterval(id);
  }, [load]);
  return (
    <section className="board-section" aria-labelledby="board-elsewhere">
      <h2 id="board-elsewhere" className="board-heading">
        Elsewhere on this computer
      </h2>
      {!agents ? (
        <p className="board-empty">Looking for Claude Code sessions…</p>
      ) : !agents.ok ? (
        <p className="board-empty" data-testid="board-agents-error">
          {agents.reason}
        </p>
      ) : agents.agents.length === 0 ? (
        <p className="board-empty">No other Claude Code session is running.</p>
      ) : (
        <ul className="board-list" onKeyDown={moveFocus} aria-label="Claude Code sessions elsewhere">
          {agents.agents.map((a) => (
            <AgentRow key={a.id} agent={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The board: every thread that works, waits for the user, failed or has changes to land — "Needs you" first — and
 * the Claude Code sessions running elsewhere. Arrow keys move between rows, Enter or a click opens the thread.
 * `now` is the clock the elapsed times count against (a test passes its own).
 */
export function BoardPanel({ now = Date.now }: { now?: () => number }) {
  const board = useDesk((s) => s.board);
  const error = useDesk((s) => s.boardError);
  const activeId = useDesk((s) => s.activeThreadId);
  const load = useDesk((s) => s.loadBoard);
  const loadAgents = useDesk((s) => s.loadClaudeAgents);
  const t = useTicking(now);
  useEffect(() => {
    // Each time the board opens: the rows as they are now (boardChanged keeps them so while it is open).
    void load();
    void loadAgents();
  }, [load, loadAgents]);
  const setView = useDesk((s) => s.setView);
  const rows = board?.rows ?? [];
  return (
    <div className="board" data-testid="board">
      <section className="board-section" aria-labelledby="board-threads">
        <h2 id="board-threads" className="board-heading">
          Threads <span className="board-count">{rows.length}</span>
          <button
            type="button"
            className="btn btn-small btn-ghost board-open-view"
            onClick={() => setView('board')}
            data-testid="board-open-view"
            title="The whole board, full width: stop, answer, open Changes, merge and dismiss from each row"
          >
            Open the Board
          </button>
        </h2>
        {error && <p className="board-empty">{error}</p>}
        {board && rows.length === 0 && (
          <p className="board-empty">
            Nothing is running. Threads that work, wait for you, fail or have changes to land show here.
          </p>
        )}
        {rows.length > 0 && (
          <ul className="board-list" onKeyDown={moveFocus} aria-label="Threads on the board">
            {rows.map((row) => (
              <ThreadRow key={row.threadId} row={row} now={t} active={row.threadId === activeId} />
            ))}
          </ul>
        )}
      </section>
      <Elsewhere />
    </div>
  );
}
