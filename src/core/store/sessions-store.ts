import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';

/** The CLI requires an RFC 4122 v4 uuid for --session-id/--resume (seed). */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

/**
 * threadId → Claude Code session uuid, in `<stateDir>/claude-code-sessions.json` as a flat JSON
 * object. Loaded once, cached, written atomically after every change (writes are serialized so a
 * later change never lands before an earlier one; each re-reads the file first). A corrupt file is moved aside with a warning.
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
    await this.change((m) => m.set(threadId, sessionId));
  }

  /** Claude Code session uuid → the thread that continues it (History: a tied session opens its thread). */
  async threadsBySession(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [threadId, sessionId] of await this.load()) out.set(sessionId, threadId);
    return out;
  }

  async delete(threadId: string): Promise<void> {
    const map = await this.load();
    if (map.delete(threadId)) await this.change((m) => m.delete(threadId));
  }

  /** Forget the cache: another process (the command line, a second window) saved a session. */
  reload(): void {
    this.cache = undefined;
    this.loading = undefined;
  }

  private load(): Promise<Map<string, string>> {
    if (this.cache) return Promise.resolve(this.cache);
    const loading = (this.loading ??= this.read().then((map) => {
      if (this.loading === loading) this.cache = map;
      return map;
    }));
    return loading;
  }

  private async read(): Promise<Map<string, string>> {
    const raw = await readJsonOrDefault(this.file, {}, this.onWarning);
    const map = new Map<string, string>();
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      for (const [threadId, sessionId] of Object.entries(raw)) {
        if (isUuidV4(sessionId)) map.set(threadId, sessionId);
      }
    } else {
      this.onWarning('claude-code-sessions.json did not hold an object; starting with no sessions.');
    }
    return map;
  }

  /**
   * Apply one change to the file as it is now, not to this process's copy: another process on the same
   * data dir may have saved other threads' sessions since, and writing a stale map would drop them.
   */
  private change(apply: (map: Map<string, string>) => unknown): Promise<void> {
    const next = this.writing
      .catch(() => undefined)
      .then(async () => {
        const fresh = await this.read();
        apply(fresh);
        this.cache = fresh;
        this.loading = undefined;
        await writeJsonAtomic(this.file, Object.fromEntries(fresh));
      });
    this.writing = next;
    return next;
  }
}
