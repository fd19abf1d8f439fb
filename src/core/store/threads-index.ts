/**
 * `<threadsDir>/index.json`: the thread summaries, so the sidebar opens without reading every log.
 * It is a cache of the logs, never the source of truth: each entry remembers the byte size of its log,
 * and on open any log whose size differs (a crash before the coalesced index write), any log without
 * an entry, and every log when the index is corrupt, is re-read to rebuild its summary.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { ThreadSummary } from '../../shared/threads';
import { readJsonOrDefault, writeJsonAtomic } from './atomic-write';
import type { Schedule } from './snapshot-coalescer';
import { readThreadLogFile } from './thread-log';
import { storedThreadSettingsSchema, threadTotalsSchema } from './thread-log-records';

export interface IndexEntry extends ThreadSummary {
  logBytes: number;
}

/**
 * 2: totals are sums of true per-turn costs (shared/turn-costs.ts). A version-1 index held the CLI's running
 * session totals summed up, so it is rebuilt from the logs once (parseThreadLog corrects them).
 */
const INDEX_VERSION = 2;

interface IndexFile {
  version: typeof INDEX_VERSION;
  threads: IndexEntry[];
}

const THREAD_ID = /^[A-Za-z0-9_-]{1,128}$/;
const LOG_NAME = /^([A-Za-z0-9_-]{1,128})\.jsonl$/;

export function isThreadId(id: string): boolean {
  return THREAD_ID.test(id);
}

export class ThreadNotFoundError extends Error {}

/** A thread's entry, for a call that needs the thread to exist. */
export function requireEntry(entries: ReadonlyMap<string, IndexEntry>, id: string): IndexEntry {
  // Ids become file names; anything else (e.g. a path from an MCP tool call) is simply "not found".
  const entry = isThreadId(id) ? entries.get(id) : undefined;
  if (!entry) throw new ThreadNotFoundError(`No thread ${JSON.stringify(id)}.`);
  return entry;
}

/** A copy without the bookkeeping, safe to hand out. */
export function toSummary(e: IndexEntry): ThreadSummary {
  const { id, title, createdAt, updatedAt } = e;
  return {
    id,
    title,
    createdAt,
    updatedAt,
    settings: { ...e.settings },
    totals: { ...e.totals },
    ...(e.pinned ? { pinned: true } : {}),
  };
}

/** Where a thread's log is: `<threadsDir>/<id>.jsonl`. */
export function logPath(dir: string, id: string): string {
  return path.join(dir, `${id}.jsonl`);
}

export function indexPath(dir: string): string {
  return path.join(dir, 'index.json');
}

export async function writeIndex(dir: string, entries: IndexEntry[]): Promise<void> {
  const file: IndexFile = { version: INDEX_VERSION, threads: entries };
  await writeJsonAtomic(indexPath(dir), file);
}

/** Coalesces index writes (every message bumps `updatedAt`); `now()` writes at once, serialized. */
export class IndexSaver {
  private cancel: (() => void) | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly entries: () => IndexEntry[],
    private readonly deps: { schedule: Schedule; delayMs: number; warn: (message: string) => void },
  ) {}

  soon(): void {
    if (this.cancel) return;
    this.cancel = this.deps.schedule(() => {
      this.cancel = undefined;
      this.now().catch((err: unknown) => this.deps.warn(`Could not save the thread index: ${String(err)}`));
    }, this.deps.delayMs);
  }

  now(): Promise<void> {
    this.cancel?.();
    this.cancel = undefined;
    const run = this.chain.then(() => writeIndex(this.dir, this.entries()));
    this.chain = run.catch(() => {});
    return run;
  }
}

const indexEntrySchema = z.object({
  id: z.string().regex(THREAD_ID),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  settings: storedThreadSettingsSchema,
  totals: threadTotalsSchema,
  pinned: z.boolean().optional(),
  logBytes: z.number(),
}) satisfies z.ZodType<IndexEntry>;

/** The file's frame only: its entries are parsed one by one, so one bad entry costs only itself. */
const indexFileSchema = z.object({ version: z.number().optional(), threads: z.array(z.unknown()) });

/** Load and reconcile the index with the logs on disk. `changed` → the caller should write it back. */
export async function loadIndex(
  dir: string,
  warn: (message: string) => void,
): Promise<{ entries: Map<string, IndexEntry>; changed: boolean }> {
  let corrupt = false;
  const raw = await readJsonOrDefault(indexPath(dir), undefined, (m) => {
    corrupt = true;
    warn(m);
  });
  const entries = new Map<string, IndexEntry>();
  const file = raw === undefined ? undefined : indexFileSchema.safeParse(raw);
  if (file && !file.success) corrupt = true;
  // An older index is not wrong enough to warn about, only stale: every log is re-read below.
  const list = file?.success && file.data.version === INDEX_VERSION ? file.data.threads : [];
  let badEntries = 0;
  for (const e of list) {
    const entry = indexEntrySchema.safeParse(e);
    if (entry.success) entries.set(entry.data.id, entry.data);
    else badEntries++; // its log has no entry now, so it is re-read below
  }

  const logs = new Map<string, number>();
  for (const name of await fs.readdir(dir)) {
    const m = LOG_NAME.exec(name);
    if (!m) continue;
    const st = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (st?.isFile()) logs.set(m[1] as string, st.size);
  }

  let changed = false;
  for (const id of [...entries.keys()]) {
    if (!logs.has(id)) {
      entries.delete(id); // its log is gone: deleted (or never written)
      changed = true;
    }
  }
  let rebuilt = 0;
  for (const [id, size] of logs) {
    if (entries.get(id)?.logBytes === size) continue;
    // One unreadable log (permissions, removed meanwhile, a disk error) must not hide every other thread.
    const parsed = await readThreadLogFile(id, logPath(dir, id)).catch((err: unknown) => {
      warn(`Skipped thread ${id}: its log could not be read (${err instanceof Error ? err.message : String(err)}).`);
      return undefined;
    });
    if (parsed === undefined) {
      if (entries.delete(id)) changed = true;
      continue;
    }
    entries.set(id, { ...parsed.summary, logBytes: size });
    rebuilt++;
    changed = true;
  }
  if (corrupt && logs.size > 0) warn(`The thread index was unreadable; rebuilt it from ${rebuilt} thread log(s).`);
  else if (badEntries > 0) {
    const what = badEntries === 1 ? '1 unreadable entry' : `${badEntries} unreadable entries`;
    warn(`Skipped ${what} of the thread index; those threads were read again from their logs.`);
  }
  return { entries, changed };
}
