/**
 * Reading a transcript by byte offsets, never whole: forward from where the index stopped (only appended
 * bytes), and backward from the end for a page of the last turns (a 50 MB session opens at its end without
 * reading the rest). Offsets always fall on line starts: '\n' never occurs inside a UTF-8 sequence, so a
 * slice between two newlines decodes exactly.
 */
import type fs from 'node:fs/promises';
import { isSkippableLine, parseSessionLine, type SessionLine } from './session-line';

export const CHUNK_BYTES = 1024 * 1024;
const NL = 0x0a;
/** How much of a line's start the skip test looks at (the real CLI puts the telling keys in its first ~250 bytes). */
export const HEAD_BYTES = 320;

/** A random-access byte source: a plain file, or a kept compressed copy (kept-copies.ts). */
export interface ChunkSource {
  size: number;
  read(start: number, end: number): Promise<Buffer>;
}

export function fileSource(handle: fs.FileHandle, size: number): ChunkSource {
  return {
    size,
    async read(start, end) {
      const buf = Buffer.allocUnsafe(end - start);
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await handle.read(buf, got, buf.length - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got === buf.length ? buf : buf.subarray(0, got);
    },
  };
}

/**
 * Complete lines from `from` up to `to`, in batches of about CHUNK_BYTES. `onBatch` gets the batch's bytes
 * (whole lines); a torn last line (no '\n' yet: the CLI is mid-write) is left for next time.
 * Returns the offset just past the last complete line.
 */
export async function readCompleteLines(
  source: ChunkSource,
  from: number,
  to: number,
  onBatch: (bytes: Buffer) => Promise<void> | void,
): Promise<number> {
  let pos = from;
  let carry: Buffer | undefined;
  while (pos < to) {
    const chunk = await source.read(pos, Math.min(to, pos + CHUNK_BYTES));
    if (chunk.length === 0) break;
    pos += chunk.length;
    const buf = carry ? Buffer.concat([carry, chunk]) : chunk;
    const last = buf.lastIndexOf(NL);
    if (last < 0) {
      carry = buf; // one line longer than a chunk: keep collecting
      continue;
    }
    const whole = buf.subarray(0, last + 1);
    carry = last + 1 < buf.length ? Buffer.from(buf.subarray(last + 1)) : undefined;
    await onBatch(whole);
  }
  return pos - (carry?.length ?? 0);
}

/**
 * Calls `onLine` for every line of a batch the History needs, parsed. Works on the bytes: a line is decoded
 * only when its first bytes say it is wanted, so the bulk (attachments, request shapes, tool output) is
 * never even turned into a string — that is what keeps indexing above the plain split + JSON.parse floor.
 */
export function forEachLine(
  bytes: Buffer,
  onLine: (line: SessionLine) => void,
  purpose: 'index' | 'read' = 'index',
): void {
  let start = 0;
  for (let nl = bytes.indexOf(NL); nl !== -1; nl = bytes.indexOf(NL, start)) {
    if (nl > start) {
      const head = bytes.toString('latin1', start, Math.min(nl, start + HEAD_BYTES));
      if (!isSkippableLine(head, purpose)) {
        const parsed = parseSessionLine(bytes.toString('utf8', start, nl));
        if (parsed) onLine(parsed);
      }
    }
    start = nl + 1;
  }
}

export interface BackwardPage {
  lines: SessionLine[];
  /** Offset where this page starts: the cursor for the page above; 0 at the top. */
  start: number;
}

/**
 * The lines of the last `prompts` turns before `before`, read backwards in chunks. Stops at a typed prompt
 * (a turn's start) once enough were seen, or at any line once `maxBytes` were read (one giant turn).
 */
export async function readPageBackwards(
  source: ChunkSource,
  before: number,
  prompts: number,
  maxBytes = 8 * CHUNK_BYTES,
): Promise<BackwardPage> {
  const reversed: SessionLine[] = [];
  let pos = Math.min(before, source.size);
  let carry: Buffer | undefined; // the end part of a line that starts in the next chunk up
  let seen = 0;
  let full: number | undefined; // where the page starts, once it has enough
  let first = true;
  while (pos > 0) {
    const chunkStart = Math.max(0, pos - CHUNK_BYTES);
    const chunk = await source.read(chunkStart, pos);
    let buf = carry ? Buffer.concat([chunk, carry]) : chunk;
    carry = undefined;
    if (first) {
      first = false;
      // A torn last line (the CLI is writing it) is not shown yet.
      buf = buf.subarray(0, buf.lastIndexOf(NL) + 1);
    }
    let end = buf.length; // just past the '\n' of the line being looked at
    while (end > 0) {
      const nl = end >= 2 ? buf.lastIndexOf(NL, end - 2) : -1;
      if (nl === -1 && chunkStart > 0) {
        carry = Buffer.from(buf.subarray(0, end)); // this line starts above: finish it with the next chunk
        break;
      }
      const lineStart = nl + 1;
      if (end - 1 > lineStart) {
        const head = buf.toString('latin1', lineStart, Math.min(end - 1, lineStart + HEAD_BYTES));
        const parsed = isSkippableLine(head, 'read')
          ? undefined
          : parseSessionLine(buf.toString('utf8', lineStart, end - 1));
        if (parsed && parsed.kind !== 'other') {
          // The page is full: this line only proves there is more above.
          if (full !== undefined) return { lines: reversed.reverse(), start: full };
          reversed.push(parsed);
          const at = chunkStart + lineStart;
          if ((parsed.kind === 'prompt' && ++seen >= prompts) || before - at > maxBytes) full = at;
        }
      }
      end = lineStart;
    }
    pos = chunkStart;
  }
  return { lines: reversed.reverse(), start: 0 };
}
