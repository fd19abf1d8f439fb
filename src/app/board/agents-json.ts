/** Reads `claude agents --json` on the host: zod stays out of the page's first chunk (shared/board.ts is the page's). */
import * as z from 'zod';
import type { ExternalAgent } from '../../shared/board';
import type { RunningSession } from '../../shared/changes';

const agentSchema = z.looseObject({
  id: z.string().min(1),
  sessionId: z.string().optional(),
  cwd: z.string(),
  kind: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
  state: z.string().optional(),
  startedAt: z.number().optional(),
  pid: z.number().optional(),
});

/**
 * `claude agents --json`'s stdout (recorded case 50: `[{pid, id, cwd, kind, startedAt, sessionId, name, status,
 * state}]`, `[]` when none) → the sessions; a row that does not fit is skipped rather than failing the list. Throws
 * when the output is not a JSON array at all (an older CLI printing its help, a crash).
 */
export function parseClaudeAgents(stdout: string): ExternalAgent[] {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error('not a list');
  const agents: ExternalAgent[] = [];
  for (const item of parsed) {
    const row = agentSchema.safeParse(item);
    if (!row.success) continue;
    const { id, sessionId, cwd, kind, name, status, state, startedAt, pid } = row.data;
    agents.push({
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
    });
  }
  return agents;
}

/**
 * Every running session of that output, those without a short id too: a stream-json or interactive session has only
 * its pid and session id (recorded case 54). What a discard checks before it removes a worktree folder.
 */
export function parseRunningSessions(stdout: string): RunningSession[] {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed)) throw new Error('not a list');
  return parsed.flatMap((item): RunningSession[] => {
    const row = agentSchema.extend({ id: z.string().optional() }).safeParse(item);
    if (!row.success || row.data.state === 'stopped') return [];
    const { id, sessionId, cwd, kind, name, pid } = row.data;
    return [
      {
        cwd,
        kind: kind ?? 'session',
        name: name?.trim() || id || sessionId?.slice(0, 8) || `pid ${pid ?? '?'}`,
        ...(id ? { id } : {}),
        ...(sessionId ? { sessionId } : {}),
        ...(pid !== undefined ? { pid } : {}),
      },
    ];
  });
}
