/**
 * The records of a thread log (thread-log.ts describes the file) and what reading one yields. Types only: the
 * writer, the parser and the record schemas all use them, and none of those needs the others for it.
 */
import type {
  AssistantMessage,
  ChatMessage,
  ThreadBranch,
  ThreadSettings,
  ThreadSummary,
  ThreadTotals,
  UserMessage,
} from '../../shared/threads';

export interface MetaRecord {
  op: 'meta';
  at: number;
  id?: string;
  title?: string;
  createdAt?: number;
  /** Only in a compacted log, where the message records no longer carry their original times. */
  updatedAt?: number;
  settings?: ThreadSettings;
  totals?: ThreadTotals;
  pinned?: boolean;
}
export type LogRecord =
  | MetaRecord
  | { op: 'user'; at: number; message: UserMessage }
  | { op: 'assistant'; at: number; message: AssistantMessage }
  /**
   * A rewind: the messages from `branch.fromMessageId` on leave the thread and are kept as `branch`; with
   * `resumeBranchId`, that earlier branch comes back in their place (switching branches).
   */
  | { op: 'branch'; at: number; branch: ThreadBranch; resumeBranchId?: string };

export interface ParsedLog {
  summary: ThreadSummary;
  messages: ChatMessage[];
  /** Characters held by snapshots that a later snapshot replaced: what compaction would reclaim. */
  wasteChars: number;
  totalChars: number;
  /** Unreadable lines other than a torn last line. */
  badLines: number;
  /** Abandoned branches (rewinds), oldest first. */
  branches: ThreadBranch[];
  /** Whether the file ends mid-line (a crash during a write). */
  tornTail: boolean;
}
