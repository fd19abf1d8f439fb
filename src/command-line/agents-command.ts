import { createDeskApp } from '../app/desk-app';
import { callHandler } from '../app/dispatch-call';
import { boardStatusText, changeCountsText, type BoardRow } from '../shared/board';
import { safeLine } from './chat-output';
import { tokensLabel, usd } from '../shared/usage';

/** One board row as `agents --json` prints it: the names a script reads, stable across versions. */
export interface AgentsJsonRow {
  thread: string;
  threadId: string;
  project: string;
  worktreePath: string | null;
  branch: string | null;
  base: string | null;
  status: BoardRow['status'];
  /** When the row entered its status (ms since the epoch). */
  since: number;
  activity: string;
  costUsd: number;
  /** The turns' tokens: in (fresh input, cache reads and writes) and out. */
  tokensIn: number;
  tokensOut: number;
  filesChanged: number | null;
  linesAdded: number | null;
  linesRemoved: number | null;
}

export function agentsJson(rows: readonly BoardRow[]): AgentsJsonRow[] {
  return rows.map((r) => ({
    thread: r.title,
    threadId: r.threadId,
    project: r.project,
    worktreePath: r.worktreePath ?? null,
    branch: r.branch ?? null,
    base: r.base ?? null,
    status: r.status,
    since: r.since,
    activity: r.activity,
    costUsd: r.costUsd,
    tokensIn: r.tokens.in,
    tokensOut: r.tokens.out,
    filesChanged: r.changes?.files ?? null,
    linesAdded: r.changes?.added ?? null,
    linesRemoved: r.changes?.removed ?? null,
  }));
}

/**
 * Two lines a row: thread, status, branch, +/−, cost and tokens so far; then where it works. Thread titles are the
 * user's: made safe.
 */
export function agentsText(rows: readonly BoardRow[], now: number): string {
  return rows
    .map((r) => {
      const spent = `${usd(r.costUsd)} · ${tokensLabel(r.tokens.in + r.tokens.out)} tokens`;
      const head = [r.title, boardStatusText(r, now), r.branch, changeCountsText(r.changes), spent].filter(Boolean);
      return `${safeLine(head.join('  '))}\n    ${safeLine(r.worktreePath ?? (r.project || 'default workspace'))}\n`;
    })
    .join('');
}

/**
 * `claude-desk agents [--json]`: the board's rows — every thread working, waiting for the user, failed or with
 * changes to land — through the same handler as the Board tab. Exit 0, also when there are none.
 */
export async function agentsCommand(flags: Record<string, string | boolean>): Promise<number> {
  const desk = await createDeskApp({ host: 'command-line' });
  try {
    const { rows } = await callHandler(desk.handlers, 'getBoard', undefined);
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(agentsJson(rows), null, 2)}\n`);
      return 0;
    }
    if (rows.length === 0) {
      process.stderr.write('No thread is working, waiting for you, failed or has changes to land.\n');
      return 0;
    }
    process.stdout.write(agentsText(rows, Date.now()));
    return 0;
  } finally {
    await desk.shutdown();
  }
}
