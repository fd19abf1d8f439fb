/**
 * The rules a user allowed "for this session" on an approval card, kept by the host per Claude Code session id.
 *
 * Claude Code keeps such a rule only in the memory of the process it was given to: a new process resuming the same
 * session asks again (recorded case 55 b). Claude Desk ends a thread's process between turns often enough (the idle
 * limit, a setup edit, the cap on kept processes, a crash) that "this session" would mean "until some moment the
 * user cannot see". So every new process of the session is told the rules again, in one `apply_flag_settings`
 * before its first message (case 55 d; a second request replaces the first, 55 e) — which writes no settings file.
 *
 * In memory only, for the app's life: when Claude Desk quits, "this session" is over, as it is when the user quits
 * `claude` in a terminal. Keeping them on disk would turn a per-session grant into a lasting one by the back door.
 */
import { ruleText } from '../../shared/approval-scopes';

export class SessionRules {
  private readonly bySession = new Map<string, string[]>();

  /** Rules allowed in `sessionId`; one already kept is not repeated. */
  add(sessionId: string, rules: readonly string[]): void {
    if (rules.length === 0) return;
    const kept = this.bySession.get(sessionId) ?? [];
    this.bySession.set(sessionId, [...kept, ...rules.filter((r) => !kept.includes(r))]);
  }

  /** What a new process resuming `sessionId` is told, oldest first. */
  rulesFor(sessionId: string): string[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  /**
   * A process resumed `from` and reported another session (`--fork-session` after a rewind): it holds the rules it
   * was given, so they go on with the session it continues in. A thread that starts a new session instead (its old
   * one was lost) resumes nothing and gets none.
   */
  carry(from: string, to: string): void {
    if (from !== to) this.add(to, this.rulesFor(from));
  }
}

/** The allow rules an answer's `updatedPermissions` gives the session (`addRules` with destination `session`). */
export function sessionAllowRules(permissions: readonly object[]): string[] {
  return permissions.flatMap((p) => {
    const r = p as { type?: unknown; behavior?: unknown; destination?: unknown; rules?: unknown };
    if (r.type !== 'addRules' || r.behavior !== 'allow' || r.destination !== 'session' || !Array.isArray(r.rules))
      return [];
    return (r.rules as unknown[]).flatMap((rule) => {
      const x = rule as { toolName?: unknown; ruleContent?: unknown } | null;
      if (typeof x?.toolName !== 'string') return [];
      return [
        ruleText({ toolName: x.toolName, ruleContent: typeof x.ruleContent === 'string' ? x.ruleContent : undefined }),
      ];
    });
  });
}
