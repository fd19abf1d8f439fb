/** Reads `claude agents --json` on the host: zod stays out of the page's first chunk (shared/board.ts is the page's). */
import * as z from 'zod';
import type { ExternalAgent } from '../../shared/board';
import type { RunningSession } from '../../shared/worktree-changes';

const agentSchema = z.looseObject({
  id: z.string().optional(),
  sessionId: z.string().optional(),
  cwd: z.string(),
  kind: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
  state: z.string().optional(),
  startedAt: z.number().optional(),
  pid: z.number().optional(),
});
type AgentRow = z.infer<typeof agentSchema>;

/**
 * The rows of `claude agents --json`'s stdout (recorded cases 50 and 54: `[{pid, id, cwd, kind, startedAt, sessionId,
 * name, status, state}]`, `[]` when none); a row that does not fit is skipped rather than failing the list. Throws
 * when the output is not a JSON array at all (an older CLI printing its help, a crash).
 */
function agentRows(stdout: string): AgentRow[] {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error('not a list');
  return parsed.flatMap((item) => {
    const row = agentSchema.safeParse(item);
    return row.success ? [row.data] : [];
  });
}

/** The sessions the board lists: those with a short id (a session `claude stop <id>` and History can name). */
export function parseClaudeAgents(stdout: string): ExternalAgent[] {
  return agentRows(stdout).flatMap(({ id, sessionId, cwd, kind, name, status, state, startedAt, pid }) =>
    id
      ? [
          {
            id,
            cwd,
            kind: kind ?? 'session',
            // The CLI names a session after a title it asks the model for; until then (or blocked) the prompt or nothing.
            name: name?.trim() || id,
            ...(sessionId ? { sessionId } : {}),
            ...(status ? { status } : {}),
            ...(state ? { state } : {}),
            ...(startedAt !== undefined ? { startedAt } : {}),
            ...(pid !== undefined ? { pid } : {}),
          },
        ]
      : [],
  );
}

/**
 * Every running session of that output, those without a short id too: a stream-json or interactive session has only
 * its pid and session id (recorded case 54). What a discard checks before it removes a worktree folder.
 */
export function parseRunningSessions(stdout: string): RunningSession[] {
  return agentRows(stdout)
    .filter((row) => row.state !== 'stopped')
    .map(({ id, sessionId, cwd, kind, name, pid }) => ({
      cwd,
      kind: kind ?? 'session',
      name: name?.trim() || id || sessionId?.slice(0, 8) || `pid ${pid ?? '?'}`,
      ...(id ? { id } : {}),
      ...(sessionId ? { sessionId } : {}),
      ...(pid !== undefined ? { pid } : {}),
    }));
}
