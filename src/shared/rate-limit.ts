/**
 * The CLI's `rate_limit_event` (recorded case 38/38b, subscription login only: case 12b shows none with an API key),
 * read into a plain shape. `resetsAt` is in milliseconds here (the CLI sends seconds).
 */
export type RateLimitStatus = 'allowed' | 'allowed_warning' | 'rejected';

export interface RateLimitWindow {
  utilization?: number;
  resetsAt?: number;
  status?: RateLimitStatus;
}

export interface RateLimitInfo {
  status: RateLimitStatus;
  /** `five_hour`, `seven_day`, … : the window this status is about. */
  type?: string;
  utilization?: number;
  resetsAt?: number;
  windows: Record<string, RateLimitWindow>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const status = (v: unknown): RateLimitStatus | undefined =>
  v === 'allowed' || v === 'allowed_warning' || v === 'rejected' ? v : undefined;
const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

export function parseRateLimit(info: Record<string, unknown>): RateLimitInfo | undefined {
  const s = status(info.status);
  if (!s) return undefined;
  const windows: Record<string, RateLimitWindow> = {};
  if (isRecord(info.unifiedWindows)) {
    for (const [name, w] of Object.entries(info.unifiedWindows)) {
      if (!isRecord(w)) continue;
      windows[name] = { utilization: num(w.utilization), resetsAt: ms(num(w.resetsAt)), status: status(w.status) };
    }
  }
  const type = typeof info.rateLimitType === 'string' ? info.rateLimitType : undefined;
  return {
    status: s,
    type,
    utilization: num(info.utilization) ?? (type ? windows[type]?.utilization : undefined),
    resetsAt: ms(num(info.resetsAt)),
    windows,
  };
}

/** "5-hour limit" / "weekly limit" for a window name. */
export function windowName(type: string | undefined): string {
  if (type === 'five_hour') return '5-hour limit';
  if (type === 'seven_day') return 'weekly limit';
  if (type === 'seven_day_opus') return 'weekly Opus limit';
  if (type === 'seven_day_sonnet') return 'weekly Sonnet limit';
  return 'plan limit';
}
