import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  AssistantMessage,
  ChatMessage,
  Thread,
  ThreadBranch,
  ThreadSettings,
  ThreadSummary,
  ThreadTotals,
  ToolResultPage,
  UserMessage,
} from '../../shared/threads';
import type { TurnVerdict } from '../../shared/turn-events';
import { EMPTY_TOTALS, isFinalStatus, threadTotalsAdd } from '../../shared/turn-reducer';
import { writeFileAtomic } from './atomic-write';
import { readToolResultPage } from './tool-result-file';
import { applyToSummary, readLogTail } from './thread-log-tail';
import { SnapshotCoalescer, realSchedule, type Schedule } from './snapshot-coalescer';
import * as log from './thread-log';
import type { LogRecord } from './thread-log';
import { DEFAULT_THREAD_TITLE, autoTitle, isWeakTitle, titleFromAnswer } from '../../shared/thread-title';
import { messageText, ThreadSearcher, type ThreadSearchHit } from './thread-search';
import { IndexSaver, isThreadId, loadIndex, toSummary, type IndexEntry } from './threads-index';
import { MessageIds } from './message-ids';

export { DEFAULT_THREAD_TITLE };

export interface ThreadsChange {
  threadId: string;
  kind: 'created' | 'updated' | 'deleted' | 'message';
}

export interface ThreadsStoreOptions {
  /** The layout's `threadsDir`: `<stateDir>/threads`. */
  dir: string;
  now?: () => number;
  newId?: () => string;
  /** Timer seam (tests drive coalescing by hand); returns a cancel function. */
  schedule?: Schedule;
  /** Streaming snapshots of one thread are written at most this often (ms). */
  coalesceMs?: number;
  onWarning?: (message: string) => void;
  /**
   * Before a log is rewritten (compaction): null when another process is running a turn on the thread and
   * appending to its log (ThreadLocks.forRewrite). Without it, rewrites are ordered within this process only.
   */
  rewriteLock?: (id: string) => Promise<(() => Promise<void>) | null>;
}

export class ThreadNotFoundError extends Error {}

// Compact a log once superseded snapshots outweigh live data (and are worth a rewrite).
const COMPACT_MIN_CHARS = 256 * 1024;

/**
 * Threads on disk: `index.json` (summaries, rebuildable) plus one append-only log per thread
 * (thread-log.ts). Every write for one thread goes through that thread's queue, in call order.
 */
/** Records a thread's queue has not reached yet, written together (appendRecords). */
interface PendingAppend {
  records: LogRecord[];
  sync: boolean | 'after';
  done: Promise<void>;
}

/** How long after a user message is written its log is made power-loss safe (off the turn's first token). */
const USER_SYNC_DELAY_MS = 150;

export class ThreadsStore {
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly warn: (message: string) => void;
  private readonly snapshots: SnapshotCoalescer;
  private readonly listeners = new Set<(c: ThreadsChange) => void>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Logs with a user message not yet power-loss safe: the timer that syncs them (flush syncs them at once). */
  private readonly syncDue = new Map<string, { timer: ReturnType<typeof setTimeout>; run: () => Promise<void> }>();
  /** Per thread, the records waiting for its queue to write them (see appendRecords). */
  private readonly batches = new Map<string, PendingAppend>();
  /** Those syncs under way (flush waits for them). */
  private readonly syncing = new Set<Promise<void>>();
  /** Per thread: line size of each unfinished turn's last written snapshot, and what superseded ones add up to. */
  private readonly snapshotChars = new Map<string, Map<string, number>>();
  private readonly waste = new Map<string, number>();
  private readonly tailChecked = new Set<string>();
  private readonly searcher: ThreadSearcher;
  /** Threads whose auto title said little: their first answer may name them (see auto-title.ts). */
  private readonly weakTitles = new Map<string, string>();
  private readonly index: IndexSaver;
  private readonly messageIds = new MessageIds();
  private readonly rewriteLock: ThreadsStoreOptions['rewriteLock'];
  /** Another process's unfinished answers, by message id: the status this store last announced (syncFromDisk). */
  private readonly seenStatus = new Map<string, string>();
  /** Deleted by this process: a log still on disk (its removal queued) is not taken for another's new thread. */
  private readonly deleted = new Set<string>();

  private constructor(
    private readonly dir: string,
    private readonly entries: Map<string, IndexEntry>,
    options: ThreadsStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? randomUUID;
    this.warn = options.onWarning ?? (() => {});
    this.rewriteLock = options.rewriteLock;
    const schedule = options.schedule ?? realSchedule;
    const intervalMs = options.coalesceMs ?? 250;
    this.index = new IndexSaver(dir, () => [...entries.values()], { schedule, delayMs: intervalMs, warn: this.warn });
    this.searcher = new ThreadSearcher({
      list: () => this.list(),
      version: (id) => this.entries.get(id)?.logBytes,
      messages: async (id) => (await this.get(id))?.messages,
    });
    this.snapshots = new SnapshotCoalescer({
      now: this.now,
      schedule,
      intervalMs,
      write: (id, messages, changed) => this.writeSnapshots(id, messages, changed),
      onError: (id, err) => this.warn(`Thread ${id}: save failed: ${String(err)}`),
    });
  }

  static async open(options: ThreadsStoreOptions): Promise<ThreadsStore> {
    await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
    const { entries, changed } = await loadIndex(options.dir, options.onWarning ?? (() => {}));
    const store = new ThreadsStore(options.dir, entries, options);
    if (changed) await store.index.now();
    return store;
  }

  /** Most recently active first; with the threads another process created since this one started. */
  async list(limit?: number): Promise<ThreadSummary[]> {
    await this.adoptNewLogs();
    const all = [...this.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt);
    return (limit === undefined ? all : all.slice(0, Math.max(0, limit))).map(toSummary);
  }

  /**
   * Threads the command line or a second window (one data dir) created after this store loaded its index:
   * their logs are on disk, not in this process's entries. Ones deleted here are not revived.
   */
  private async adoptNewLogs(): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const id = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : '';
      if (!isThreadId(id) || this.entries.has(id) || this.deleted.has(id)) continue;
      const file = this.logPath(id);
      // Its size first, then its records: what the other process appends meanwhile lies past that size and is read
      // again by catchUp (records apply to a summary idempotently). Measured after the parse, an append landing in
      // between (the other window's first message, with the thread's title) was counted as read and never applied:
      // the row said "New thread" for good. An empty log is still being made: taken in with its next change.
      const st = await fs.stat(file).catch(() => undefined);
      if (!st?.isFile() || st.size === 0) continue;
      const parsed = await log.readThreadLogFile(id, file).catch(() => undefined);
      if (!parsed || this.entries.has(id) || this.deleted.has(id)) continue;
      this.entries.set(id, { ...parsed.summary, logBytes: st.size });
      this.index.soon();
    }
  }

  /**
   * Take in what another Claude Desk process on this data dir did: threads it created, renamed, answered
   * in or deleted, announced through onChange like this store's own changes, so open windows update without a
   * reload. `ids`: the logs a watcher saw change; without, every thread is looked at.
   */
  async syncFromDisk(ids?: readonly string[]): Promise<void> {
    const known = new Set(this.entries.keys());
    if (!ids || ids.some((id) => !known.has(id))) await this.adoptNewLogs();
    for (const id of this.entries.keys()) if (!known.has(id)) this.changed(id, 'created');
    for (const id of ids ?? known) {
      if (known.has(id)) await this.enqueue(id, () => this.catchUp(id));
    }
  }

  /** In the thread's queue, so this store's own appends are never mistaken for another process's. */
  private async catchUp(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.logBytes === 0) return; // still being created here
    const tail = await readLogTail(this.logPath(id), entry.logBytes);
    if (tail.kind === 'same') return;
    if (tail.kind === 'gone') {
      this.entries.delete(id);
      this.searcher.forget(id);
      this.snapshots.drop(id);
      this.index.soon();
      this.changed(id, 'deleted');
      return;
    }
    const shown = JSON.stringify({ ...toSummary(entry), updatedAt: 0 });
    let moved = true;
    if (tail.kind === 'appended') {
      entry.logBytes = tail.end;
      applyToSummary(entry, tail.records);
      // A new message, a rewind, or an answer whose status moved (queued → running → done) is worth re-reading an
      // open thread; the streaming snapshots in between are not (four a second, each the whole answer so far).
      moved = false;
      for (const r of tail.records) {
        if (r.op === 'user' || r.op === 'branch') moved = true;
        if (r.op !== 'assistant' || typeof r.message?.id !== 'string') continue;
        if (this.seenStatus.get(r.message.id) !== r.message.status) moved = true;
        if (isFinalStatus(r.message.status)) this.seenStatus.delete(r.message.id);
        else this.seenStatus.set(r.message.id, r.message.status);
      }
    } else {
      const parsed = await log.readThreadLogFile(id, this.logPath(id)).catch(() => undefined);
      if (!parsed) return;
      // Its size before the read: if more was appended meanwhile, the next look finds mid-line and reads again.
      Object.assign(entry, parsed.summary, { logBytes: tail.size });
    }
    this.index.soon();
    if (moved || JSON.stringify({ ...toSummary(entry), updatedAt: 0 }) !== shown) this.changed(id, 'updated');
  }

  summary(id: string): ThreadSummary | undefined {
    const e = this.entries.get(id);
    return e && toSummary(e);
  }

  async get(id: string): Promise<Thread | undefined> {
    if (!this.entries.has(id)) return undefined;
    // Read inside the thread's queue: never half of an append that is in flight. Line by line from disk,
    // and a failure is said, never turned into an empty thread.
    let problem: string | undefined;
    const parsed = await this.enqueue(id, () =>
      log.readThreadLogFile(id, this.logPath(id)).catch((err: unknown) => {
        problem = `This thread could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); nothing has been changed on disk. Showing what Claude Desk still holds.`;
        this.warn(`Thread ${id}: ${problem}`);
        return undefined;
      }),
    );
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (parsed && parsed.badLines > 0) {
      problem = `${parsed.badLines} line(s) of this thread's log could not be read and are not shown.`;
      this.warn(`Thread ${id}: skipped ${parsed.badLines} unreadable line(s) in its log.`);
    }
    const messages = parsed?.messages ?? [];
    // Snapshots waiting for their coalesced write are newer than the file.
    for (const msg of this.snapshots.pendingFor(id)) {
      const i = messages.findIndex((m) => m.id === msg.id);
      if (i >= 0) messages[i] = msg;
      else messages.push(msg);
    }
    if (parsed)
      this.messageIds.replace(
        id,
        messages.map((m) => m.id),
      );
    if (parsed && parsed.wasteChars > COMPACT_MIN_CHARS && parsed.wasteChars > parsed.totalChars / 2) {
      this.enqueue(id, () => this.compact(id)).catch((err: unknown) => {
        this.warn(`Thread ${id}: compaction failed: ${String(err)}`);
      });
    }
    return {
      ...toSummary(entry),
      messages,
      ...(parsed?.branches.length ? { branches: parsed.branches } : {}),
      ...(problem ? { problem } : {}),
    };
  }

  /**
   * A rewind: the messages from `branch.fromMessageId` on are set aside as `branch` (kept, readable); with
   * `resumeBranchId`, that earlier branch takes their place. Written at once and fsync'd.
   */
  async rewind(id: string, branch: ThreadBranch, resumeBranchId?: string): Promise<void> {
    const entry = this.require(id);
    await this.snapshots.flushAll();
    const at = this.now();
    entry.updatedAt = Math.max(entry.updatedAt, at);
    await this.appendRecords(id, [{ op: 'branch', at, branch, ...(resumeBranchId ? { resumeBranchId } : {}) }], true);
    this.messageIds.forget(id); // the current messages are another set now: read again when asked
    this.changed(id, 'message');
  }

  /**
   * Whether the thread's current messages include `messageId`. Reads the log only the first time for a thread
   * (its ids are kept from then on), so a send does not parse a long thread again.
   */
  async hasMessage(id: string, messageId: string): Promise<boolean> {
    if (!this.messageIds.known(id)) {
      const thread = await this.get(id);
      if (!this.messageIds.known(id)) return thread?.messages.some((m) => m.id === messageId) ?? false;
    }
    return this.messageIds.has(id, messageId);
  }

  /** The MCP tools' view: the last `limit` messages. */
  async read(id: string, limit?: number): Promise<Thread | undefined> {
    const thread = await this.get(id);
    if (!thread || limit === undefined) return thread;
    return { ...thread, messages: limit > 0 ? thread.messages.slice(-limit) : [] };
  }

  /** Case-insensitive; every term must occur in the title or a message. Most recent threads first. */
  search(query: string, limit = 20): Promise<ThreadSearchHit[]> {
    return this.searcher.search(query, limit);
  }

  /** Loads the search text of every thread in the background (see ThreadSearcher.warm). */
  warmSearch(isStopped?: () => boolean): Promise<number> {
    return this.searcher.warm(isStopped);
  }

  async create(init: { title?: string; settings?: ThreadSettings } = {}): Promise<ThreadSummary> {
    const id = this.newId();
    if (!isThreadId(id) || this.entries.has(id)) throw new Error(`Unusable thread id ${JSON.stringify(id)}`);
    const at = this.now();
    const title = init.title?.trim() || DEFAULT_THREAD_TITLE;
    const settings = log.cleanSettings(init.settings ?? {});
    const totals = { ...EMPTY_TOTALS };
    const entry: IndexEntry = { id, title, createdAt: at, updatedAt: at, settings, totals, logBytes: 0 };
    this.entries.set(id, entry);
    this.tailChecked.add(id); // a brand-new file has no torn tail
    await this.appendRecords(id, [{ op: 'meta', at, id, title, createdAt: at, settings, totals }], true);
    this.changed(id, 'created');
    return toSummary(entry);
  }

  /** Pin or unpin: a meta record, so the thread's place in time (updatedAt) does not change. */
  async pin(id: string, pinned: boolean): Promise<ThreadSummary> {
    const entry = this.require(id);
    if (pinned) entry.pinned = true;
    else delete entry.pinned;
    await this.appendRecords(id, [{ op: 'meta', at: this.now(), pinned }], true);
    this.changed(id, 'updated');
    return toSummary(entry);
  }

  async rename(id: string, title: string): Promise<ThreadSummary> {
    const entry = this.require(id);
    const t = title.trim();
    if (!t) throw new Error('A thread title cannot be empty.');
    entry.title = t;
    this.weakTitles.delete(id); // the user named it: no answer renames it
    await this.appendRecords(id, [{ op: 'meta', at: this.now(), title: t }], true);
    this.changed(id, 'updated');
    return toSummary(entry);
  }

  async updateSettings(id: string, patch: ThreadSettings): Promise<ThreadSummary> {
    const entry = this.require(id);
    entry.settings = log.cleanSettings({ ...entry.settings, ...patch });
    await this.appendRecords(id, [{ op: 'meta', at: this.now(), settings: entry.settings }], true);
    this.changed(id, 'updated');
    return toSummary(entry);
  }

  async addTotals(id: string, verdict: TurnVerdict): Promise<ThreadTotals> {
    const entry = this.require(id);
    entry.totals = threadTotalsAdd(entry.totals, verdict);
    // Absolute totals, not a delta: replaying the log twice cannot double-count.
    await this.appendRecords(id, [{ op: 'meta', at: this.now(), totals: entry.totals }], true);
    this.changed(id, 'updated');
    return { ...entry.totals };
  }

  async delete(id: string): Promise<boolean> {
    if (!this.entries.has(id)) return false;
    this.entries.delete(id);
    this.deleted.add(id);
    this.snapshots.drop(id);
    this.snapshotChars.delete(id);
    this.waste.delete(id);
    this.searcher.forget(id);
    this.weakTitles.delete(id);
    this.messageIds.forget(id);
    await this.enqueue(id, async () => {
      await fs.rm(this.logPath(id), { force: true });
      await fs.rm(path.join(this.dir, `${id}.results`), { recursive: true, force: true });
    });
    this.queues.delete(id);
    this.index.soon();
    this.changed(id, 'deleted');
    return true;
  }

  async appendUser(id: string, message: UserMessage): Promise<void> {
    const entry = this.require(id);
    const at = this.now();
    const records: LogRecord[] = [{ op: 'user', at, message }];
    if (entry.title === DEFAULT_THREAD_TITLE) {
      const title = autoTitle(message.text);
      if (title) {
        entry.title = title;
        records.push({ op: 'meta', at, title });
      }
      // "hi", a pasted trace: the first answer names the thread instead (unless the user renames it first).
      if (isWeakTitle(title)) this.weakTitles.set(id, entry.title);
    }
    entry.updatedAt = Math.max(entry.updatedAt, at);
    // Written (so it outlives a crash of this app) before it resolves, and the send writes Claude's line only then;
    // made power-loss safe a moment later: a datasync on that path (or beside it, holding one of the few threads
    // file operations run on) cost each turn's first token 2–70 ms.
    await this.appendRecords(id, records, 'after');
    this.messageIds.add(id, message.id);
    this.changed(id, 'message');
  }

  /** Finished messages brought in from elsewhere (a Claude Code session continued here), written at once. */
  async importMessages(id: string, messages: ChatMessage[]): Promise<void> {
    const entry = this.require(id);
    if (messages.length === 0) return;
    const at = this.now();
    const records: LogRecord[] = messages.map((message) =>
      message.role === 'user' ? { op: 'user', at, message } : { op: 'assistant', at, message },
    );
    entry.updatedAt = Math.max(entry.updatedAt, at);
    await this.appendRecords(id, records, true);
    for (const m of messages) this.messageIds.add(id, m.id);
    this.changed(id, 'message');
  }

  /**
   * Save the latest snapshot of a turn. A new turn, a status change and a final status are written at
   * once; streaming snapshots in between are coalesced to one write per `coalesceMs` per thread.
   */
  async saveAssistant(id: string, message: AssistantMessage): Promise<void> {
    const entry = this.require(id);
    entry.updatedAt = Math.max(entry.updatedAt, this.now());
    await this.snapshots.offer(id, message);
    const weak = this.weakTitles.get(id);
    if (weak === undefined || !isFinalStatus(message.status)) return;
    this.weakTitles.delete(id);
    const better = message.status === 'done' ? titleFromAnswer(messageText(message), weak) : undefined;
    // Only over the title this store gave: a rename in the meantime wins.
    if (better && entry.title === weak) {
      entry.title = better;
      await this.appendRecords(id, [{ op: 'meta', at: this.now(), title: better }], true);
      this.changed(id, 'updated');
    }
  }

  /** Write every coalesced snapshot and the index now; resolves when all writes are on disk. */
  async flush(): Promise<void> {
    await this.snapshots.flushAll();
    await Promise.all([...this.queues.values()]);
    await Promise.all([...[...this.syncDue.values()].map((d) => d.run()), ...this.syncing]);
    await this.index.now();
  }

  /**
   * Store a big tool result once, beside the thread's log (in the thread's queue, so reads see it). Pieces
   * (a BigText) are written one after another: the whole result is never one string or one Buffer here.
   */
  async saveToolResult(id: string, toolUseId: string, content: string | Iterable<string>): Promise<void> {
    this.require(id);
    const file = this.resultPath(id, toolUseId);
    await this.enqueue(id, async () => {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, content);
    });
  }

  /** A page of a stored tool result, read from disk (byte offsets; see readToolResultPage). */
  async readToolResult(id: string, toolUseId: string, offset?: number, limit?: number): Promise<ToolResultPage | null> {
    this.require(id);
    return this.enqueue(id, () => readToolResultPage(this.resultPath(id, toolUseId), offset, limit));
  }

  onChange(cb: (change: ThreadsChange) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private async writeSnapshots(id: string, messages: AssistantMessage[], changed: boolean): Promise<void> {
    if (!this.entries.has(id)) return; // deleted while a snapshot was pending
    const at = this.now();
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
    await this.appendRecords(id, records, final);
    if (changed) this.changed(id, 'message');
    const entry = this.entries.get(id);
    const waste = this.waste.get(id) ?? 0;
    if (final && entry && waste > COMPACT_MIN_CHARS && waste > entry.logBytes / 2) {
      await this.enqueue(id, () => this.compact(id));
    }
  }

  /**
   * `sync`: on the disk for good before it resolves; 'after': written when it resolves, synced in the background.
   * Records appended to a thread before its queue reaches them go out in one write (a send's message and its
   * answer's placeholder: one open-write-close on the turn's first token, not two), synced as the most careful
   * of them asks.
   */
  private appendRecords(id: string, records: LogRecord[], sync: boolean | 'after'): Promise<void> {
    const open = this.batches.get(id);
    if (open) {
      open.records.push(...records);
      open.sync = open.sync === true || sync === true ? true : open.sync || sync;
      return open.done;
    }
    const batch: PendingAppend = {
      records: [...records],
      sync,
      done: Promise.resolve(),
    };
    this.batches.set(id, batch);
    batch.done = this.enqueue(id, async () => {
      if (this.batches.get(id) === batch) this.batches.delete(id); // what comes from now on is the next write
      const entry = this.entries.get(id);
      if (!entry) return; // deleted meanwhile
      const file = this.logPath(id);
      let text = log.serializeRecords(batch.records);
      if (!this.tailChecked.has(id)) {
        // After a crash mid-write, start on a fresh line so the torn one does not swallow this record.
        if (await log.endsMidLine(file)) text = `\n${text}`;
        this.tailChecked.add(id);
      }
      await log.appendToLog(file, text, batch.sync === true);
      entry.logBytes += Buffer.byteLength(text);
      if (batch.sync === 'after') this.syncSoon(file);
      this.index.soon(); // after the write: the index records the log's new size
    });
    return batch.done;
  }

  /**
   * A datasync in a moment, outside the thread's queue, so neither the writes queued behind it (the answer's
   * placeholder) nor the turn's start wait for it. One per log however many messages came meanwhile.
   */
  private syncSoon(file: string): void {
    if (this.syncDue.has(file)) return;
    const run = (): Promise<void> => {
      clearTimeout(due.timer);
      this.syncDue.delete(file);
      const pending = log
        .syncLog(file)
        .catch((err: unknown) => this.warn(`Could not sync ${path.basename(file)}: ${String(err)}`))
        .finally(() => this.syncing.delete(pending));
      this.syncing.add(pending);
      return pending;
    };
    const due = { timer: setTimeout(() => void run(), USER_SYNC_DELAY_MS), run };
    due.timer.unref?.();
    this.syncDue.set(file, due);
  }

  /** Rewrite a log with only the latest record of everything (runs inside the thread's queue). */
  private async compact(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    // Lines another process appends between the read and the rename would be lost: not while it runs a turn.
    const release = this.rewriteLock ? await this.rewriteLock(id) : async () => {};
    if (!release) return;
    try {
      const parsed = await log.readThreadLogFile(id, this.logPath(id));
      const updatedAt = Math.max(entry.updatedAt, parsed.summary.updatedAt);
      const text = log.compactedLog({ ...toSummary(entry), updatedAt }, parsed.messages, this.now(), parsed.branches);
      await writeFileAtomic(this.logPath(id), text);
      entry.logBytes = Buffer.byteLength(text);
      this.waste.delete(id);
      this.tailChecked.add(id);
      this.index.soon();
    } finally {
      await release();
    }
  }

  private enqueue<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(id) ?? Promise.resolve()).then(fn);
    this.queues.set(
      id,
      run.catch(() => {}),
    );
    return run;
  }

  private require(id: string): IndexEntry {
    // Ids become file names; anything else (e.g. a path from an MCP tool call) is simply "not found".
    const entry = isThreadId(id) ? this.entries.get(id) : undefined;
    if (!entry) throw new ThreadNotFoundError(`No thread ${JSON.stringify(id)}.`);
    return entry;
  }

  private resultPath(id: string, toolUseId: string): string {
    // Tool-use ids come from the CLI: only a safe file name is used.
    return path.join(this.dir, `${id}.results`, `${toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`);
  }

  private logPath(id: string): string {
    return path.join(this.dir, `${id}.jsonl`);
  }

  private changed(threadId: string, kind: ThreadsChange['kind']): void {
    for (const cb of [...this.listeners]) {
      try {
        cb({ threadId, kind });
      } catch (err) {
        this.warn(`A threads listener failed: ${String(err)}`);
      }
    }
  }
}
