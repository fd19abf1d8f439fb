/**
 * The board: one view of every thread that is working, waiting for the user, finished with changes not yet landed,
 * or failed — across all projects — and of the Claude Code sessions running elsewhere on this computer
 * (`claude agents --json`, recorded case 50). Plain data and pure rules: host, page and command line share them.
 */
import type { ChangeCounts } from './worktree';
import type { ApprovalCard } from './threads';

/** In the order the board lists them: what needs the user first, then what runs, then what is over. */
export const BOARD_STATUSES = ['needs-you', 'working', 'queued', 'failed', 'finished'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export interface BoardRow {
  threadId: string;
  title: string;
  /** The thread's project folder; '' for the default workspace. */
  project: string;
  /** The thread's own worktree folder, when it has one. */
  worktreePath?: string;
  /** The worktree's branch (`worktree-<name>`) and the branch it lands into. */
  branch?: string;
  base?: string;
  status: BoardStatus;
  /** When the row entered its status (host clock, ms): elapsed time counts from here. */
  since: number;
  /** The thread's latest activity in one line ("Edit src/app.ts", the answer's last words, the error). */
  activity: string;
  /** What the thread's turns cost so far (USD). */
  costUsd: number;
  /** Their tokens: in (fresh input, cache reads and writes) and out, as the thread's header counts them. */
  tokens: { in: number; out: number };
  /** Files changed against the base and lines added/removed; null when unknown (no worktree, or git failed). */
  changes: ChangeCounts | null;
  /** For a queued row: how many turns hold a place under the cap ("queued — 4 running"). */
  running?: number;
  /**
   * For a row that needs the user: the card its turn waits on (a permission, a question, a plan), answered on the
   * board as in the thread; `toolInput` is the call it is about (a plan's text is there).
   */
  pending?: { turnId: string; card: ApprovalCard; toolInput?: unknown };
  /** Working in another Claude Desk on this data dir (another window, the command line): stopped there, not here. */
  elsewhere?: boolean;
}

export interface BoardState {
  rows: BoardRow[];
  /** The cap on CLI processes running at once. */
  cap: number;
}

/** A Claude Code session running elsewhere on this computer: read-only on the board. */
export interface ExternalAgent {
  /** The CLI's short id (`c4d0950c`): what `claude attach/logs/stop` take. */
  id: string;
  /** The transcript's id: History opens it. */
  sessionId?: string;
  cwd: string;
  kind: string;
  name: string;
  /** `idle`, `busy`, … (absent for a stopped one). */
  status?: string;
  /** `working`, `blocked` (e.g. not logged in, case 50b), `stopped`. */
  state?: string;
  startedAt?: number;
  pid?: number;
}

/** The external list, or the one sentence that says why it is not there. */
export type ExternalAgents = { ok: true; agents: ExternalAgent[] } | { ok: false; reason: string };

const RANK: Record<BoardStatus, number> = Object.fromEntries(BOARD_STATUSES.map((s, i) => [s, i])) as Record<
  BoardStatus,
  number
>;

/**
 * "Needs you" first, then working, queued, failed, finished. Within a status, the one waiting longest (or
 * finished longest ago) first — it is the one most likely forgotten; ties by title so the order is stable.
 */
export function orderBoardRows(rows: readonly BoardRow[]): BoardRow[] {
  return [...rows].sort(
    (a, b) => RANK[a.status] - RANK[b.status] || a.since - b.since || a.title.localeCompare(b.title),
  );
}

/** 7s, 3m 05s, 1h 02m: short enough for a row, exact enough to tell two rows apart. */
export function formatBoardElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  if (total < 60) return `${total}s`;
  const m = Math.floor(total / 60);
  if (m < 60) return `${m}m ${String(total % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** The row's status in words, with its elapsed time against `now` (the caller's clock: tests pass their own). */
export function boardStatusText(row: Pick<BoardRow, 'status' | 'since' | 'running'>, now: number): string {
  const elapsed = formatBoardElapsed(now - row.since);
  switch (row.status) {
    case 'needs-you':
      return `Needs you — ${elapsed}`;
    case 'working':
      return `Working — ${elapsed}`;
    case 'queued':
      return `Queued — ${row.running ?? 0} running`;
    case 'failed':
      return `Failed ${elapsed} ago`;
    case 'finished':
      return `Finished ${elapsed} ago`;
  }
}

/** "+12 −3 · 2 files", or '' when nothing is known or nothing changed yet (a row is not cluttered by "+0 −0"). */
export function changeCountsText(changes: ChangeCounts | null): string {
  if (!changes || changes.files === 0) return '';
  return `+${changes.added} −${changes.removed} · ${changes.files} file${changes.files === 1 ? '' : 's'}`;
}

/** The last folder name of a path ('/a/b/repo' → 'repo'), for a row's project; both separators. */
export function folderName(dir: string): string {
  const parts = dir.split(/[\\/]+/).filter(Boolean);
  return parts.at(-1) ?? dir;
}

const ACTIVITY_KEYS = ['command', 'file_path', 'path', 'pattern', 'url', 'query', 'description'];
const MAX_ACTIVITY = 140;

function oneLine(text: string, last = false): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const line = (last ? lines.at(-1) : lines[0]) ?? '';
  return line.length > MAX_ACTIVITY ? `${line.slice(0, MAX_ACTIVITY - 1)}…` : line;
}

/** The minimal shape of an answer the activity line reads (an AssistantMessage fits). */
export interface ActivitySource {
  parts: readonly { kind: string; text?: string; name?: string; input?: unknown }[];
  error?: { message: string };
  approvals?: readonly { request: { toolName: string; displayName?: string; input: unknown }; outcome?: string }[];
}

/**
 * An answer's latest activity in one line: what it waits for, its error, its last tool call with the argument a
 * person cares about, or the last line of its text.
 */
export function activityLine(message: ActivitySource | undefined): string {
  if (!message) return '';
  const open = message.approvals?.find((card) => !card.outcome);
  if (open) {
    const arg = toolArgument(open.request.input);
    return oneLine(`Asks to use ${open.request.displayName?.trim() || open.request.toolName}${arg ? `: ${arg}` : ''}`);
  }
  if (message.error) return oneLine(message.error.message);
  const part = message.parts.at(-1);
  if (!part) return '';
  if (part.kind === 'tool') {
    const arg = toolArgument(part.input);
    return oneLine(`${part.name ?? 'Tool'}${arg ? ` ${arg}` : ''}`);
  }
  if (part.kind === 'thinking') return 'Thinking…';
  return oneLine(part.text ?? '', true);
}

function toolArgument(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const rec = input as Record<string, unknown>;
  for (const key of ACTIVITY_KEYS) {
    const v = rec[key];
    if (typeof v === 'string' && v.trim()) return oneLine(v);
  }
  return '';
}
