import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { AssistantMessage } from '../shared/threads';
import { applyTurnEvent } from '../shared/turn-reducer';
import { isFinalStatus } from '../shared/turn-reducer';
import type { ThreadsStore } from '../core/store/threads-store';
import { processAlive as alive } from '../core/process-group';

/** A pid that is not a process id counts as none: its process is gone (0 or less would signal a whole group). */
const pidSchema = z.number().int().positive().optional().catch(undefined);

/** A turn's start, as a journal line (and as a whole `<turnId>.json` marker of earlier versions). */
const startSchema = z.object({ threadId: z.string(), turnId: z.string(), pid: pidSchema });
/** A turn's end, as a journal line. */
const endSchema = z.object({ ended: z.string() });

/** A journal with no turn running is started afresh past this size (it gains ~150 bytes a turn). */
const JOURNAL_RESTART_BYTES = 64 * 1024;

/**
 * Which turns are running, for recovery after a crash (or SIGKILL, or power loss): each instance appends to a
 * journal of its own, `<stateDir>/running-turns/<pid>-<random>.jsonl`, a line {threadId, turnId, pid} when a turn
 * starts and {ended: turnId} when it ends. The next start marks the turns a dead instance left started but not
 * ended interrupted — with Retry — instead of showing them "running" forever. A journal whose pid is alive belongs
 * to another window and is left alone.
 *
 * One journal per instance, appended to, rather than a file per turn: each turn's first token waits on the start's
 * write, and an append to a file that exists is ~20 µs where creating a file was ~160 µs (ext4, measured).
 */
export class RunningTurns {
  private readonly journal: string;
  private readonly running = new Set<string>();
  /**
   * The journal, open for appending from its first line: opening and closing it for each line was ~0.25 ms of each
   * turn's first token (a kept process's whole first token is ~40 ms), where a write to an open file is microseconds.
   */
  private fd: number | undefined;
  private bytes = 0;

  constructor(private readonly dir: string) {
    this.journal = path.join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  }

  /** Synchronous, so it is on disk before the user line goes out (each turn's first token waits on it). */
  async started(threadId: string, turnId: string): Promise<void> {
    this.running.add(turnId);
    this.append({ threadId, turnId, pid: process.pid });
  }

  async ended(turnId: string): Promise<void> {
    if (!this.running.delete(turnId)) return;
    this.append({ ended: turnId });
    if (this.running.size > 0) return;
    // Nothing running: a long journal holds only finished turns, and the next start begins a new one.
    if (this.bytes > JOURNAL_RESTART_BYTES) {
      this.close();
      await fs.rm(this.journal, { force: true });
    }
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

  /**
   * A clean shutdown: the journal closed, and removed when it holds only ended turns (the next start would read it
   * for nothing). A turn still running (stopAll could not end it) keeps it, for the next start to mark interrupted.
   */
  shutdown(): void {
    this.close();
    if (this.running.size > 0) return;
    try {
      fsSync.unlinkSync(this.journal);
    } catch {
      // never written, or already removed
    }
  }

  private append(line: object): void {
    const text = `${JSON.stringify(line)}\n`;
    if (this.fd !== undefined) {
      try {
        // A journal removed under this instance (its folder cleaned) would swallow the line: written anew instead.
        if (fsSync.fstatSync(this.fd).nlink > 0) {
          fsSync.writeSync(this.fd, text);
          this.bytes += Buffer.byteLength(text);
          return;
        }
      } catch {
        // a broken descriptor: opened again below
      }
      this.close();
    }
    // The folder is made with the first line, again if it was removed.
    fsSync.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const fd = fsSync.openSync(this.journal, 'a', 0o600);
    try {
      fsSync.writeSync(fd, text);
      this.bytes = fsSync.fstatSync(fd).size;
    } catch (err) {
      fsSync.closeSync(fd);
      throw err;
    }
    this.fd = fd;
  }

  /** Mark the turns of dead instances interrupted; returns how many were. */
  async recover(threads: Pick<ThreadsStore, 'get' | 'saveAssistant'>, warn: (m: string) => void): Promise<number> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    let recovered = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      if (file === this.journal || !(name.endsWith('.json') || name.endsWith('.jsonl'))) continue;
      const left = await unfinishedTurns(file);
      // Another window's: left for it.
      if (left.pid !== undefined && left.pid !== process.pid && alive(left.pid)) continue;
      for (const { threadId, turnId } of left.turns) {
        try {
          if (await markInterrupted(threads, threadId, turnId)) recovered++;
        } catch (err) {
          warn(`Could not mark an interrupted turn of thread ${threadId}: ${String(err)}`);
        }
      }
      // Read, or unreadable (torn, not a marker): nothing more to recover from it.
      await fs.rm(file, { force: true });
    }
    return recovered;
  }
}

/**
 * The turns a journal (or an earlier version's one-turn `.json` marker) has started and not ended, and the pid that
 * wrote it. Lines that do not parse — a torn last line — are skipped.
 */
async function unfinishedTurns(file: string): Promise<{ pid?: number; turns: { threadId: string; turnId: string }[] }> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const started = new Map<string, { threadId: string; turnId: string }>();
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

/** A turn still "running" in its thread's log becomes failed, interrupted; false when there was nothing to mark. */
async function markInterrupted(
  threads: Pick<ThreadsStore, 'get' | 'saveAssistant'>,
  threadId: string,
  turnId: string,
): Promise<boolean> {
  const thread = await threads.get(threadId);
  const message = thread?.messages.find((m): m is AssistantMessage => m.role === 'assistant' && m.id === turnId);
  if (!message || isFinalStatus(message.status)) return false;
  const base = { threadId, turnId };
  let next = applyTurnEvent(message, {
    ...base,
    type: 'error',
    error: {
      kind: 'interrupted',
      message: 'Claude Desk closed while this turn was running.',
      hint: 'Press Retry to send the message again.',
    },
  });
  next = applyTurnEvent(next, { ...base, type: 'finished', status: 'failed' });
  await threads.saveAssistant(threadId, next);
  return true;
}
