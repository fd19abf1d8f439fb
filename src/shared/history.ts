/** Claude Code sessions as the History view sees them. Plain data: these cross every process boundary. */
import type { ChatMessage, ThreadSummary } from './threads';

export interface HistorySession {
  /** The CLI's session uuid (the file name): what `--resume` takes. */
  id: string;
  /** The folder the session ran in, read from the file (`cwd`); the encoded folder name only as a fallback. */
  project: string;
  title: string;
  /** Where the title came from: the user's /rename, the CLI's generated title or summary, or the first prompt. */
  titleSource: 'custom' | 'ai' | 'summary' | 'prompt' | 'none';
  /** ms since epoch. */
  firstAt: number;
  lastAt: number;
  /** Typed prompts plus assistant turns: what the transcript shows. */
  messages: number;
  model?: string;
  costUsd?: number;
  /** Size of the CLI's file when last read (bytes). */
  bytes: number;
  /** `file`: the CLI still has it; `copy`: the CLI deleted it and only Claude Desk's kept copy is left. */
  source: 'file' | 'copy';
  pinned: boolean;
  /** The Claude Desk thread that continues this session, if any. */
  threadId?: string;
  /**
   * When the session ran in a linked worktree of a repository: the repository's own checkout (the History lists the
   * session under it, not under the worktree's folder) and the worktree's branch.
   */
  repo?: string;
  branch?: string;
  /**
   * How many sessions of that thread this row stands for (more than 1: Regenerate, Edit & resend or Rewind forked
   * it; the row is the latest, the others are its earlier branches).
   */
  branches?: number;
}

/** One page of a transcript, newest last. `before` is the cursor of the page above (absent at the top). */
export interface HistoryPage {
  sessionId: string;
  messages: ChatMessage[];
  before?: number;
}

export type HistorySearchHit =
  | { kind: 'session'; session: HistorySession; snippet: string }
  | { kind: 'thread'; thread: ThreadSummary; snippet: string };

export interface HistoryStats {
  sessions: number;
  /** Compressed copies kept in the private state (bytes on disk). */
  keptBytes: number;
  /** What those copies hold uncompressed. */
  keptRawBytes: number;
  keepCopies: boolean;
}
