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
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import type { AssistantMessage, ChatMessage, ThreadBranch, ThreadSettings, ThreadSummary } from '../../shared/threads';
import { ThreadLogParser } from './thread-log-parser';
import type { LogRecord, ParsedLog } from './thread-log-types';

// The record types live apart (the parser and the record schemas use them too); readers import them from here.
export type { LogRecord, MetaRecord, ParsedLog } from './thread-log-types';

export function serializeRecords(records: LogRecord[]): string {
  return records.map((r) => `${JSON.stringify(storedForm(r))}\n`).join('');
}

/**
 * A finished answer's verdict repeats the answer (`result` is the CLI's copy of its last text block): on disk the
 * answer is kept once, in the parts. An error's `result` is its sentence, not in the parts: it stays. Older logs
 * with the copy read as before (the field is optional, and nothing reads it from a turn that did not fail).
 */
export function withoutEchoedResult(message: AssistantMessage): AssistantMessage {
  const v = message.verdict;
  if (!v || v.isError || v.result === undefined) return message;
  const said = message.parts.some((p) => p.kind === 'text' && p.text.includes(v.result ?? ''));
  if (!said && v.result !== '') return message;
  const { result: _echo, ...verdict } = v;
  return { ...message, verdict };
}

function storedForm(r: LogRecord): LogRecord {
  if (r.op === 'assistant') return { ...r, message: withoutEchoedResult(r.message) };
  if (r.op === 'branch') {
    const messages = r.branch.messages.map((m) => (m.role === 'assistant' ? withoutEchoedResult(m) : m));
    return { ...r, branch: { ...r.branch, messages } };
  }
  return r;
}

export function parseThreadLog(id: string, text: string): ParsedLog {
  const parser = new ThreadLogParser(id);
  const tornTail = text.length > 0 && !text.endsWith('\n');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) parser.line(lines[i] as string, tornTail && i === lines.length - 1);
  return parser.result(text.length, tornTail);
}

/**
 * Read a log line by line from disk: never the whole file as one string, which fails outright past
 * V8's string limit (~512 MiB) — a thread then loaded with 0 messages and no error.
 * Rejects only when the file cannot be opened or read; the caller says so to the user.
 */
export async function readThreadLogFile(id: string, file: string): Promise<ParsedLog> {
  const tornTail = await endsMidLine(file);
  const parser = new ThreadLogParser(id);
  let chars = 0;
  let pending: string | undefined;
  const handle = await fs.open(file, 'r');
  const input = handle.createReadStream({ encoding: 'utf8' });
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of rl) {
      // One line behind, so the last one is known to be last (a torn tail is expected after a crash).
      if (pending !== undefined) parser.line(pending, false);
      pending = line;
      chars += line.length + 1;
    }
  } finally {
    rl.close();
    input.destroy();
    await handle.close().catch(() => undefined);
  }
  if (pending !== undefined) parser.line(pending, tornTail);
  return parser.result(chars, tornTail);
}

/** The shortest log that loads to the same thread. */
export function compactedLog(
  summary: ThreadSummary,
  messages: ChatMessage[],
  at: number,
  branches: ThreadBranch[] = [],
): string {
  const { id, title, createdAt, updatedAt, settings, totals, pinned } = summary;
  const records: LogRecord[] = [
    { op: 'meta', at, id, title, createdAt, updatedAt, settings, totals, ...(pinned ? { pinned } : {}) },
  ];
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

/** Records up to this many characters are appended in one synchronous call (see appendToLog). */
const QUICK_APPEND_MAX_CHARS = 64 * 1024;

/** Append text to a log, creating it owner-only; `sync` for records that must survive power loss too. */
export async function appendToLog(file: string, text: string, sync: boolean): Promise<void> {
  if (!sync && text.length <= QUICK_APPEND_MAX_CHARS) {
    // A sent message is written before Claude reads it: as open-write-close through the thread pool that was three
    // round trips on the first token's path (~0.3–1 ms each on a busy 2-core machine, more behind other file work),
    // as one synchronous append a few microseconds. Only small, unsynced records: a datasync never blocks here.
    fsSync.appendFileSync(file, text, { mode: 0o600 });
    return;
  }
  const handle = await fs.open(file, 'a', 0o600);
  try {
    await handle.write(text);
    if (sync) await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Make what was appended to a log power-loss safe. Opened read-write (Windows syncs only a writable handle) but
 * never created: a thread deleted meanwhile stays deleted.
 */
export async function syncLog(file: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** Settings without empty values, so "cleared" and "never set" look the same on disk. */
export function cleanSettings(s: ThreadSettings): ThreadSettings {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(s) as [keyof ThreadSettings, string | string[] | undefined | null][]) {
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  }
  return out as ThreadSettings;
}
