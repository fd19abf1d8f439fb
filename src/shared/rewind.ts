/** Rewind (undo a turn's file changes and continue the conversation from before it): plain data for every door. */
import type { ThreadBranch } from './threads';
import type { BranchKind } from './turn-states';

export interface RewindFile {
  /** Relative to the project's work-tree root (git) or absolute (the CLI's own checkpoints). */
  path: string;
  /** What the rewind does to the file as it is now. */
  action: 'restore' | 'delete' | 'recreate';
  /**
   * Not this thread's to undo — changed by someone other than Claude after its latest turn, or last changed by
   * another thread (`otherThread`): kept unless the user chooses to overwrite.
   */
  conflict: boolean;
  /** Another thread sharing the project folder changed the file last (its title when it still has one). */
  otherThread?: { id: string; title?: string };
  /** Text before the target turn and now, for the diff preview (absent: no such file, binary or too big). */
  before?: string;
  current?: string;
  binary?: boolean;
  /** Restored by Claude Code's own checkpoints, which say which files change but not what they held before. */
  earlierUnknown?: boolean;
}

/**
 * What a rewind takes back (the choices Claude Code offers): the files and the conversation together, the
 * conversation only (files untouched), or the files only (the conversation goes on where it is).
 */
export const REWIND_SCOPES = ['both', 'conversation', 'code'] as const;
export type RewindScope = (typeof REWIND_SCOPES)[number];

export interface RewindPreview {
  threadId: string;
  /** The user message the thread goes back to (it returns to the composer). */
  messageId: string;
  /** git: Claude Desk's own snapshots (Bash and sub-agents included); cli: Claude Code's checkpoints only. */
  source: 'git' | 'cli' | 'none';
  files: RewindFile[];
  /** Plain sentences about what cannot be undone. */
  limits: string[];
}

export interface RewindOutcome {
  threadId: string;
  messageId: string;
  scope: RewindScope;
  restored: string[];
  /** Conflicting files left as the user left them. */
  kept: string[];
  /** The text of the message rewound to, for the composer (the conversation went back: not for `code`). */
  text: string;
  /** Set when the file part can be undone (git). */
  rewindId?: string;
}

/** A branch a rewind set aside, as listed in the thread (its messages are fetched with the thread). */
export interface BranchSummary {
  id: string;
  kind?: BranchKind;
  /** The last message it shares with the thread (absent: it starts at the beginning). */
  afterMessageId?: string;
  createdAt: number;
  messageCount: number;
}

/** A branch as the rows list it: what it holds is counted, not carried. */
export function summarizeBranch(b: ThreadBranch): BranchSummary {
  return {
    id: b.id,
    ...(b.kind ? { kind: b.kind } : {}),
    ...(b.afterMessageId ? { afterMessageId: b.afterMessageId } : {}),
    createdAt: b.createdAt,
    messageCount: b.messages.length,
  };
}
