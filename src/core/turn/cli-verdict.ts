import type { TurnUsage, TurnVerdict } from '../../shared/turn-events';
import { turnCostFrom } from '../../shared/turn-costs';
import { type Json, isObject, num, str } from '../claude-code-wire/cli-json';

/** What the mapper learned from a `result` line, beyond the shared TurnVerdict. */
export interface CliVerdict {
  verdict: TurnVerdict;
  /** `result.errors` (case 03: "No conversation found with session ID: …"). */
  errors: string[];
  /** Not logged in / invalid key: the UI shows the login card (cases 04, 12d). */
  authFailure: boolean;
  apiErrorStatus?: number;
  /** Why Claude Code refused to start (`startup_failure_reason`, 2.1.337: recorded case 61), e.g. `resume_target_not_found`. */
  startupFailure?: string;
}

export const NOT_LOGGED_IN_TEXT = 'Not logged in';

/** Texts the CLI prints for missing or rejected credentials (cases 04 and 12d). */
export function looksLikeAuthFailure(text: string | undefined): boolean {
  if (!text) return false;
  return (
    text.includes(NOT_LOGGED_IN_TEXT) ||
    text.includes('Please run /login') ||
    text.includes('Invalid API key') ||
    text.includes('OAuth token has expired')
  );
}

function usageOf(raw: unknown): TurnUsage {
  const u = isObject(raw) ? raw : {};
  return {
    inputTokens: num(u.input_tokens) ?? 0,
    outputTokens: num(u.output_tokens) ?? 0,
    cacheReadTokens: num(u.cache_read_input_tokens),
    cacheCreationTokens: num(u.cache_creation_input_tokens),
  };
}

/**
 * Parse a `result` line. Failure is judged by `is_error` only: case 04 ("Not logged in") and 12d
 * (401) both arrive as `subtype:"success"` with `is_error:true`. `sessionCostBefore` is the session's running
 * total after its previous turn (0 for a fresh session): `total_cost_usd` is cumulative (cases 02, 11c).
 */
export function parseResult(raw: Json, sawAuthErrorMessage: boolean, sessionCostBefore = 0): CliVerdict {
  const isError = raw.is_error === true;
  const result = str(raw.result);
  const apiErrorStatus = num(raw.api_error_status);
  const sessionCost = num(raw.total_cost_usd) ?? 0;
  const sessionId = str(raw.session_id);
  const errors = Array.isArray(raw.errors) ? raw.errors.filter((e): e is string => typeof e === 'string') : [];
  const verdict: TurnVerdict = {
    isError,
    subtype: str(raw.subtype) ?? 'unknown',
    terminalReason: str(raw.terminal_reason),
    result,
    costUsd: turnCostFrom(sessionCost, sessionCostBefore),
    sessionCostUsd: sessionCost,
    ...(sessionId ? { sessionId } : {}),
    durationMs: num(raw.duration_ms) ?? 0,
    numTurns: num(raw.num_turns) ?? 0,
    usage: usageOf(raw.usage),
  };
  const authFailure =
    isError &&
    (sawAuthErrorMessage || apiErrorStatus === 401 || apiErrorStatus === 403 || looksLikeAuthFailure(result));
  const startupFailure = str(raw.startup_failure_reason);
  return { verdict, errors, authFailure, apiErrorStatus, ...(startupFailure ? { startupFailure } : {}) };
}
