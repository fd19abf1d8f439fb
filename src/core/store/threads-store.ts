import type { BranchSummary } from '../../shared/rewind';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
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
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { realSchedule, type Schedule } from './snapshot-coalescer';
import { ThreadLogWriter } from './thread-log-writer';
import { ThreadQueues } from './thread-queues';
import { ThreadSearcher, type ThreadSearchHit } from './thread-search';
import { ThreadMessages } from './thread-messages';
import { ThreadSummaries } from './thread-summaries';
import { ThreadsChanges, type ThreadsChange } from './threads-changes';
import { ThreadsDiskSync } from './threads-disk-sync';
import {
  IndexSaver,
  ThreadNotFoundError,
  loadIndex,
  logPath as threadLogPath,
  requireEntry,
  type IndexEntry,
} from './threads-index';
import { ToolResultFiles } from './tool-result-file';

export { DEFAULT_THREAD_TITLE };
export type { ThreadsChange };
export { ThreadNotFoundError };

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

/**
 * Threads on disk: `index.json` (summaries, rebuildable) plus one append-only log per thread
 * (thread-log.ts). Every write for one thread goes through that thread's queue, in call order.
 *
 * A facade over the parts, each in its own file: the summaries (thread-summaries.ts), the conversations
 * (thread-messages.ts), the log writer with its snapshots and compaction (thread-log-writer.ts), what other
 * processes on the data dir did (threads-disk-sync.ts), big tool results (tool-result-file.ts), search
 * (thread-search.ts) and the change events (threads-changes.ts). Deleting a thread is the one act that spans them.
 */
export class ThreadsStore {
  private readonly queues = new ThreadQueues();
  private readonly changes: ThreadsChanges;
  private readonly index: IndexSaver;
  private readonly writer: ThreadLogWriter;
  private readonly disk: ThreadsDiskSync;
  private readonly results: ToolResultFiles;
  private readonly searcher: ThreadSearcher;
  private readonly messages: ThreadMessages;
  private readonly summaries: ThreadSummaries;

  private constructor(
    private readonly dir: string,
    private readonly entries: Map<string, IndexEntry>,
    options: ThreadsStoreOptions,
  ) {
    const { queues } = this;
    const warn = options.onWarning ?? (() => {});
    const now = options.now ?? Date.now;
    const schedule = options.schedule ?? realSchedule;
    const coalesceMs = options.coalesceMs ?? 250;
    const logPath = (id: string): string => threadLogPath(dir, id);
    const changes = (this.changes = new ThreadsChanges(warn));
    const emit = changes.emit.bind(changes);
    this.index = new IndexSaver(dir, () => [...entries.values()], { schedule, delayMs: coalesceMs, warn });
    const indexSoon = (): void => this.index.soon();
    // The seams every part shares; each takes the ones it needs.
    const common = { entries, queues, logPath, now, warn, emit, indexSoon };
    const onSnapshotChange = (id: string): void => emit(id, 'message');
    const { rewriteLock } = options;
    const writer = (this.writer = new ThreadLogWriter({
      ...common,
      schedule,
      coalesceMs,
      rewriteLock,
      onSnapshotChange,
    }));
    this.searcher = new ThreadSearcher({
      list: () => this.list(),
      version: (id) => entries.get(id)?.logBytes,
      messages: async (id) => (await this.get(id))?.messages,
    });
    // Another process deleted the thread: what is kept of it beside its entry goes too.
    const forget = (id: string): void => {
      this.searcher.forget(id);
      writer.forget(id);
    };
    this.disk = new ThreadsDiskSync({ ...common, dir, forget });
    this.results = new ToolResultFiles(dir, queues);
    const messages = (this.messages = new ThreadMessages({ ...common, writer }));
    // Only a rewind or what another process wrote can change a thread's branches; a message never does.
    changes.subscribe((c) => c.kind !== 'message' && messages.branchesMayHaveChanged(c.threadId));
    const onRenamed = (id: string): void => messages.renamed(id);
    this.summaries = new ThreadSummaries({ ...common, writer, newId: options.newId ?? randomUUID, onRenamed });
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
    await this.disk.adoptNewLogs();
    return this.summaries.list(limit);
  }

  /** What another Claude Desk process on this data dir did, announced through onChange (ThreadsDiskSync). */
  syncFromDisk(ids?: readonly string[]): Promise<void> {
    return this.disk.syncFromDisk(ids);
  }

  summary(id: string): ThreadSummary | undefined {
    return this.summaries.summary(id);
  }

  get(id: string): Promise<Thread | undefined> {
    return this.messages.get(id);
  }

  /** The thread's branch summaries, kept from its last read: a message does not make the log be read again. */
  branches(id: string): Promise<BranchSummary[]> {
    return this.messages.branches(id);
  }

  rewind(id: string, branch: ThreadBranch, resumeBranchId?: string): Promise<void> {
    return this.messages.rewind(id, branch, resumeBranchId);
  }

  hasMessage(id: string, messageId: string): Promise<boolean> {
    return this.messages.hasMessage(id, messageId);
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

  create(init: { title?: string; settings?: ThreadSettings } = {}): Promise<ThreadSummary> {
    return this.summaries.create(init);
  }

  pin(id: string, pinned: boolean): Promise<ThreadSummary> {
    return this.summaries.pin(id, pinned);
  }

  rename(id: string, title: string): Promise<ThreadSummary> {
    return this.summaries.rename(id, title);
  }

  /**
   * A settings record carries the thread's whole settings, so it starts from what is on disk: another process (the
   * command line, a second window) may have changed them since this one read them — made the thread's worktree —
   * and a record written from the older view would take that back (the next turn then made the worktree again,
   * over the one the other process was working in).
   */
  async updateSettings(id: string, patch: ThreadSettings): Promise<ThreadSummary> {
    await this.disk.syncFromDisk([id]);
    return this.summaries.updateSettings(id, patch);
  }

  addTotals(id: string, verdict: TurnVerdict): Promise<ThreadTotals> {
    return this.summaries.addTotals(id, verdict);
  }

  async delete(id: string): Promise<boolean> {
    if (!this.entries.has(id)) return false;
    this.entries.delete(id);
    this.disk.markDeleted(id);
    this.writer.forget(id);
    this.searcher.forget(id);
    this.messages.forget(id);
    await this.queues.run(id, async () => {
      await fs.rm(threadLogPath(this.dir, id), { force: true });
      await this.results.removeAll(id);
    });
    this.queues.drop(id);
    this.index.soon();
    this.changes.emit(id, 'deleted');
    return true;
  }

  appendUser(id: string, message: UserMessage): Promise<void> {
    return this.messages.appendUser(id, message);
  }

  importMessages(id: string, messages: ChatMessage[], costBeforeUsd?: number): Promise<void> {
    return this.messages.importMessages(id, messages, costBeforeUsd);
  }

  saveAssistant(id: string, message: AssistantMessage): Promise<void> {
    return this.messages.saveAssistant(id, message);
  }

  /** Write every coalesced snapshot and the index now; resolves when all writes are on disk. */
  async flush(): Promise<void> {
    await this.writer.flush();
    await this.index.now();
  }

  /** Store a big tool result once, beside the thread's log (ToolResultFiles). */
  async saveToolResult(id: string, toolUseId: string, content: string | Iterable<string>): Promise<void> {
    this.require(id);
    await this.results.save(id, toolUseId, content);
  }

  /** A page of a stored tool result, read from disk (byte offsets; see readToolResultPage). */
  async readToolResult(id: string, toolUseId: string, offset?: number, limit?: number): Promise<ToolResultPage | null> {
    this.require(id);
    return this.results.read(id, toolUseId, offset, limit);
  }

  onChange(cb: (change: ThreadsChange) => void): () => void {
    return this.changes.subscribe(cb);
  }

  private require(id: string): IndexEntry {
    return requireEntry(this.entries, id);
  }
}
