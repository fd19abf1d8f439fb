/**
 * The on-disk form of one thread: an append-only JSON-lines log, `<threadsDir>/<id>.jsonl`.
 *
 *   {"op":"meta","at":…,"id":…,"title":…,"createdAt":…,"settings":{…},"totals":{…}}   (a patch; later wins)
 *   {"op":"user","at":…,"message":{…}}
 *   {"op":"assistant","at":…,"message":{…}}   (a snapshot; the latest one per message id wins, in place)
 *   {"op":"branch","at":…,"branch":{…}}       (a rewind: later messages move into a kept branch)
 *
 * Appending never rewrites what is already there, so a crash mid-turn loses at most the line being
 * written; that torn last line is skipped on load. Compaction rewrites the log atomically.
 */
import fs from 'node:fs/promises';
import type {
  AssistantMessage,
  ChatMessage,
  ThreadBranch,
  ThreadSettings,
  ThreadSummary,
  ThreadTotals,
  UserMessage,
} from '../../shared/threads';
import { EMPTY_TOTALS } from '../../shared/turn-reducer';
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { correctLegacyCosts, totalsFromMessages } from '../../shared/turn-costs';

export interface MetaRecord {
  op: 'meta';
  at: number;
  id?: string;
  title?: string;
  createdAt?: number;
  /** Only in a compacted log, where the message records no longer carry their original times. */
  updatedAt?: number;
  settings?: ThreadSettings;
  totals?: ThreadTotals;
}
export type LogRecord =
  | MetaRecord
  | { op: 'user'; at: number; message: UserMessage }
  | { op: 'assistant'; at: number; message: AssistantMessage }
  /**
   * A rewind: the messages from `branch.fromMessageId` on leave the thread and are kept as `branch`; with
   * `resumeBranchId`, that earlier branch comes back in their place (switching branches).
   */
  | { op: 'branch'; at: number; branch: ThreadBranch; resumeBranchId?: string };

export interface ParsedLog {
  summary: ThreadSummary;
  messages: ChatMessage[];
  /** Characters held by snapshots that a later snapshot replaced: what compaction would reclaim. */
  wasteChars: number;
  totalChars: number;
  /** Unreadable lines other than a torn last line. */
  badLines: number;
  /** Abandoned branches (rewinds), oldest first. */
  branches: ThreadBranch[];
  /** Whether the file ends mid-line (a crash during a write). */
  tornTail: boolean;
}

export function serializeRecords(records: LogRecord[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join('');
}

export function parseThreadLog(id: string, text: string): ParsedLog {
  const summary: ThreadSummary = {
    id,
    title: DEFAULT_THREAD_TITLE,
    createdAt: 0,
    updatedAt: 0,
    settings: {},
    totals: { ...EMPTY_TOTALS },
  };
  const messages: ChatMessage[] = [];
  const branches: ThreadBranch[] = [];
  const where = new Map<string, { index: number; chars: number }>();
  let wasteChars = 0;
  let badLines = 0;
  let firstAt: number | undefined;
  const tornTail = text.length > 0 && !text.endsWith('\n');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    let rec: LogRecord;
    try {
      rec = JSON.parse(line) as LogRecord;
    } catch {
      // A torn last line is the expected trace of a crash mid-write; anything else is worth a warning.
      if (!(tornTail && i === lines.length - 1)) badLines++;
      continue;
    }
    if (rec === null || typeof rec !== 'object' || typeof rec.at !== 'number') {
      badLines++;
      continue;
    }
    firstAt ??= rec.at;
    if (rec.op === 'meta') {
      if (typeof rec.title === 'string') summary.title = rec.title;
      if (typeof rec.createdAt === 'number') summary.createdAt = rec.createdAt;
      if (rec.settings && typeof rec.settings === 'object') summary.settings = rec.settings;
      if (rec.totals && typeof rec.totals === 'object') summary.totals = rec.totals;
      if (typeof rec.updatedAt === 'number') summary.updatedAt = Math.max(summary.updatedAt, rec.updatedAt);
      continue;
    }
    if (rec.op === 'branch') {
      if (!applyBranchRecord(rec, messages, where, branches)) badLines++;
      continue;
    }
    if ((rec.op !== 'user' && rec.op !== 'assistant') || !rec.message || typeof rec.message.id !== 'string') {
      badLines++;
      continue;
    }
    summary.updatedAt = Math.max(summary.updatedAt, rec.at);
    const seen = where.get(rec.message.id);
    if (seen) {
      messages[seen.index] = rec.message;
      wasteChars += seen.chars;
      seen.chars = line.length;
    } else {
      where.set(rec.message.id, { index: messages.length, chars: line.length });
      messages.push(rec.message);
    }
  }
  if (!summary.createdAt) summary.createdAt = firstAt ?? 0;
  if (!summary.updatedAt) summary.updatedAt = summary.createdAt;
  // A thread saved before per-turn costs: its verdicts hold running session totals, and its totals their sum.
  const costs = correctLegacyCosts(messages);
  if (costs.corrected) summary.totals = totalsFromMessages(costs.messages);
  return { summary, messages: costs.messages, wasteChars, totalChars: text.length, badLines, tornTail, branches };
}

function applyBranchRecord(
  rec: { branch: ThreadBranch; resumeBranchId?: string },
  messages: ChatMessage[],
  where: Map<string, { index: number; chars: number }>,
  branches: ThreadBranch[],
): boolean {
  const b = rec.branch as Partial<ThreadBranch> | undefined;
  if (!b || typeof b.id !== 'string' || typeof b.fromMessageId !== 'string' || !Array.isArray(b.messages)) return false;
  const from = messages.findIndex((m) => m.id === b.fromMessageId);
  if (from >= 0) {
    for (const m of messages.splice(from)) where.delete(m.id);
  }
  if (rec.resumeBranchId !== undefined) {
    const i = branches.findIndex((x) => x.id === rec.resumeBranchId);
    if (i >= 0) {
      const [back] = branches.splice(i, 1);
      for (const m of back!.messages) {
        where.set(m.id, { index: messages.length, chars: 0 });
        messages.push(m);
      }
    }
  }
  // A branch with nothing in it (rewinding to the last message of a turn that never answered) is not kept.
  if (b.messages.length > 0) branches.push(rec.branch);
  return true;
}

/** The shortest log that loads to the same thread. */
export function compactedLog(
  summary: ThreadSummary,
  messages: ChatMessage[],
  at: number,
  branches: ThreadBranch[] = [],
): string {
  const { id, title, createdAt, updatedAt, settings, totals } = summary;
  const records: LogRecord[] = [{ op: 'meta', at, id, title, createdAt, updatedAt, settings, totals }];
  // Before the messages, so their fromMessageId is not in the thread yet and nothing is cut.
  for (const branch of branches) records.push({ op: 'branch', at, branch });
  for (const message of messages) {
    records.push(message.role === 'user' ? { op: 'user', at, message } : { op: 'assistant', at, message });
  }
  return serializeRecords(records);
}

/** True when the file exists and its last byte is not a newline (the next append must start a new line). */
export async function endsMidLine(file: string): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return false;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return false;
    const buf = Buffer.alloc(1);
    await handle.read(buf, 0, 1, size - 1);
    return buf[0] !== 0x0a;
  } finally {
    await handle.close();
  }
}

/** Append text to a log, creating it owner-only; `sync` for records that must survive power loss too. */
export async function appendToLog(file: string, text: string, sync: boolean): Promise<void> {
  const handle = await fs.open(file, 'a', 0o600);
  try {
    await handle.write(text);
    if (sync) await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** Settings without empty values, so "cleared" and "never set" look the same on disk. */
export function cleanSettings(s: ThreadSettings): ThreadSettings {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s) as [keyof ThreadSettings, string | undefined | null][]) {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out as ThreadSettings;
}
