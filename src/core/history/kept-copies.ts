/**
 * "Never lost": a compressed copy of every indexed session, so a transcript the CLI deletes (it cleans up
 * after `cleanupPeriodDays`, 30 by default) stays browsable, searchable and continuable.
 *
 * A copy is a multi-member gzip file: every append (the bytes the index just read) becomes one or more
 * gzip members of at most CHUNK_BYTES of input, and the member table (raw offset → compressed offset) is
 * kept in the index. That makes the copy append-only (a growing session never recompresses what is there)
 * and random-access (a page from the end decompresses only the last members). Plain `gunzip` reads the
 * whole file, since concatenated members are valid gzip.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CHUNK_BYTES, type ChunkSource } from './line-chunks';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export interface CopyMeta {
  rawBytes: number;
  gzBytes: number;
  /** [raw offset, compressed offset] of each member's start, ascending. */
  members: [number, number][];
}

export function emptyCopy(): CopyMeta {
  return { rawBytes: 0, gzBytes: 0, members: [] };
}

export function copyPath(dir: string, sessionId: string): string {
  return path.join(dir, `${sessionId}.jsonl.gz`);
}

/** Append whole lines to a copy. The index is saved after this: a copy longer than its meta is cut back first. */
export async function appendToCopy(file: string, meta: CopyMeta, bytes: Buffer): Promise<void> {
  if (bytes.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await fs.open(file, 'a+', 0o600);
  try {
    const { size } = await handle.stat();
    if (size !== meta.gzBytes) await handle.truncate(meta.gzBytes); // a crash after writing, before the index
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      const piece = bytes.subarray(at, Math.min(bytes.length, at + CHUNK_BYTES));
      // Fastest level: JSON lines still shrink ~6–10×, and indexing a large history stays I/O-bound.
      const packed = await gzip(piece, { level: zlib.constants.Z_BEST_SPEED });
      await handle.write(packed, 0, packed.length, meta.gzBytes);
      meta.members.push([meta.rawBytes, meta.gzBytes]);
      meta.rawBytes += piece.length;
      meta.gzBytes += packed.length;
    }
  } finally {
    await handle.close();
  }
}

/** Random access into a copy: decompresses only the members a range overlaps. */
export function copySource(handle: fs.FileHandle, meta: CopyMeta): ChunkSource {
  return {
    size: meta.rawBytes,
    async read(start, end) {
      const parts: Buffer[] = [];
      const { members } = meta;
      let i = members.length - 1;
      while (i > 0 && (members[i] as [number, number])[0] > start) i--;
      let partStart = (members[i] ?? [0, 0])[0];
      for (; i < members.length; i++) {
        const [rawStart, gzStart] = members[i] as [number, number];
        if (rawStart >= end) break;
        const gzEnd = members[i + 1]?.[1] ?? meta.gzBytes;
        const packed = Buffer.allocUnsafe(gzEnd - gzStart);
        await handle.read(packed, 0, packed.length, gzStart);
        if (parts.length === 0) partStart = rawStart;
        parts.push(await gunzip(packed));
      }
      const all = Buffer.concat(parts);
      return all.subarray(start - partStart, Math.min(all.length, end - partStart));
    },
  };
}

export async function removeCopy(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}
