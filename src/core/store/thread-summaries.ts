import type { ThreadSettings, ThreadSummary, ThreadTotals } from '../../shared/threads';
import type { TurnVerdict } from '../../shared/turn-events';
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { EMPTY_TOTALS, threadTotalsAdd } from '../../shared/turn-reducer';
import { cleanSettings } from './thread-log';
import type { MetaRecord } from './thread-log-types';
import type { ThreadLogWriter } from './thread-log-writer';
import type { ThreadsChange } from './threads-changes';
import { isThreadId, requireEntry, toSummary, type IndexEntry } from './threads-index';

export interface ThreadSummariesDeps {
  entries: Map<string, IndexEntry>;
  writer: ThreadLogWriter;
  now: () => number;
  newId: () => string;
  emit: (threadId: string, kind: ThreadsChange['kind']) => void;
  /** The user named a thread: its first answer must not rename it (AutoTitles). */
  onRenamed: (id: string) => void;
}

/**
 * What the thread list shows of each thread — title, settings, totals, pin — kept in memory (and in the index)
 * and changed by meta records appended to the thread's log, each written at once.
 */
export class ThreadSummaries {
  constructor(private readonly deps: ThreadSummariesDeps) {}

  /** Most recently active first. */
  list(limit?: number): ThreadSummary[] {
    const all = [...this.deps.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
    return (limit === undefined ? all : all.slice(0, Math.max(0, limit))).map(toSummary);
  }

  summary(id: string): ThreadSummary | undefined {
    const e = this.deps.entries.get(id);
    return e && toSummary(e);
  }

  async create(init: { title?: string; settings?: ThreadSettings } = {}): Promise<ThreadSummary> {
    const { entries, writer } = this.deps;
    const id = this.deps.newId();
    if (!isThreadId(id) || entries.has(id)) throw new Error(`Unusable thread id ${JSON.stringify(id)}`);
    const at = this.deps.now();
    const title = init.title?.trim() || DEFAULT_THREAD_TITLE;
    const settings = cleanSettings(init.settings ?? {});
    const totals = { ...EMPTY_TOTALS };
    const entry: IndexEntry = { id, title, createdAt: at, updatedAt: at, settings, totals, logBytes: 0 };
    entries.set(id, entry);
    writer.markNew(id);
    await writer.append(id, [{ op: 'meta', at, id, title, createdAt: at, settings, totals }], true);
    this.deps.emit(id, 'created');
    return toSummary(entry);
  }

  /** Pin or unpin: a meta record, so the thread's place in time (updatedAt) does not change. */
  pin(id: string, pinned: boolean): Promise<ThreadSummary> {
    return this.patch(id, (entry) => {
      if (pinned) entry.pinned = true;
      else delete entry.pinned;
      return { pinned };
    });
  }

  rename(id: string, title: string): Promise<ThreadSummary> {
    return this.patch(id, (entry) => {
      const t = title.trim();
      if (!t) throw new Error('A thread title cannot be empty.');
      entry.title = t;
      this.deps.onRenamed(id); // the user named it: no answer renames it
      return { title: t };
    });
  }

  updateSettings(id: string, patch: ThreadSettings): Promise<ThreadSummary> {
    return this.patch(id, (entry) => {
      entry.settings = cleanSettings({ ...entry.settings, ...patch });
      return { settings: entry.settings };
    });
  }

  async addTotals(id: string, verdict: TurnVerdict): Promise<ThreadTotals> {
    // Absolute totals, not a delta: replaying the log twice cannot double-count.
    const summary = await this.patch(id, (entry) => {
      entry.totals = threadTotalsAdd(entry.totals, verdict);
      return { totals: entry.totals };
    });
    return summary.totals;
  }

  /** A meta record patching the thread's summary, written at once; `apply` changes the entry and says the patch. */
  private async patch(id: string, apply: (entry: IndexEntry) => Omit<MetaRecord, 'op' | 'at'>): Promise<ThreadSummary> {
    const entry = requireEntry(this.deps.entries, id);
    const patch = apply(entry);
    await this.deps.writer.append(id, [{ op: 'meta', at: this.deps.now(), ...patch }], true);
    this.deps.emit(id, 'updated');
    return toSummary(entry);
  }
}
