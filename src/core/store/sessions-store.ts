import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';

/** The CLI requires an RFC 4122 v4 uuid for --session-id/--resume (seed). */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

/**
 * threadId → Claude Code session uuid, in `<stateDir>/claude-code-sessions.json` as a flat JSON
 * object. Loaded once, cached, written atomically after every change (writes are serialized so a
 * later change never lands before an earlier one). A corrupt file is moved aside with a warning.
 */
export class SessionsStore {
  private cache: Map<string, string> | undefined;
  private loading: Promise<Map<string, string>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  async get(threadId: string): Promise<string | undefined> {
    return (await this.load()).get(threadId);
  }

  async set(threadId: string, sessionId: string): Promise<void> {
    if (!isUuidV4(sessionId)) throw new Error(`not a v4 uuid: ${sessionId}`);
    const map = await this.load();
    if (map.get(threadId) === sessionId) return;
    map.set(threadId, sessionId);
    await this.persist(map);
  }

  /** Claude Code session uuid → the thread that continues it (History: a tied session opens its thread). */
  async threadsBySession(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [threadId, sessionId] of await this.load()) out.set(sessionId, threadId);
    return out;
  }

  async delete(threadId: string): Promise<void> {
    const map = await this.load();
    if (map.delete(threadId)) await this.persist(map);
  }

  private load(): Promise<Map<string, string>> {
    if (this.cache) return Promise.resolve(this.cache);
    this.loading ??= (async () => {
      const raw = await readJsonOrDefault<unknown>(this.file, {}, this.onWarning);
      const map = new Map<string, string>();
      if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
        for (const [threadId, sessionId] of Object.entries(raw)) {
          if (isUuidV4(sessionId)) map.set(threadId, sessionId);
        }
      } else {
        this.onWarning('claude-code-sessions.json did not hold an object; starting with no sessions.');
      }
      this.cache = map;
      return map;
    })();
    return this.loading;
  }

  private persist(map: Map<string, string>): Promise<void> {
    const snapshot = Object.fromEntries(map);
    const next = this.writing.catch(() => undefined).then(() => writeJsonAtomic(this.file, snapshot));
    this.writing = next;
    return next;
  }
}
