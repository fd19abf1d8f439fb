import fs from 'node:fs/promises';
import { isFinalStatus } from '../../shared/turn-reducer';
import type { ThreadsChange } from './threads-changes';
import { readThreadLogFile } from './thread-log';
import { applyToSummary, readLogTail } from './thread-log-tail';
import type { ThreadQueues } from './thread-queues';
import { isThreadId, toSummary, type IndexEntry } from './threads-index';

export interface ThreadsDiskSyncDeps {
  dir: string;
  /** This store's threads: what another process made is added here, what it deleted removed. */
  entries: Map<string, IndexEntry>;
  queues: ThreadQueues;
  logPath: (id: string) => string;
  indexSoon: () => void;
  emit: (threadId: string, kind: ThreadsChange['kind']) => void;
  /** Another process deleted the thread: drop what this store keeps of it beside its entry. */
  forget: (id: string) => void;
}

/**
 * What another Claude Desk process on the same data dir (a second window, browser mode, `claude-desk chat`) did to
 * the threads: the logs it created, appended to, rewrote or removed, taken into this store's entries and announced
 * like this store's own changes.
 */
export class ThreadsDiskSync {
  /** Another process's unfinished answers, by message id: the status this store last announced (syncFromDisk). */
  private readonly seenStatus = new Map<string, string>();
  /** Deleted by this process: a log still on disk (its removal queued) is not taken for another's new thread. */
  private readonly deleted = new Set<string>();

  constructor(private readonly deps: ThreadsDiskSyncDeps) {}

  markDeleted(id: string): void {
    this.deleted.add(id);
  }

  /**
   * Threads the command line or a second window (one data dir) created after this store loaded its index:
   * their logs are on disk, not in this process's entries. Ones deleted here are not revived.
   */
  async adoptNewLogs(): Promise<void> {
    const { dir, entries } = this.deps;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const id = name.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : '';
      if (!isThreadId(id) || entries.has(id) || this.deleted.has(id)) continue;
      const file = this.deps.logPath(id);
      // Its size first, then its records: what the other process appends meanwhile lies past that size and is read
      // again by catchUp (records apply to a summary idempotently). Measured after the parse, an append landing in
      // between (the other window's first message, with the thread's title) was counted as read and never applied:
      // the row said "New thread" for good. An empty log is still being made: taken in with its next change.
      const st = await fs.stat(file).catch(() => undefined);
      if (!st?.isFile() || st.size === 0) continue;
      const parsed = await readThreadLogFile(id, file).catch(() => undefined);
      if (!parsed || entries.has(id) || this.deleted.has(id)) continue;
      entries.set(id, { ...parsed.summary, logBytes: st.size });
      this.deps.indexSoon();
    }
  }

  /**
   * Take in what another Claude Desk process on this data dir did: threads it created, renamed, answered
   * in or deleted, announced through onChange like this store's own changes, so open windows update without a
   * reload. `ids`: the logs a watcher saw change; without, every thread is looked at.
   */
  async syncFromDisk(ids?: readonly string[]): Promise<void> {
    const { entries, emit, queues } = this.deps;
    const known = new Set(entries.keys());
    if (!ids || ids.some((id) => !known.has(id))) await this.adoptNewLogs();
    for (const id of entries.keys()) if (!known.has(id)) emit(id, 'created');
    for (const id of ids ?? known) {
      if (known.has(id)) await queues.run(id, () => this.catchUp(id));
    }
  }

  /** In the thread's queue, so this store's own appends are never mistaken for another process's. */
  private async catchUp(id: string): Promise<void> {
    const { entries, logPath, indexSoon, emit } = this.deps;
    const entry = entries.get(id);
    if (!entry || entry.logBytes === 0) return; // still being created here
    const tail = await readLogTail(logPath(id), entry.logBytes);
    if (tail.kind === 'same') return;
    if (tail.kind === 'gone') {
      entries.delete(id);
      this.deps.forget(id);
      indexSoon();
      emit(id, 'deleted');
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
      const parsed = await readThreadLogFile(id, logPath(id)).catch(() => undefined);
      if (!parsed) return;
      // Its size before the read: if more was appended meanwhile, the next look finds mid-line and reads again.
      Object.assign(entry, parsed.summary, { logBytes: tail.size });
    }
    indexSoon();
    if (moved || JSON.stringify({ ...toSummary(entry), updatedAt: 0 }) !== shown) emit(id, 'updated');
  }
}
