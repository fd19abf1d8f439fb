/**
 * True per-turn costs and one token-counting rule, shared by core (live turns), the store (threads saved
 * before this rule) and the renderer (header and footer).
 *
 * The CLI's `total_cost_usd` is the running total of its SESSION (recorded cases 02 and 11c: 0.00014, then
 * 0.00028 for two identical turns, on resume and in one process alike), while `usage` is the turn's own.
 * A turn's cost is therefore the increase of its session's total over the previous turn of that session.
 */
import type { ChatMessage, ThreadTotals } from './threads';
import type { TurnUsage, TurnVerdict } from './turn-events';

/** The warning a turn carries when its thread had to start a fresh session (the stale-resume fallback). */
export const FRESH_SESSION_WARNING =
  'The previous Claude Code session could not be resumed; continuing in a new one with a transcript of this thread.';

/**
 * A turn's own cost from its session's running total after the turn and the last total before it. A total
 * below the last one means the CLI's counter restarted (a session resumed without its cost record): the
 * whole total is then this turn's.
 */
export function turnCostFrom(sessionTotal: number, before: number): number {
  return sessionTotal >= before ? sessionTotal - before : sessionTotal;
}

/**
 * The session's running total before the next turn, read from the thread itself: the latest verdict of
 * that session. Used when the session-costs file has no entry (a thread from before it existed). A verdict
 * of another session ends the search: the session was fresh after it.
 */
export function sessionTotalFromHistory(messages: readonly ChatMessage[], sessionId: string): number | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || !m.verdict) continue;
    if (m.verdict.sessionId !== undefined && m.verdict.sessionId !== sessionId) return undefined;
    const total = m.verdict.sessionCostUsd;
    if (total !== undefined && total > 0) return total;
  }
  return undefined;
}

/**
 * Threads saved before per-turn costs kept the CLI's running total as each turn's `costUsd`. Rewrite those
 * verdicts to their own cost (keeping the running total as `sessionCostUsd`), resetting at a fresh-session
 * warning. Returns the same array when nothing needed correcting.
 */
export function correctLegacyCosts(messages: ChatMessage[]): { messages: ChatMessage[]; corrected: boolean } {
  let before = 0;
  let corrected = false;
  const out = messages.map((m) => {
    if (m.role !== 'assistant') return m;
    if (m.warnings?.includes(FRESH_SESSION_WARNING)) before = 0;
    const v = m.verdict;
    if (!v) return m;
    if (v.sessionCostUsd !== undefined) {
      if (v.sessionCostUsd > 0) before = v.sessionCostUsd;
      return m;
    }
    corrected = true;
    const total = v.costUsd || 0;
    const costUsd = turnCostFrom(total, before);
    if (total > 0) before = total;
    return { ...m, verdict: { ...v, costUsd, sessionCostUsd: total } };
  });
  return corrected ? { messages: out, corrected } : { messages, corrected };
}

/** The thread's totals as the sum of its turns' verdicts (used to correct a thread saved before this rule). */
export function totalsFromMessages(messages: readonly ChatMessage[]): ThreadTotals {
  let totals: ThreadTotals = { costUsd: 0, inputTokens: 0, outputTokens: 0, durationMs: 0, turns: 0 };
  for (const m of messages) if (m.role === 'assistant' && m.verdict) totals = addVerdictToTotals(totals, m.verdict);
  return totals;
}

/**
 * One finished turn added to a thread's running totals. Its cost and tokens always count (they were
 * spent); only a successful verdict counts as a turn (one verdict = one turn, whatever its numTurns).
 */
export function addVerdictToTotals(totals: ThreadTotals, verdict: TurnVerdict): ThreadTotals {
  const u = verdict.usage;
  return {
    ...totals, // what a turn does not change (the cost before a continued session)
    costUsd: totals.costUsd + (verdict.costUsd || 0),
    inputTokens: totals.inputTokens + (u?.inputTokens || 0),
    outputTokens: totals.outputTokens + (u?.outputTokens || 0),
    cacheReadTokens: (totals.cacheReadTokens ?? 0) + (u?.cacheReadTokens || 0),
    cacheCreationTokens: (totals.cacheCreationTokens ?? 0) + (u?.cacheCreationTokens || 0),
    durationMs: totals.durationMs + (verdict.durationMs || 0),
    turns: totals.turns + (verdict.isError ? 0 : 1),
  };
}

/** Made once: `toLocaleString('en-US')` builds a formatter per call, five per footer of every row scrolled in. */
const COUNT = new Intl.NumberFormat('en-US');

/** The one token-counting rule: what goes in is fresh input + cache reads + cache writes; what comes out is output. */
export function tokenCounts(u: Partial<TurnUsage> & Pick<TurnUsage, 'inputTokens' | 'outputTokens'>): {
  in: number;
  out: number;
  total: number;
  /** For a tooltip: every part that was counted. */
  breakdown: string;
} {
  const cacheRead = u.cacheReadTokens ?? 0;
  const cacheWrite = u.cacheCreationTokens ?? 0;
  const input = u.inputTokens + cacheRead + cacheWrite;
  const n = (x: number): string => COUNT.format(x);
  return {
    in: input,
    out: u.outputTokens,
    total: input + u.outputTokens,
    breakdown:
      `Tokens counted: ${n(u.inputTokens)} input + ${n(cacheRead)} cache reads + ${n(cacheWrite)} cache writes = ${n(input)} in; ` +
      `${n(u.outputTokens)} output`,
  };
}
