import fs from 'node:fs/promises';
import path from 'node:path';
import type { LandOutcome, RunningSession, RunningSessions } from '../../shared/worktree-changes';
import { isInside } from '../../core/path-inside';

/** A session as a user finds it again: its name, what kind, and the handle `claude stop` or `kill` takes. */
export function describeSession(s: RunningSession): string {
  const handle = s.id ? `claude stop ${s.id}` : s.pid !== undefined ? `pid ${s.pid}` : (s.sessionId ?? '');
  return `“${s.name}” (${s.kind}${handle ? `, ${handle}` : ''})`;
}

/** The thread's own CLI processes: their pids, and the session ids they run (the thread's, a warm one's). */
export interface OwnProcesses {
  pids: readonly number[];
  sessionIds: readonly string[];
}

const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));

/**
 * Before a discard removes a worktree folder: the Claude Code sessions still working inside it, from `claude agents
 * --json` (recorded cases 50 and 54 — a `claude -w` in a terminal, a `--bg` session, another app's stream-json
 * turn), except the thread's own kept or warm process, which the discard ends itself: known by its pid, or by the
 * thread's session id (a process started inside a sandbox's wrapper is listed under a pid of its own). A refusal names them;
 * when the CLI cannot say, the discard is refused too: a folder pulled from under a live session is not undone.
 */
export async function refuseWhileSessionsRun(
  worktreePath: string,
  asked: RunningSessions,
  own: OwnProcesses,
): Promise<Extract<LandOutcome, { ok: false }> | undefined> {
  if (!asked.ok)
    return {
      ok: false,
      action: 'discard',
      reason: 'live-session',
      message: `Claude Desk could not check whether a Claude Code session still works in this worktree (${asked.reason.replace(/[.:]\s*$/, '')}): confirm to discard anyway if none does.`,
      sessions: [],
    };
  const folder = await real(worktreePath);
  const inside: RunningSession[] = [];
  for (const s of asked.sessions) {
    if ((s.pid !== undefined && own.pids.includes(s.pid)) || (s.sessionId && own.sessionIds.includes(s.sessionId)))
      continue;
    if (isInside(folder, await real(s.cwd))) inside.push(s);
  }
  if (inside.length === 0) return undefined;
  const one = inside.length === 1;
  return {
    ok: false,
    action: 'discard',
    reason: 'live-session',
    // Named in the sentence; each one's handle (the command that stops it, its pid) in `sessions`, listed below it.
    message: `${one ? 'A Claude Code session' : `${inside.length} Claude Code sessions`} (${inside.map((s) => `“${s.name}”`).join(', ')}) ${one ? 'is' : 'are'} still working in this worktree: discarding would remove ${one ? 'its' : 'their'} folder, so stop ${one ? 'it' : 'them'} first, or confirm to discard anyway.`,
    sessions: inside.map(describeSession),
  };
}
