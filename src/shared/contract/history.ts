/** The History of every Claude Code session on this computer. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { HistoryPage, HistorySearchHit, HistorySession, HistoryStats } from '../history';
import { id, sessionId } from './fields';
import type { HistoryCallName } from './history-names';

export const historyCalls = {
  /** History: every Claude Code session on this machine, most recent first. */
  listHistory: call<HistorySession[]>()(z.undefined()),
  /** Wait for a full re-scan of the sessions (a host without the watcher running: the command line). */
  refreshHistory: call<null>()(z.undefined()),
  /** A page of a session's transcript, newest last; `before` = the previous page's cursor (omit for the end). */
  getHistoryPage: call<HistoryPage>()(z.object({ sessionId, before: z.number().int().min(0).optional() }).strict()),
  /** Sessions and threads together, with a snippet around the hit. */
  searchHistory: call<HistorySearchHit[]>()(
    z.object({ query: z.string().max(1000), limit: z.number().int().min(1).max(500).optional() }).strict(),
  ),
  pinHistorySession: call<null>()(z.object({ sessionId, pinned: z.boolean() }).strict()),
  /** The thread that continues a session (an existing one, or a new one whose next message resumes it). */
  continueSession: call<{ threadId: string; created: boolean }>()(z.object({ sessionId }).strict()),
  /** Markdown of a thread or a session (the renderer copies it or saves it as a file). */
  exportMarkdown: call<{ fileName: string; markdown: string }>()(
    z.union([z.object({ threadId: id }).strict(), z.object({ sessionId }).strict()]),
  ),
  getHistoryStats: call<HistoryStats>()(z.undefined()),
} satisfies CallsOf<HistoryCallName>;

export interface HistoryEvents {
  /** Sessions the History index added or changed (the CLI wrote, deleted, or a pin changed). */
  historyChanged: { sessionIds: string[] };
}
