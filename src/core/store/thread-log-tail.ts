import fs from 'node:fs/promises';
import type { ThreadSummary } from '../../shared/threads';
import type { LogRecord } from './thread-log-types';
import { parseLogRecord } from './thread-log-records';

/** What another process appended to a thread's log since this one last saw it. */
export type LogTail =
  | { kind: 'same' }
  | { kind: 'gone' }
  /** Whole lines from `from` on; `end` is where the last complete one ends (a line being written waits). */
  | { kind: 'appended'; records: LogRecord[]; end: number }
  /** Not an append (shorter, or `from` is no longer a line start: compacted elsewhere): read it all again. */
  | { kind: 'rewritten'; size: number };

/**
 * Read only the bytes another process appended (a second window, browser mode or the command line on one
 * data dir). Reading the whole log on every change would cost a 50 MB thread's size four times a second while that
 * other process streams a turn into it; the tail costs what it wrote.
 */
export async function readLogTail(file: string, from: number): Promise<LogTail> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return { kind: 'gone' };
  }
  try {
    const { size } = await handle.stat();
    if (size === from) return { kind: 'same' };
    if (size < from) return { kind: 'rewritten', size };
    if (from > 0) {
      const before = Buffer.alloc(1);
      await handle.read(before, 0, 1, from - 1);
      if (before[0] !== 0x0a) return { kind: 'rewritten', size };
    }
    const bytes = Buffer.alloc(size - from);
    await handle.read(bytes, 0, bytes.length, from);
    const lastNl = bytes.lastIndexOf(0x0a);
    const records: LogRecord[] = [];
    for (const line of bytes.toString('utf8', 0, lastNl + 1).split('\n')) {
      if (!line) continue;
      // A line this process cannot read (or use) is skipped: the thread's full read reports it.
      const record = parseLine(line);
      if (record) records.push(record);
    }
    return { kind: 'appended', records, end: from + lastNl + 1 };
  } finally {
    await handle.close();
  }
}

/**
 * A summary with appended records applied, as a full read would fold them (thread-log-parser.ts): meta fields are
 * patches, later wins; a message's time moves updatedAt.
 */
export function applyToSummary(summary: ThreadSummary, records: readonly LogRecord[]): void {
  for (const rec of records) {
    if (rec.op === 'meta') {
      if (rec.title !== undefined) summary.title = rec.title;
      if (rec.settings) summary.settings = rec.settings;
      if (rec.totals) summary.totals = rec.totals;
      if (rec.pinned !== undefined) summary.pinned = rec.pinned || undefined;
      if (rec.updatedAt !== undefined) summary.updatedAt = Math.max(summary.updatedAt, rec.updatedAt);
    } else if (rec.op === 'user' || rec.op === 'assistant') {
      summary.updatedAt = Math.max(summary.updatedAt, rec.at);
    }
  }
}

function parseLine(line: string): LogRecord | undefined {
  try {
    return parseLogRecord(JSON.parse(line));
  } catch {
    return undefined; // not JSON
  }
}
