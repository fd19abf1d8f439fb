/** One session in the persisted index: its summary fold plus where reading stopped. */
import fs from 'node:fs/promises';
import type { HistorySession } from '../../shared/history';
import type { CopyMeta } from './kept-copies';
import { emptyFold, titleOf, type FoldState } from './session-fold';
import { readCompleteLines, fileSource, forEachLine } from './line-chunks';
import { foldLine } from './session-fold';
import { appendToCopy } from './kept-copies';
import { projectFromSlug } from './cli-projects-dir';

export interface IndexEntry {
  id: string;
  /** The CLI's transcript file. */
  file: string;
  slug: string;
  /** File size and mtime when last read; a change means read again (from `offset`). */
  size: number;
  mtimeMs: number;
  /** Bytes read so far: the end of the last complete line. */
  offset: number;
  fold: FoldState;
  /** Characters of search text written to the entry's text file. */
  textChars: number;
  copy?: CopyMeta;
  /** The CLI deleted the file; only the copy is left. */
  gone?: boolean;
}

export function newEntry(id: string, file: string, slug: string): IndexEntry {
  return { id, file, slug, size: 0, mtimeMs: 0, offset: 0, fold: emptyFold(), textChars: 0 };
}

export function isIndexEntry(v: unknown): v is IndexEntry {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>; // an object: its fields are checked one by one
  return (
    typeof e.id === 'string' &&
    typeof e.file === 'string' &&
    typeof e.offset === 'number' &&
    typeof e.size === 'number' &&
    !!e.fold &&
    typeof e.fold === 'object'
  );
}

export function toHistorySession(e: IndexEntry, pinned: boolean, threadId?: string): HistorySession {
  const { title, source } = titleOf(e.fold);
  return {
    id: e.id,
    project: e.fold.project ?? projectFromSlug(e.slug),
    title,
    titleSource: source,
    firstAt: e.fold.firstAt || e.mtimeMs,
    lastAt: e.fold.lastAt || e.mtimeMs,
    messages: e.fold.messages,
    ...(e.fold.model ? { model: e.fold.model } : {}),
    ...(e.fold.costUsd !== undefined ? { costUsd: e.fold.costUsd } : {}),
    bytes: e.size,
    source: e.gone ? 'copy' : 'file',
    pinned,
    ...(threadId ? { threadId } : {}),
  };
}

export interface ReadDeps {
  /** Where the copy goes, or undefined when copies are off. */
  copyFile?: string;
  /** Receives the search text the new lines add. */
  onText: (text: string) => Promise<void> | void;
}

/**
 * Read what was appended to the entry's file since last time (all of it when `reset`), fold it into the
 * summary, extend the copy and the search text. Returns false when the file is not there.
 */
export async function readAppended(
  e: IndexEntry,
  st: { size: number; mtimeMs: number },
  deps: ReadDeps,
): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(e.file, 'r');
  } catch {
    return false;
  }
  try {
    const source = fileSource(handle, st.size);
    e.offset = await readCompleteLines(source, e.offset, st.size, async (bytes) => {
      let added = '';
      forEachLine(bytes, (line) => {
        added += foldLine(e.fold, line);
      });
      if (added) {
        e.textChars += added.length;
        await deps.onText(added);
      }
    });
    if (deps.copyFile && e.copy && e.copy.rawBytes < e.offset) {
      // The copy catches up with what was read (also after copies were switched back on).
      const start = e.copy.rawBytes;
      await readCompleteLines(source, start, e.offset, (bytes) =>
        appendToCopy(deps.copyFile as string, e.copy as CopyMeta, bytes),
      );
    }
    e.size = st.size;
    e.mtimeMs = st.mtimeMs;
    return true;
  } finally {
    await handle.close();
  }
}
