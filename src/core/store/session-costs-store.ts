import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import { isUuidV4 } from './sessions-store';

/**
 * Claude Code session uuid → the last cumulative `total_cost_usd` its `result` line reported, in
 * `<stateDir>/claude-code-session-costs.json`. The CLI reports the session's running total, not the turn's
 * (recorded cases 02 and 11c: 0.00014 then 0.00028 for two identical turns), so a turn's own cost is the
 * increase over this figure. Keyed by session, not thread: a pre-warmed process resumes the same session
 * and gives the same figure, and a fresh session (new thread, stale-resume fallback) has no entry, so it
 * starts at 0. Loaded once, cached, written atomically (0600), writes serialized.
 */
export class SessionCostsStore {
  private cache: Map<string, number> | undefined;
  private loading: Promise<Map<string, number>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async lastCost(sessionId: string): Promise<number | undefined> {
    return (await this.load()).get(sessionId);
  }

  async setLastCost(sessionId: string, totalUsd: number): Promise<void> {
    if (!isUuidV4(sessionId) || !Number.isFinite(totalUsd) || totalUsd < 0) return;
    const map = await this.load();
    if (map.get(sessionId) === totalUsd) return;
    map.set(sessionId, totalUsd);
    const snapshot = Object.fromEntries(map);
    const next = this.writing.catch(() => undefined).then(() => writeJsonAtomic(this.file, snapshot));
    this.writing = next;
    await next;
  }

  private load(): Promise<Map<string, number>> {
    if (this.cache) return Promise.resolve(this.cache);
    this.loading ??= (async () => {
      const raw = await readJsonOrDefault(this.file, {}, this.onWarning);
      const map = new Map<string, number>();
      if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
        for (const [sessionId, total] of Object.entries(raw)) {
          if (isUuidV4(sessionId) && typeof total === 'number' && Number.isFinite(total) && total >= 0)
            map.set(sessionId, total);
        }
      }
      this.cache = map;
      return map;
    })();
    return this.loading;
  }
}
