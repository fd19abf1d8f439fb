import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import { isUuidV4 } from './sessions-store';

export interface ForkPoint {
  /** The session the thread was on when it was rewound. */
  sessionId: string;
  /** The answer line (uuid) the next turn resumes up to, as a fork. */
  resumeAt: string;
}

/**
 * threadId → where its next turn forks its CLI session after a rewind, in `<stateDir>/claude-code-forks.json`.
 * A fork point only applies while the thread is still on `sessionId`: the forked turn's new session makes it
 * stale, so it never applies twice. Writes are serialized and atomic.
 */
export class ForkPointsStore {
  private cache: Map<string, ForkPoint> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async get(threadId: string, currentSessionId: string | undefined): Promise<ForkPoint | undefined> {
    const point = (await this.load()).get(threadId);
    return point && point.sessionId === currentSessionId ? point : undefined;
  }

  async set(threadId: string, point: ForkPoint | undefined): Promise<void> {
    const map = await this.load();
    if (point) map.set(threadId, point);
    else if (!map.delete(threadId)) return;
    const snapshot = Object.fromEntries(map);
    this.writing = this.writing.catch(() => {}).then(() => writeJsonAtomic(this.file, snapshot));
    await this.writing;
  }

  private async load(): Promise<Map<string, ForkPoint>> {
    if (this.cache) return this.cache;
    const raw = await readJsonOrDefault(this.file, {}, this.onWarning).catch(() => ({}));
    const map = new Map<string, ForkPoint>();
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      for (const [threadId, value] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof value !== 'object' || value === null) continue;
        const { sessionId, resumeAt } = value as Record<string, unknown>;
        if (isUuidV4(sessionId) && typeof resumeAt === 'string' && resumeAt.length <= 100)
          map.set(threadId, { sessionId, resumeAt });
      }
    }
    this.cache ??= map;
    return this.cache;
  }
}
