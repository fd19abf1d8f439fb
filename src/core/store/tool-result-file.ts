import fs from 'node:fs/promises';
import path from 'node:path';
import type { ToolResultPage } from '../../shared/threads';
import { writeFileAtomic } from './atomic-write';
import type { ThreadQueues } from './thread-queues';

/** One page of text is what "Show all" holds at a time (the renderer's cap for a big result). */
export const TOOL_RESULT_PAGE_BYTES = 256 * 1024;

const isContinuation = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

/**
 * Read `limit` bytes from `offset` without reading the rest of the file: a 64 MiB result pages in
 * constant memory. Both ends move to character boundaries (a start inside a character moves forward,
 * an end inside one moves back), so any offset the caller computes — e.g. "the last page" as
 * `total - limit` — yields whole characters. `null` when there is no such file.
 */
export async function readToolResultPage(
  file: string,
  offset = 0,
  limit = TOOL_RESULT_PAGE_BYTES,
): Promise<ToolResultPage | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    let start = Math.min(Math.max(0, offset), size);
    // Up to 3 bytes before the wanted range tell whether `start` is inside a character; 1 after, the end.
    const buf = Buffer.alloc(Math.min(limit, size - start) + 4);
    const { bytesRead } = await handle.read(buf, 0, buf.length, start);
    let from = 0;
    while (from < 3 && from < bytesRead && isContinuation(buf[from])) from++;
    start += from;
    let end = Math.min(from + limit, bytesRead);
    while (end > from && end < bytesRead && isContinuation(buf[end])) end--;
    const text = buf.subarray(from, end).toString('utf8');
    const stop = start + (end - from);
    return { text, offset: start, total: size, nextOffset: stop < size ? stop : null };
  } finally {
    await handle.close();
  }
}

/**
 * Big tool results, each kept once in a file beside its thread's log: `<threadsDir>/<id>.results/<toolUseId>.txt`.
 * Written and read in the thread's queue, so a read sees a result saved before it.
 */
export class ToolResultFiles {
  constructor(
    private readonly dir: string,
    private readonly queues: ThreadQueues,
  ) {}

  /** Pieces (a BigText) are written one after another: the whole result is never one string or one Buffer here. */
  async save(threadId: string, toolUseId: string, content: string | Iterable<string>): Promise<void> {
    const file = this.fileFor(threadId, toolUseId);
    await this.queues.run(threadId, async () => {
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, content);
    });
  }

  /** A page of a stored result, read from disk (byte offsets; see readToolResultPage). */
  read(threadId: string, toolUseId: string, offset?: number, limit?: number): Promise<ToolResultPage | null> {
    return this.queues.run(threadId, () => readToolResultPage(this.fileFor(threadId, toolUseId), offset, limit));
  }

  /** Every result of a deleted thread (the caller runs this in the thread's queue, after the log's removal). */
  async removeAll(threadId: string): Promise<void> {
    await fs.rm(this.folder(threadId), { recursive: true, force: true });
  }

  private folder(threadId: string): string {
    return path.join(this.dir, `${threadId}.results`);
  }

  private fileFor(threadId: string, toolUseId: string): string {
    // Tool-use ids come from the CLI: only a safe file name is used.
    return path.join(this.folder(threadId), `${toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}.txt`);
  }
}
