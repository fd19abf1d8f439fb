/**
 * Pages of a session's transcript, newest last, read backwards from the end (from the CLI's file while it
 * exists, else from the kept copy). A page is whole turns: it starts at a typed prompt.
 */
import fs from 'node:fs/promises';
import type { HistoryPage } from '../../shared/history';
import type { ChatMessage } from '../../shared/threads';
import type { HistoryIndex } from './history-index';
import { copySource } from './kept-copies';
import { fileSource, readPageBackwards, type ChunkSource } from './line-chunks';
import { toChatMessages } from './transcript';

/** Turns per page: about a screen or two of an ordinary session. */
export const PAGE_PROMPTS = 12;

export class SessionNotFoundError extends Error {}

async function withSource<T>(index: HistoryIndex, sessionId: string, fn: (s: ChunkSource) => Promise<T>): Promise<T> {
  const e = index.entry(sessionId);
  if (!e) throw new SessionNotFoundError(`No Claude Code session ${sessionId} in the history.`);
  if (!e.gone) {
    const handle = await fs.open(e.file, 'r').catch(() => undefined);
    if (handle) {
      try {
        return await fn(fileSource(handle, (await handle.stat()).size));
      } finally {
        await handle.close();
      }
    }
  }
  const copy = e.copy;
  const handle =
    copy && copy.rawBytes > 0 ? await fs.open(index.copyFile(sessionId), 'r').catch(() => undefined) : undefined;
  if (!copy || !handle) {
    throw new SessionNotFoundError(
      `The transcript of session ${sessionId} is gone (the CLI deleted it and no copy was kept).`,
    );
  }
  try {
    return await fn(copySource(handle, copy));
  } finally {
    await handle.close();
  }
}

export function readTranscriptPage(
  index: HistoryIndex,
  sessionId: string,
  before?: number,
  prompts = PAGE_PROMPTS,
): Promise<HistoryPage> {
  return withSource(index, sessionId, async (source) => {
    const page = await readPageBackwards(source, before ?? source.size, prompts);
    return { sessionId, messages: toChatMessages(page.lines), ...(page.start > 0 ? { before: page.start } : {}) };
  });
}

/** The whole transcript (export, continuing in a thread). Explicit user actions only. */
export function readWholeTranscript(index: HistoryIndex, sessionId: string): Promise<ChatMessage[]> {
  return withSource(index, sessionId, async (source) => {
    const page = await readPageBackwards(source, source.size, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    return toChatMessages(page.lines);
  });
}
