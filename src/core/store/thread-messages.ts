import { summarizeBranch, type BranchSummary } from '../../shared/rewind';
import type { AssistantMessage, ChatMessage, Thread, ThreadBranch, UserMessage } from '../../shared/threads';
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { AutoTitles } from './auto-title';
import { MessageIds } from './message-ids';
import type { LogRecord } from './thread-log-types';
import type { ThreadLogWriter } from './thread-log-writer';
import type { ThreadQueues } from './thread-queues';
import { readLogForView, withPendingSnapshots } from './thread-view';
import type { ThreadsChange } from './threads-changes';
import { requireEntry, toSummary, type IndexEntry } from './threads-index';

export interface ThreadMessagesDeps {
  entries: ReadonlyMap<string, IndexEntry>;
  queues: ThreadQueues;
  writer: ThreadLogWriter;
  logPath: (id: string) => string;
  now: () => number;
  warn: (message: string) => void;
  emit: (threadId: string, kind: ThreadsChange['kind']) => void;
}

/**
 * A thread's conversation: reading it whole, and every message written to it (a send, an answer's snapshots,
 * imported history, a rewind), with the titles those give and the message ids a send is checked against.
 */
export class ThreadMessages {
  private readonly titles = new AutoTitles();
  private readonly messageIds = new MessageIds();
  /**
   * Each thread's branch summaries as its last read found them. Only a rewind (here: `branches`) or another
   * process's write (synced: `updated`) changes them, so a window asking after every message is answered
   * without parsing the log again.
   */
  private readonly branchSummaries = new Map<string, BranchSummary[]>();

  constructor(private readonly deps: ThreadMessagesDeps) {}

  /** The branches a rewind set aside in the thread, summed up; the log is read only when not known. */
  async branches(id: string): Promise<BranchSummary[]> {
    const known = this.branchSummaries.get(id);
    if (known) return known;
    await this.get(id);
    return this.branchSummaries.get(id) ?? [];
  }

  /** What may have changed a thread's branches (a rewind, a sync from another process): read again when asked. */
  branchesMayHaveChanged(id: string): void {
    this.branchSummaries.delete(id);
  }

  async get(id: string): Promise<Thread | undefined> {
    const { entries, queues, writer } = this.deps;
    if (!entries.has(id)) return undefined;
    // Read inside the thread's queue: never half of an append that is in flight.
    const { parsed, problem } = await queues.run(id, () => readLogForView(id, this.deps.logPath(id), this.deps.warn));
    const entry = entries.get(id);
    if (!entry) return undefined;
    const messages = withPendingSnapshots(parsed?.messages ?? [], writer.pendingSnapshots(id));
    if (parsed) {
      this.messageIds.replace(
        id,
        messages.map((m) => m.id),
      );
      writer.compactIfBloated(id, parsed);
      this.branchSummaries.set(id, parsed.branches.map(summarizeBranch));
    }
    return {
      ...toSummary(entry),
      messages,
      ...(parsed?.branches.length ? { branches: parsed.branches } : {}),
      ...(problem ? { problem } : {}),
    };
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

  /**
   * A rewind: the messages from `branch.fromMessageId` on are set aside as `branch` (kept, readable); with
   * `resumeBranchId`, that earlier branch takes their place. Written at once and fsync'd.
   */
  async rewind(id: string, branch: ThreadBranch, resumeBranchId?: string): Promise<void> {
    const entry = requireEntry(this.deps.entries, id);
    await this.deps.writer.flushSnapshots();
    const at = this.deps.now();
    entry.updatedAt = Math.max(entry.updatedAt, at);
    const record: LogRecord = { op: 'branch', at, branch, ...(resumeBranchId ? { resumeBranchId } : {}) };
    await this.deps.writer.append(id, [record], true);
    this.messageIds.forget(id); // the current messages are another set now: read again when asked
    this.deps.emit(id, 'branches');
  }

  async appendUser(id: string, message: UserMessage): Promise<void> {
    const entry = requireEntry(this.deps.entries, id);
    const at = this.deps.now();
    const records: LogRecord[] = [{ op: 'user', at, message }];
    const title = entry.title === DEFAULT_THREAD_TITLE ? this.titles.fromMessage(id, message.text) : undefined;
    if (title) {
      entry.title = title;
      records.push({ op: 'meta', at, title });
    }
    entry.updatedAt = Math.max(entry.updatedAt, at);
    // Written (so it outlives a crash of this app) before it resolves, and the send writes Claude's line only then;
    // made power-loss safe a moment later: a datasync on that path (or beside it, holding one of the few threads
    // file operations run on) cost each turn's first token 2–70 ms.
    await this.deps.writer.append(id, records, 'after');
    this.messageIds.add(id, message.id);
    this.deps.emit(id, 'message');
  }

  /**
   * Finished messages brought in from elsewhere (a Claude Code session continued here), written at once, with what
   * that session had cost before (the header shows it apart from the thread's own turns).
   */
  async importMessages(id: string, messages: ChatMessage[], costBeforeUsd?: number): Promise<void> {
    const entry = requireEntry(this.deps.entries, id);
    if (messages.length === 0 && costBeforeUsd === undefined) return;
    const at = this.deps.now();
    const records: LogRecord[] = messages.map((message) =>
      message.role === 'user' ? { op: 'user', at, message } : { op: 'assistant', at, message },
    );
    if (costBeforeUsd !== undefined && Number.isFinite(costBeforeUsd) && costBeforeUsd > 0) {
      entry.totals = { ...entry.totals, costBeforeUsd };
      records.push({ op: 'meta', at, totals: entry.totals });
    }
    entry.updatedAt = Math.max(entry.updatedAt, at);
    await this.deps.writer.append(id, records, true);
    for (const m of messages) this.messageIds.add(id, m.id);
    this.deps.emit(id, 'message');
    if (entry.totals.costBeforeUsd !== undefined) this.deps.emit(id, 'updated');
  }

  /**
   * Save the latest snapshot of a turn. A new turn, a status change and a final status are written at
   * once; streaming snapshots in between are coalesced to one write per `coalesceMs` per thread.
   */
  async saveAssistant(id: string, message: AssistantMessage): Promise<void> {
    const entry = requireEntry(this.deps.entries, id);
    entry.updatedAt = Math.max(entry.updatedAt, this.deps.now());
    this.messageIds.add(id, message.id); // an answer's id is taken too (a sender may choose it: sendMessage's turnId)
    await this.deps.writer.offerSnapshot(id, message);
    const better = this.titles.fromAnswer(id, entry.title, message);
    if (better) {
      entry.title = better;
      await this.deps.writer.append(id, [{ op: 'meta', at: this.deps.now(), title: better }], true);
      this.deps.emit(id, 'updated');
    }
  }

  /** The user named the thread: its first answer no longer does. */
  renamed(id: string): void {
    this.titles.forget(id);
  }

  /** A thread deleted here. */
  forget(id: string): void {
    this.titles.forget(id);
    this.messageIds.forget(id);
    this.branchSummaries.delete(id);
  }
}
