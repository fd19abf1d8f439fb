/**
 * The sentence for a turn whose API call the CLI is retrying, from its `system/api_retry` lines:
 * `error_status` and `error` ("overloaded" for 529, case 12f; "rate_limit" for 429, case 12g;
 * "server_error" for 500, case 12c), `attempt` of `max_retries`, and `retry_delay_ms` until the next try.
 */
export interface RetryInfo {
  attempt: number;
  maxRetries: number;
  errorStatus?: number;
  /** The CLI's word for the failure (`error`). */
  error?: string;
  delayMs?: number;
}

export function retryReason(r: Pick<RetryInfo, 'errorStatus' | 'error'>): string {
  const s = r.errorStatus;
  if (s === 529 || r.error === 'overloaded') return "Anthropic's API is overloaded";
  if (s === 429 || r.error === 'rate_limit') return "Anthropic's API is limiting how fast requests may come";
  if (s === 502 || s === 503 || s === 504) return "Anthropic's API is unavailable";
  if (s !== undefined && s >= 500) return "Anthropic's API had a server error";
  if (s === undefined) return "Claude Code could not reach Anthropic's API";
  return `Anthropic's API answered HTTP ${s}`;
}

/** "Anthropic's API is overloaded — retrying in 8 s (attempt 5 of 10)"; `msLeft` counts down to the next try. */
export function retrySentence(r: RetryInfo, msLeft: number | undefined): string {
  const when = msLeft !== undefined && msLeft >= 500 ? `retrying in ${Math.round(msLeft / 1000)} s` : 'retrying now';
  const of = r.maxRetries > 0 ? ` (attempt ${r.attempt} of ${r.maxRetries})` : ` (attempt ${r.attempt})`;
  return `${retryReason(r)} — ${when}${of}`;
}
