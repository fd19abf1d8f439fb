/**
 * Every API message's usage in every Claude Code transcript on this computer, kept incrementally:
 *
 *   <stateDir>/usage/ledger.json   per transcript file: where reading stopped and the usage records read so far
 *
 * The files are the ones ccusage reads (every `*.jsonl` under the CLI's `projects` folder: sessions and their
 * sub-agents' `<session>/subagents/*.jsonl`). A refresh stats each; only a file that grew is read, from where the last
 * read stopped (a file that shrank is read again). A file the CLI deleted keeps its records: Claude Desk's kept copy
 * of it counts once, through them; a deleted session the ledger never read is read from the History's kept copy.
 * The ledger is a cache: unreadable or of another version, it is rebuilt.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { readJsonOrDefault, writeJsonAtomic } from '../store/atomic-write';
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

interface LedgerJson {
  version: 1;
  projectsDir: string;
  files: LedgerFile[];
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
  private chain: Promise<unknown> = Promise.resolve();
  private readonly warn: (message: string) => void;
  private dirty = false;
  /** Files that could not be read at the last refresh. */
  unreadable = 0;
  /** Bumped when any record changed: a report made at the same version is still true. */
  version = 0;

  private constructor(private readonly opts: UsageLedgerOptions) {
    this.warn = opts.onWarning ?? (() => {});
  }

  static async open(opts: UsageLedgerOptions): Promise<UsageLedger> {
    const ledger = new UsageLedger(opts);
    const raw = (await readJsonOrDefault(ledger.ledgerFile, undefined, ledger.warn)) as Partial<LedgerJson> | undefined;
    if (raw?.version === 1 && raw.projectsDir === opts.history.projectsDir && Array.isArray(raw.files)) {
      for (const f of raw.files)
        if (f && typeof f.file === 'string' && Array.isArray(f.records)) ledger.files.set(f.file, f);
    }
    return ledger;
  }

  private get ledgerFile(): string {
    return path.join(this.opts.stateDir, 'usage', 'ledger.json');
  }

  /** Every file's records, in ccusage's order (by path): the order deduplication keeps the first copy in. */
  list(): LedgerFile[] {
    return [...this.files.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  /** Read what changed since the last refresh, then save. Serialized with every other refresh. */
  refresh(): Promise<void> {
    const run = this.chain.then(() => this.scan());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async scan(): Promise<void> {
    const root = this.opts.history.projectsDir;
    const seen = new Set<string>();
    let unreadable = 0;
    const files = await jsonlFiles(root);
    // A few files at a time: a warm refresh is a stat per file, and one after the other they add up.
    for (let at = 0; at < files.length; at += PARALLEL) {
      const batch = files.slice(at, at + PARALLEL);
      const read = await Promise.all(
        batch.map((file) => {
          seen.add(file);
          return this.update(file, path.relative(root, file)).catch((err: unknown) => {
            this.warn(`Could not read ${file} for usage: ${err instanceof Error ? err.message : String(err)}`);
            return false;
          });
        }),
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
      const body: LedgerJson = { version: 1, projectsDir: root, files: this.list() };
      await writeJsonAtomic(this.ledgerFile, body);
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
