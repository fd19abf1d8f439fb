import fs from 'node:fs/promises';
import path from 'node:path';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';

/** A lock older than this was left by a process that died holding it (a change takes milliseconds). */
const STALE_LOCK_MS = 10_000;
/** How long a change waits for another process's before it goes ahead without the lock (and says so). */
const LOCK_WAIT_MS = 5_000;

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
   * data dir may have saved other threads' sessions since, and writing a stale map would drop them. The read and
   * the write hold `<file>.lock` (made with O_EXCL), so two processes saving at once (the app and a `claude-desk
   * chat`, or two of those) do not each write a map without the other's thread: one of them lost its session, and
   * its next turn started a new Claude Code session from the thread's text instead of resuming its own.
   */
  private change(apply: (map: Map<string, string>) => unknown): Promise<void> {
    const next = this.writing
      .catch(() => undefined)
      .then(async () => {
        const unlock = await this.lock();
        try {
          const fresh = await this.read();
          apply(fresh);
          this.cache = fresh;
          this.loading = undefined;
          await writeJsonAtomic(this.file, Object.fromEntries(fresh));
        } finally {
          await unlock();
        }
      });
    this.writing = next;
    return next;
  }

  /** Takes `<file>.lock`, waiting out another process's change; returns how to let it go. */
  private async lock(): Promise<() => Promise<void>> {
    const lockFile = `${this.file}.lock`;
    await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const started = Date.now();
    for (;;) {
      try {
        const handle = await fs.open(lockFile, 'wx', 0o600);
        await handle.writeFile(String(process.pid));
        await handle.close();
        return () => fs.rm(lockFile, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const age = await fs.stat(lockFile).then(
        (st) => Date.now() - st.mtimeMs,
        () => 0, // gone meanwhile: try again at once
      );
      if (age > STALE_LOCK_MS) {
        await fs.rm(lockFile, { force: true }); // its holder died mid-change
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS) {
        this.onWarning('claude-code-sessions.json stayed locked by another Claude Desk; saving without the lock.');
        return async () => {};
      }
      // A change holds it for a few milliseconds: look again shortly (a little at random, so waiters spread).
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8));
    }
  }
}
