/**
 * The plan's windows (5-hour, weekly, per-model weekly) as the CLI last reported them with a turn
 * (`rate_limit_event`), kept across restarts so the Usage view can show them "as of" that time:
 *
 *   <stateDir>/usage/plan-windows.json   { info: the event's own fields, seenAt }
 *
 * Written atomically (0600) at each report; read back through the same parser as a live event, so a file of
 * another shape reads as none.
 */
import path from 'node:path';
import { parseRateLimit, type RateLimitInfo } from '../../shared/rate-limit';
import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';

export interface SavedPlanWindows {
  info: RateLimitInfo;
  /** ms since epoch: when the CLI reported them. */
  seenAt: number;
}

export class PlanWindowsStore {
  private latest: { info: Record<string, unknown>; seenAt: number } | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    stateDir: string,
    private readonly now: () => number = Date.now,
    private readonly onWarning: (message: string) => void = () => {},
  ) {
    this.file = path.join(stateDir, 'usage', 'plan-windows.json');
  }

  private readonly file: string;

  /** A turn's rate-limit report: kept (in memory at once, on disk in order). */
  see(info: Record<string, unknown>): Promise<void> {
    if (!parseRateLimit(info)) return this.writing;
    const body = { info, seenAt: this.now() };
    this.latest = body;
    this.writing = this.writing
      .then(() => writeJsonAtomic(this.file, body))
      .catch((err: unknown) => this.onWarning(`Could not save the plan's windows: ${String(err)}`));
    return this.writing;
  }

  async read(): Promise<SavedPlanWindows | undefined> {
    const raw = this.latest ?? ((await readJsonOrDefault(this.file, undefined, this.onWarning)) as unknown);
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { info, seenAt } = raw as { info?: unknown; seenAt?: unknown };
    if (typeof info !== 'object' || info === null || typeof seenAt !== 'number' || !Number.isFinite(seenAt)) {
      return undefined;
    }
    const parsed = parseRateLimit(info as Record<string, unknown>);
    return parsed && { info: parsed, seenAt };
  }
}
