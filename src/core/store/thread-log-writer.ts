import type { AssistantMessage } from '../../shared/threads';
import { isFinalStatus } from '../../shared/turn-reducer';
import { writeFileAtomic } from './atomic-write';
import { DeferredLogSync } from './deferred-log-sync';
import { SnapshotCoalescer, type Schedule } from './snapshot-coalescer';
import { appendToLog, compactedLog, endsMidLine, readThreadLogFile, serializeRecords } from './thread-log';
import type { LogRecord, ParsedLog } from './thread-log-types';
import type { ThreadQueues } from './thread-queues';
import { toSummary, type IndexEntry } from './threads-index';

// Compact a log once superseded snapshots outweigh live data (and are worth a rewrite).
const COMPACT_MIN_CHARS = 256 * 1024;

export interface ThreadLogWriterDeps {
  /** The threads this store knows (each write adds to its entry's logBytes); one missing here was deleted. */
  entries: ReadonlyMap<string, IndexEntry>;
  queues: ThreadQueues;
  logPath: (id: string) => string;
  /** The index records each log's size: told after every write. */
  indexSoon: () => void;
  now: () => number;
  schedule: Schedule;
  /** Streaming snapshots of one thread are written at most this often (ms). */
  coalesceMs: number;
  warn: (message: string) => void;
  /** A turn is new or its status moved: worth telling listeners (streamed snapshots in between are not). */
  onSnapshotChange: (id: string) => void;
  /** See ThreadsStoreOptions.rewriteLock. */
  rewriteLock?: (id: string) => Promise<(() => Promise<void>) | null>;
}

/** Records a thread's queue has not reached yet, written together (append). */
interface PendingAppend {
  records: LogRecord[];
  sync: boolean | 'after';
  done: Promise<void>;
}

/**
 * Everything this store writes to the thread logs: appended records (batched per thread, synced as asked), the
 * coalesced snapshots of streaming turns, and the compaction that rewrites a log bloated by superseded snapshots.
 * Every write runs in the thread's queue.
 */
export class ThreadLogWriter {
  private readonly snapshots: SnapshotCoalescer;
  private readonly syncs: DeferredLogSync;
  /** Per thread, the records waiting for its queue to write them (see append). */
  private readonly batches = new Map<string, PendingAppend>();
  /** Per thread: line size of each unfinished turn's last written snapshot, and what superseded ones add up to. */
  private readonly snapshotChars = new Map<string, Map<string, number>>();
  private readonly waste = new Map<string, number>();
  private readonly tailChecked = new Set<string>();

  constructor(private readonly deps: ThreadLogWriterDeps) {
    this.syncs = new DeferredLogSync({ warn: deps.warn });
    this.snapshots = new SnapshotCoalescer({
      now: deps.now,
      schedule: deps.schedule,
      intervalMs: deps.coalesceMs,
      write: (id, messages, changed) => this.writeSnapshots(id, messages, changed),
      onError: (id, err) => deps.warn(`Thread ${id}: save failed: ${String(err)}`),
    });
  }

  /** A log this store is about to create: a brand-new file has no torn tail to step over. */
  markNew(id: string): void {
    this.tailChecked.add(id);
  }

  /**
   * `sync`: on the disk for good before it resolves; 'after': written when it resolves, synced in the background.
   * Records appended to a thread before its queue reaches them go out in one write (a send's message and its
   * answer's placeholder: one open-write-close on the turn's first token, not two), synced as the most careful
   * of them asks.
   */
  append(id: string, records: LogRecord[], sync: boolean | 'after'): Promise<void> {
    const open = this.batches.get(id);
    if (open) {
      open.records.push(...records);
      open.sync = open.sync === true || sync === true ? true : open.sync || sync;
      return open.done;
    }
    const batch: PendingAppend = { records: [...records], sync, done: Promise.resolve() };
    this.batches.set(id, batch);
    batch.done = this.deps.queues.run(id, async () => {
      if (this.batches.get(id) === batch) this.batches.delete(id); // what comes from now on is the next write
      const entry = this.deps.entries.get(id);
      if (!entry) return; // deleted meanwhile
      const file = this.deps.logPath(id);
      let text = serializeRecords(batch.records);
      if (!this.tailChecked.has(id)) {
        // After a crash mid-write, start on a fresh line so the torn one does not swallow this record.
        if (await endsMidLine(file)) text = `\n${text}`;
        this.tailChecked.add(id);
      }
      await appendToLog(file, text, batch.sync === true);
      entry.logBytes += Buffer.byteLength(text);
      if (batch.sync === 'after') this.syncs.soon(file);
      this.deps.indexSoon(); // after the write: the index records the log's new size
    });
    return batch.done;
  }

  /**
   * Save the latest snapshot of a turn. A new turn, a status change and a final status are written at
   * once; streaming snapshots in between are coalesced to one write per `coalesceMs` per thread.
   */
  offerSnapshot(id: string, message: AssistantMessage): Promise<void> {
    return this.snapshots.offer(id, message);
  }

  /** Snapshots waiting for their coalesced write: newer than the file. */
  pendingSnapshots(id: string): AssistantMessage[] {
    return this.snapshots.pendingFor(id);
  }

  /** Write every coalesced snapshot now (before a rewind, so the branch it sets aside holds the latest). */
  flushSnapshots(): Promise<void> {
    return this.snapshots.flushAll();
  }

  /** A read found the log mostly superseded snapshots: rewrite it in the background, in the thread's queue. */
  compactIfBloated(id: string, parsed: ParsedLog): void {
    if (parsed.wasteChars > COMPACT_MIN_CHARS && parsed.wasteChars > parsed.totalChars / 2) {
      this.deps.queues
        .run(id, () => this.compact(id))
        .catch((err: unknown) => {
          this.deps.warn(`Thread ${id}: compaction failed: ${String(err)}`);
        });
    }
  }

  /** A thread deleted (here or by another process): its pending snapshots and bookkeeping go. */
  forget(id: string): void {
    this.snapshots.drop(id);
    this.snapshotChars.delete(id);
    this.waste.delete(id);
  }

  /** Every coalesced snapshot and queued write on disk, and every deferred sync done. */
  async flush(): Promise<void> {
    await this.snapshots.flushAll();
    await this.deps.queues.idle();
    await this.syncs.flush();
  }

  private async writeSnapshots(id: string, messages: AssistantMessage[], changed: boolean): Promise<void> {
    const { entries, now } = this.deps;
    if (!entries.has(id)) return; // deleted while a snapshot was pending
    const at = now();
    const sizes = this.snapshotChars.get(id) ?? new Map<string, number>();
    this.snapshotChars.set(id, sizes);
    let final = false;
    const records = messages.map((message) => {
      const rec: LogRecord = { op: 'assistant', at, message };
      this.waste.set(id, (this.waste.get(id) ?? 0) + (sizes.get(message.id) ?? 0));
      if (isFinalStatus(message.status)) {
        final = true;
        sizes.delete(message.id);
      } else sizes.set(message.id, JSON.stringify(rec).length + 1);
      return rec;
    });
    // Only a turn's end is fsync'd: streaming snapshots are superseded within a quarter second anyway.
    await this.append(id, records, final);
    if (changed) this.deps.onSnapshotChange(id);
    const entry = entries.get(id);
    const waste = this.waste.get(id) ?? 0;
    if (final && entry && waste > COMPACT_MIN_CHARS && waste > entry.logBytes / 2) {
      await this.deps.queues.run(id, () => this.compact(id));
    }
  }

  /** Rewrite a log with only the latest record of everything (runs inside the thread's queue). */
  private async compact(id: string): Promise<void> {
    const { entries, logPath, rewriteLock } = this.deps;
    const entry = entries.get(id);
    if (!entry) return;
    // Lines another process appends between the read and the rename would be lost: not while it runs a turn.
    const release = rewriteLock ? await rewriteLock(id) : async () => {};
    if (!release) return;
    try {
      const parsed = await readThreadLogFile(id, logPath(id));
      const updatedAt = Math.max(entry.updatedAt, parsed.summary.updatedAt);
      const text = compactedLog({ ...toSummary(entry), updatedAt }, parsed.messages, this.deps.now(), parsed.branches);
      await writeFileAtomic(logPath(id), text);
      entry.logBytes = Buffer.byteLength(text);
      this.waste.delete(id);
      this.tailChecked.add(id);
      this.deps.indexSoon();
    } finally {
      await release();
    }
  }
}
