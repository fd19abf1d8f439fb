/**
 * Every Claude Code session on this machine, indexed incrementally into Claude Desk's private state:
 *
 *   <stateDir>/history/index.json        summaries + where reading stopped (a cache: rebuilt if unreadable)
 *   <stateDir>/history/text/<id>.txt     each session's search text, append-only
 *   <stateDir>/history/copies/<id>.jsonl.gz   the kept copy (kept-copies.ts), unless copies are off
 *   <stateDir>/history/pins.json         pinned session ids (the user's choice, not a cache)
 *
 * A refresh stats every transcript; only a file whose size or mtime changed is read, and only from where
 * the last read stopped. A file that shrank (rewritten) is read again from the start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HistorySession, HistoryStats } from '../../shared/history';
import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';
import { searchTerms } from '../store/thread-search';
import { sessionIdOfFile } from './cli-projects-dir';
import { emptyCopy, copyPath, removeCopy } from './kept-copies';
import { isIndexEntry, newEntry, readAppended, toHistorySession, type IndexEntry } from './index-entry';
import { matchSession, sessionSnippet, snippetRange } from './session-search';
import { titleOf } from './session-fold';

export interface HistoryIndexOptions {
  stateDir: string;
  /** The CLI's `projects` folder (cli-projects-dir.ts). */
  projectsDir: string;
  /** Read at every refresh: Settings can switch copies off (and back on) at any time. */
  keepCopies?: () => boolean;
  onWarning?: (message: string) => void;
  /** Coalesced index writes (ms); tests pass 0. */
  saveDelayMs?: number;
}

interface IndexFile {
  version: 1;
  sessions: IndexEntry[];
}

export class HistoryIndex {
  readonly dir: string;
  private readonly entries = new Map<string, IndexEntry>();
  private pins = new Set<string>();
  private texts: Map<string, string> | undefined; // id → lower-cased search text, loaded on first search
  private chain: Promise<unknown> = Promise.resolve();
  private saveTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(ids: string[]) => void>();
  private readonly warn: (message: string) => void;

  private constructor(private readonly opts: HistoryIndexOptions) {
    this.dir = path.join(opts.stateDir, 'history');
    this.warn = opts.onWarning ?? (() => {});
  }

  static async open(opts: HistoryIndexOptions): Promise<HistoryIndex> {
    const index = new HistoryIndex(opts);
    await fs.mkdir(path.join(index.dir, 'text'), { recursive: true, mode: 0o700 });
    const raw = await readJsonOrDefault(index.file('index.json'), undefined, index.warn);
    const sessions = typeof raw === 'object' && raw !== null && 'sessions' in raw ? raw.sessions : undefined;
    for (const e of Array.isArray(sessions) ? (sessions as unknown[]) : [])
      if (isIndexEntry(e)) index.entries.set(e.id, e);
    const pins = await readJsonOrDefault(index.file('pins.json'), [], index.warn);
    if (Array.isArray(pins)) index.pins = new Set(pins.filter((p): p is string => typeof p === 'string'));
    return index;
  }

  get projectsDir(): string {
    return this.opts.projectsDir;
  }

  /** Most recent first. */
  list(threadFor?: (sessionId: string) => string | undefined): HistorySession[] {
    return [...this.entries.values()]
      .filter((e) => e.fold.messages > 0)
      .map((e) => toHistorySession(e, this.pins.has(e.id), threadFor?.(e.id)))
      .sort((a, b) => b.lastAt - a.lastAt);
  }

  get(id: string, threadFor?: (sessionId: string) => string | undefined): HistorySession | undefined {
    const e = this.entries.get(id);
    return e && toHistorySession(e, this.pins.has(id), threadFor?.(id));
  }

  /** For readers (transcript pages): the entry's file and copy, as of now. */
  entry(id: string): Readonly<IndexEntry> | undefined {
    return this.entries.get(id);
  }

  /** Sessions the CLI deleted whose kept copy is all that is left (the usage ledger reads them once). */
  keptOnly(): Readonly<IndexEntry>[] {
    return [...this.entries.values()].filter((e) => e.gone && e.copy && e.fold.messages > 0);
  }

  copyFile(id: string): string {
    return copyPath(path.join(this.dir, 'copies'), id);
  }

  onChange(cb: (ids: string[]) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** Stat every transcript and read what changed. Serialized with every other refresh. */
  refreshAll(): Promise<string[]> {
    return this.serial(() => this.scan());
  }

  /** One file changed (the watcher): read just it. */
  refreshFile(file: string): Promise<string[]> {
    return this.serial(async () => {
      const id = sessionIdOfFile(path.basename(file));
      if (!id) return [];
      const changed = await this.update(id, file, path.basename(path.dirname(file)));
      return changed ? [id] : [];
    });
  }

  async setPinned(id: string, pinned: boolean): Promise<void> {
    if (pinned) this.pins.add(id);
    else this.pins.delete(id);
    await writeJsonAtomic(this.file('pins.json'), [...this.pins]);
    this.emit([id]);
  }

  async search(query: string, limit = 50): Promise<{ session: HistorySession; snippet: string }[]> {
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    const texts = await this.loadTexts();
    const hits: { session: HistorySession; lower: string; match: { at: number; length: number } }[] = [];
    for (const session of this.list()) {
      if (hits.length >= limit) break;
      const lower = texts.get(session.id) ?? '';
      const match = matchSession({ title: session.title, lower }, terms);
      if (match) hits.push({ session, lower, match });
    }
    return Promise.all(
      hits.map(async ({ session, lower, match }) => {
        const range = snippetRange(lower, match);
        const chars = await this.originalChars(session.id, lower, range.start, range.end);
        return { session, snippet: sessionSnippet(range, chars) };
      }),
    );
  }

  /**
   * The original-case characters lower[from, to) from the session's text file, reading only those bytes; lower's
   * own characters when they cannot be matched (a case mapping that changed a length, a file being rewritten).
   */
  private async originalChars(id: string, lower: string, from: number, to: number): Promise<string> {
    const fallback = lower.slice(from, to);
    try {
      const byteFrom = Buffer.byteLength(lower.slice(0, from));
      const buf = Buffer.alloc(Buffer.byteLength(fallback));
      const fh = await fs.open(this.textFile(id), 'r');
      try {
        const { bytesRead } = await fh.read(buf, 0, buf.length, byteFrom);
        const chars = buf.subarray(0, bytesRead).toString('utf8');
        return chars.toLowerCase() === fallback ? chars : fallback;
      } finally {
        await fh.close();
      }
    } catch {
      return fallback;
    }
  }

  async stats(): Promise<HistoryStats> {
    let keptBytes = 0;
    let keptRawBytes = 0;
    for (const e of this.entries.values()) {
      keptBytes += e.copy?.gzBytes ?? 0;
      keptRawBytes += e.copy?.rawBytes ?? 0;
    }
    return { sessions: this.list().length, keptBytes, keptRawBytes, keepCopies: this.keepCopies() };
  }

  /** Write the index now (app quit, tests). */
  async flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    await this.serial(() => this.save());
  }

  close(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
  }

  private keepCopies(): boolean {
    return this.opts.keepCopies?.() ?? true;
  }

  private async scan(): Promise<string[]> {
    const root = this.opts.projectsDir;
    const seen = new Set<string>();
    const changed: string[] = [];
    const slugs = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
    for (const slug of slugs) {
      if (!slug.isDirectory()) continue;
      const names = await fs.readdir(path.join(root, slug.name)).catch(() => [] as string[]);
      for (const name of names) {
        const id = sessionIdOfFile(name);
        if (!id || seen.has(id)) continue;
        seen.add(id);
        if (await this.update(id, path.join(root, slug.name, name), slug.name)) changed.push(id);
      }
    }
    for (const e of this.entries.values()) {
      if (!seen.has(e.id) && !e.gone && (await this.markGone(e))) changed.push(e.id);
    }
    return changed;
  }

  /** Returns true when the entry changed. */
  private async update(id: string, file: string, slug: string): Promise<boolean> {
    const st = await fs.stat(file).catch(() => undefined);
    let e = this.entries.get(id);
    if (!st?.isFile()) return e && !e.gone ? this.markGone(e) : false;
    if (e && !e.gone && e.file === file && e.size === st.size && e.mtimeMs === st.mtimeMs) {
      if (!this.keepCopies() || (e.copy?.rawBytes ?? 0) >= e.offset) return false;
    }
    const keep = this.keepCopies();
    if (!e || st.size < e.offset || e.file !== file) {
      // New, or rewritten shorter (or moved): read it from the start.
      if (e) await this.dropFiles(e);
      e = newEntry(id, file, slug);
      this.entries.set(id, e);
      this.texts?.set(id, '');
    }
    e.gone = false;
    if (keep) e.copy ??= emptyCopy();
    const entry = e;
    const ok = await readAppended(entry, st, {
      copyFile: keep ? this.copyFile(id) : undefined,
      onText: async (text) => {
        await fs.appendFile(this.textFile(id), text, { mode: 0o600 });
        if (this.texts) this.texts.set(id, (this.texts.get(id) ?? '') + text.toLowerCase());
      },
    }).catch((err: unknown) => {
      this.warn(`Could not read session ${id}: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    });
    if (!ok) return false;
    this.saveSoon();
    this.emit([id]);
    return true;
  }

  /** The CLI deleted the transcript: keep it (as its copy) or forget it. */
  private async markGone(e: IndexEntry): Promise<boolean> {
    if (e.copy && e.copy.rawBytes > 0 && e.copy.rawBytes >= e.offset) {
      e.gone = true;
    } else {
      this.entries.delete(e.id);
      this.texts?.delete(e.id);
      await this.dropFiles(e);
    }
    this.saveSoon();
    this.emit([e.id]);
    return true;
  }

  private async dropFiles(e: IndexEntry): Promise<void> {
    await fs.rm(this.textFile(e.id), { force: true });
    await removeCopy(this.copyFile(e.id));
  }

  private async loadTexts(): Promise<Map<string, string>> {
    if (this.texts) return this.texts;
    const texts = new Map<string, string>();
    await Promise.all(
      [...this.entries.keys()].map(async (id) => {
        const text = await fs.readFile(this.textFile(id), 'utf8').catch(() => '');
        texts.set(id, text.toLowerCase());
      }),
    );
    this.texts ??= texts;
    return this.texts;
  }

  private saveSoon(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      void this.serial(() => this.save()).catch((err: unknown) =>
        this.warn(`Could not save the history index: ${String(err)}`),
      );
    }, this.opts.saveDelayMs ?? 500);
    this.saveTimer.unref?.();
  }

  private async save(): Promise<void> {
    const body: IndexFile = { version: 1, sessions: [...this.entries.values()] };
    await writeJsonAtomic(this.file('index.json'), body);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private emit(ids: string[]): void {
    for (const cb of [...this.listeners]) {
      try {
        cb(ids);
      } catch (err) {
        this.warn(`A history listener failed: ${String(err)}`);
      }
    }
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  private textFile(id: string): string {
    return path.join(this.dir, 'text', `${id}.txt`);
  }
}

export { titleOf };
