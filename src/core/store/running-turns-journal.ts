import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/** A pid that is not a process id counts as none: its process is gone (0 or less would signal a whole group). */
const pidSchema = z.number().int().positive().optional().catch(undefined);

/** A turn's start, as a journal line (and as a whole `<turnId>.json` marker of earlier versions). */
const startSchema = z.object({ threadId: z.string(), turnId: z.string(), pid: pidSchema });
/** A turn's end, as a journal line. */
const endSchema = z.object({ ended: z.string() });

export interface JournalledTurn {
  threadId: string;
  turnId: string;
}

/**
 * The files of the running-turns journal: this instance's own, `<dir>/<pid>-<random>.jsonl`, appended a line
 * {threadId, turnId, pid} when a turn starts and {ended: turnId} when it ends, and the ones other instances left.
 * Only file work: when to write, restart or mark is the app's (RunningTurns).
 *
 * One journal per instance, appended to, rather than a file per turn: each turn's first token waits on the start's
 * write, and an append to a file that exists is ~20 µs where creating a file was ~160 µs (ext4, measured).
 */
export class RunningTurnsJournal {
  readonly file: string;
  /**
   * The journal, open for appending from its first line: opening and closing it for each line was ~0.25 ms of each
   * turn's first token (a kept process's whole first token is ~40 ms), where a write to an open file is microseconds.
   */
  private fd: number | undefined;
  private written = 0;

  constructor(readonly dir: string) {
    this.file = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  }

  /** How long this instance's journal is. */
  get bytes(): number {
    return this.written;
  }

  /** Synchronous, so it is on disk before the user line goes out (each turn's first token waits on it). */
  started(threadId: string, turnId: string): void {
    this.append({ threadId, turnId, pid: process.pid });
  }

  ended(turnId: string): void {
    this.append({ ended: turnId });
  }

  /** Close the journal (it stays on disk); the next line opens it again. */
  close(): void {
    if (this.fd === undefined) return;
    try {
      fsSync.closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }

  /** Closed and removed (synchronously: a shutdown calls it last). */
  removeSync(): void {
    this.close();
    try {
      fsSync.unlinkSync(this.file);
    } catch {
      // never written, or already removed
    }
  }

  /** Closed and removed: the next line starts a new one. */
  async remove(): Promise<void> {
    this.close();
    await fs.rm(this.file, { force: true });
  }

  /** The journals (and earlier versions' `.json` markers) other instances left in the folder. */
  async others(): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    return names
      .filter((name) => name.endsWith('.json') || name.endsWith('.jsonl'))
      .map((name) => path.join(this.dir, name))
      .filter((file) => file !== this.file);
  }

  private append(line: object): void {
    const text = `${JSON.stringify(line)}\n`;
    if (this.fd !== undefined) {
      try {
        // A journal removed under this instance (its folder cleaned) would swallow the line: written anew instead.
        if (fsSync.fstatSync(this.fd).nlink > 0) {
          fsSync.writeSync(this.fd, text);
          this.written += Buffer.byteLength(text);
          return;
        }
      } catch {
        // a broken descriptor: opened again below
      }
      this.close();
    }
    // The folder is made with the first line, again if it was removed.
    fsSync.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const fd = fsSync.openSync(this.file, 'a', 0o600);
    try {
      fsSync.writeSync(fd, text);
      this.written = fsSync.fstatSync(fd).size;
    } catch (err) {
      fsSync.closeSync(fd);
      throw err;
    }
    this.fd = fd;
  }
}

/**
 * The turns a journal (or an earlier version's one-turn `.json` marker) has started and not ended, and the pid that
 * wrote it. Lines that do not parse — a torn last line — are skipped.
 */
export async function unfinishedTurns(file: string): Promise<{ pid?: number; turns: JournalledTurn[] }> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const started = new Map<string, JournalledTurn>();
  let pid: number | undefined;
  for (const line of text.split('\n')) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const start = startSchema.safeParse(value);
    if (start.success) {
      started.set(start.data.turnId, { threadId: start.data.threadId, turnId: start.data.turnId });
      pid ??= start.data.pid;
      continue;
    }
    const end = endSchema.safeParse(value);
    if (end.success) started.delete(end.data.ended);
  }
  return { pid, turns: [...started.values()] };
}

/** Removes a journal that was read (or could not be). */
export async function removeJournal(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
