/**
 * Every API message's usage in every Claude Code transcript on this computer, kept incrementally:
 *
 *   <stateDir>/usage/ledger.json    per transcript file: its size and mtime when read, where reading stopped
 *   <stateDir>/usage/records.json   per transcript file: the usage records read so far
 *
 * Both carry the same generation (a new one at each save; records first): a pair that does not match is rebuilt.
 * The records are read only when a file changed (or someone lists them): a refresh that finds nothing new reads
 * the small ledger.json alone.
 *
 * The files are the ones ccusage reads (every `*.jsonl` under the CLI's `projects` folder: sessions and their
 * sub-agents' `<session>/subagents/*.jsonl`). A refresh stats each; only a file that grew is read, from where the last
 * read stopped (a file that shrank is read again). A file the CLI deleted keeps its records: Claude Desk's kept copy
 * of it counts once, through them; a deleted session the ledger never read is read from the History's kept copy.
 * The ledger is a cache: unreadable or of another version, it is rebuilt.
 */
import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readJsonOrDefault, writeFileAtomic } from '../store/atomic-write';
import { copySource } from '../history/kept-copies';
import { fileSource, readCompleteLines, type ChunkSource } from '../history/line-chunks';
import type { HistoryIndex } from '../history/history-index';
import { usageRecordsOf, type UsageRecord } from './usage-line';

export interface LedgerFile {
  file: string;
  /** The session the file belongs to, by its path (a sub-agent's file belongs to its parent session). */
  sessionId: string;
  /** The CLI's folder for the project (the first folder under `projects`). */
  slug: string;
  size: number;
  mtimeMs: number;
  offset: number;
  records: UsageRecord[];
  /** The CLI deleted the file: its records stay. */
  gone?: boolean;
}

type LedgerFileMeta = Omit<LedgerFile, 'records'>;

interface LedgerJson {
  version: 2;
  projectsDir: string;
  generation: string;
  files: LedgerFileMeta[];
}

interface RecordsJson {
  generation: string;
  /** In the order of ledger.json's files. */
  records: UsageRecord[][];
}

export interface UsageLedgerOptions {
  stateDir: string;
  /** The History index: its folder, and the kept copies of sessions the CLI deleted. */
  history: HistoryIndex;
  onWarning?: (message: string) => void;
  /** Opens a transcript for reading (tests: one another user's mode bits keep out). */
  openFile?: (file: string) => Promise<fs.FileHandle>;
}

/** A transcript's session and project folder from its path under `projects` (ccusage's rule). */
export function sessionOfPath(relative: string): { sessionId: string; slug: string } {
  const parts = relative.split(/[\\/]/).filter(Boolean);
  const slug = parts[0] ?? 'unknown';
  const stem = (parts[parts.length - 1] ?? '').replace(/\.jsonl$/, '');
  if (parts.length === 2) return { sessionId: stem, slug };
  if (parts.length >= 4 && parts[parts.length - 2] === 'subagents') {
    return { sessionId: parts[parts.length - 3] ?? stem, slug };
  }
  return { sessionId: parts[parts.length - 2] ?? stem, slug };
}

export class UsageLedger {
  private files = new Map<string, LedgerFile>();
  /** The records file was read (or there was nothing to read): `list()` is whole. */
  private loaded = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly warn: (message: string) => void;
  private dirty = false;
  /** Files that could not be read at the last refresh. */
  unreadable = 0;
  /** Bumped when any record changed: a report made at the same version is still true. */
  version = 0;
  /** Names what was last saved (or read): figures worked out at this generation are still true. */
  generation = '';

  private constructor(private readonly opts: UsageLedgerOptions) {
    this.warn = opts.onWarning ?? (() => {});
  }

  static async open(opts: UsageLedgerOptions): Promise<UsageLedger> {
    const ledger = new UsageLedger(opts);
    const raw = (await readJsonOrDefault(ledger.ledgerFile, undefined, ledger.warn)) as Partial<LedgerJson> | undefined;
    if (
      raw?.version === 2 &&
      raw.projectsDir === opts.history.projectsDir &&
      typeof raw.generation === 'string' &&
      Array.isArray(raw.files)
    ) {
      for (const f of raw.files) if (f && typeof f.file === 'string') ledger.files.set(f.file, { ...f, records: [] });
      ledger.generation = raw.generation;
    }
    ledger.loaded = ledger.files.size === 0;
    return ledger;
  }

  private get ledgerFile(): string {
    return path.join(this.opts.stateDir, 'usage', 'ledger.json');
  }

  private get recordsFile(): string {
    return path.join(this.opts.stateDir, 'usage', 'records.json');
  }

  /** Every file's records, in ccusage's order (by path): the order deduplication keeps the first copy in. */
  list(): LedgerFile[] {
    if (!this.loaded) throw new Error('The usage records were not read: call refresh() or records() first.');
    return this.sorted();
  }

  private sorted(): LedgerFile[] {
    return [...this.files.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** Every file's records (read from disk first if a lazy refresh found nothing to change). */
  async records(): Promise<LedgerFile[]> {
    await this.serial(() => this.loadRecords());
    return this.list();
  }

  /** True when the records are in memory (a lazy refresh that found nothing new leaves them on disk). */
  get recordsRead(): boolean {
    return this.loaded;
  }

  /**
   * Read what changed since the last refresh, then save. Serialized with every other refresh. `lazy`: the records
   * are read from disk only if a file changed.
   */
  refresh(opts: { lazy?: boolean } = {}): Promise<void> {
    return this.serial(async () => {
      if (!opts.lazy) await this.loadRecords();
      await this.scan();
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The records file, once; one that does not match the ledger (a save cut short) starts the ledger over. */
  private async loadRecords(): Promise<'read' | 'rebuilt'> {
    if (this.loaded) return 'read';
    const raw = (await readJsonOrDefault(this.recordsFile, undefined, this.warn)) as Partial<RecordsJson> | undefined;
    const files = this.sorted();
    const records = raw?.records;
    if (raw?.generation === this.generation && Array.isArray(records) && records.length === files.length) {
      files.forEach((f, i) => (f.records = Array.isArray(records[i]) ? records[i] : []));
      this.loaded = true;
      return 'read';
    }
    this.files.clear(); // read every file again
    this.changed();
    this.loaded = true;
    return 'rebuilt';
  }

  private async scan(): Promise<void> {
    const root = this.opts.history.projectsDir;
    const seen = new Set<string>();
    let unreadable = 0;
    const files = await jsonlFiles(root);
    // First a stat of each (a few at a time: one after the other they add up); the records are read from disk only
    // when something is to change.
    const stats: (Stats | undefined)[] = [];
    for (let at = 0; at < files.length; at += PARALLEL) {
      const batch = files.slice(at, at + PARALLEL);
      stats.push(
        ...(await Promise.all(
          batch.map((file) =>
            fs.stat(file).catch((err: unknown) => {
              this.warn(`Could not read ${file} for usage: ${err instanceof Error ? err.message : String(err)}`);
              return undefined;
            }),
          ),
        )),
      );
    }
    for (const file of files) seen.add(file);
    let changedFiles = files.filter((file, i) => {
      const st = stats[i];
      const f = this.files.get(file);
      return st && !(f && !f.gone && f.size === st.size && f.mtimeMs === st.mtimeMs);
    });
    const keptNew = this.opts.history.keptOnly().some((e) => e.copy && !this.files.has(e.file));
    const goneNow = [...this.files.values()].some((f) => !seen.has(f.file) && !f.gone);
    if ((changedFiles.length || keptNew || goneNow) && (await this.loadRecords()) === 'rebuilt') {
      changedFiles = files.filter((_, i) => stats[i]);
    }
    unreadable += stats.filter((st) => !st).length;
    for (let at = 0; at < changedFiles.length; at += PARALLEL) {
      const read = await Promise.all(
        changedFiles.slice(at, at + PARALLEL).map((file) =>
          this.update(file, path.relative(root, file)).catch((err: unknown) => {
            this.warn(`Could not read ${file} for usage: ${err instanceof Error ? err.message : String(err)}`);
            return false;
          }),
        ),
      );
      unreadable += read.filter((ok) => !ok).length;
    }
    for (const f of this.files.values()) {
      if (!seen.has(f.file) && !f.gone) {
        f.gone = true;
        this.changed();
      }
    }
    await this.readKeptCopies(root);
    this.unreadable = unreadable;
    if (this.dirty) {
      this.dirty = false;
      await fs.mkdir(path.dirname(this.ledgerFile), { recursive: true, mode: 0o700 });
      const generation = randomUUID();
      const files = this.sorted();
      // Records first: a ledger.json that names a generation has its records on disk.
      const body: RecordsJson = { generation, records: files.map((f) => f.records) };
      await writeFileAtomic(this.recordsFile, JSON.stringify(body));
      const meta: LedgerJson = {
        version: 2,
        projectsDir: root,
        generation,
        files: files.map(({ records: _records, ...rest }) => rest),
      };
      await writeFileAtomic(this.ledgerFile, JSON.stringify(meta));
      this.generation = generation;
    }
  }

  /** False when the file could not be read (its mode bits, or it vanished meanwhile). */
  private async update(file: string, relative: string): Promise<boolean> {
    const st = await fs.stat(file);
    let f = this.files.get(file);
    if (f && !f.gone && f.size === st.size && f.mtimeMs === st.mtimeMs) return true;
    const handle = await (this.opts.openFile ?? ((p: string) => fs.open(p, 'r')))(file).catch(() => undefined);
    if (!handle) return false;
    try {
      if (!f || st.size < f.offset) {
        f = { file, ...sessionOfPath(relative), size: 0, mtimeMs: 0, offset: 0, records: [] };
        this.files.set(file, f);
      }
      await this.readInto(f, fileSource(handle, st.size), st.size);
      f.size = st.size;
      f.mtimeMs = st.mtimeMs;
      f.gone = false;
      this.changed();
      return true;
    } finally {
      await handle.close();
    }
  }

  private async readInto(f: LedgerFile, source: ChunkSource, to: number): Promise<void> {
    f.offset = await readCompleteLines(source, f.offset, to, (bytes) => {
      for (const r of usageRecordsOf(bytes)) f.records.push(r);
    });
  }

  /** Sessions the CLI deleted before the ledger read them: their kept copies (History), read once. */
  private async readKeptCopies(root: string): Promise<void> {
    const { history } = this.opts;
    for (const entry of history.keptOnly()) {
      if (!entry.copy || this.files.has(entry.file)) continue;
      const handle = await fs.open(history.copyFile(entry.id), 'r').catch(() => undefined);
      if (!handle) continue;
      try {
        const f: LedgerFile = {
          file: entry.file,
          ...sessionOfPath(path.relative(root, entry.file)),
          size: entry.copy.rawBytes,
          mtimeMs: entry.mtimeMs,
          offset: 0,
          records: [],
          gone: true,
        };
        await this.readInto(f, copySource(handle, entry.copy), entry.copy.rawBytes);
        this.files.set(f.file, f);
        this.changed();
      } catch (err) {
        this.warn(`Could not read the kept copy of session ${entry.id}: ${String(err)}`);
      } finally {
        await handle.close();
      }
    }
  }

  private changed(): void {
    this.dirty = true;
    this.version++;
  }
}

const PARALLEL = 32;

/** Every `*.jsonl` under the folder, at any depth (as ccusage finds them); folders read side by side. */
async function jsonlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return jsonlFiles(full);
      return Promise.resolve(e.isFile() && e.name.endsWith('.jsonl') ? [full] : []);
    }),
  );
  return nested.flat();
}
