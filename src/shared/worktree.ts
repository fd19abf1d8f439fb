/**
 * A thread's own git worktree, and what it changed (issue "many agents at once"). Plain data: it crosses every
 * process boundary. The layout is Claude Code's own (`claude -w <name>`, recorded case 51): the worktree is
 * `<repo>/.claude/worktrees/<name>` on the branch `worktree-<name>`, so the terminal and the app agree.
 */
import * as z from 'zod';

/** Where a worktree thread is in its life: made on its first turn, then landed (merged or kept) or discarded. */
export const WORKTREE_STATES = ['pending', 'ready', 'merged', 'kept', 'discarded'] as const;
export type WorktreeState = (typeof WORKTREE_STATES)[number];

export interface ThreadWorktree {
  /** `<name>` in `<repo>/.claude/worktrees/<name>` and `worktree-<name>`; letters, digits, `-` and `_`. */
  name: string;
  /** The repository's top folder (the user's own checkout), absolute. */
  repo: string;
  /** The worktree folder, absolute: where the thread's turns run. */
  path: string;
  /** The thread's branch (`worktree-<name>`). */
  branch: string;
  /** The branch checked out in `repo` when the thread started: what "Merge" lands into. */
  base: string;
  state: WorktreeState;
  /** Its folder was removed after a merge or "Keep as branch" (the branch stays): the thread has no folder of its own. */
  archived?: boolean;
  /**
   * Where the thread went on once its worktree was gone (discarded, archived, deleted by hand), as the user chose:
   * the project's own checkout, or nowhere (read-only). Absent while not chosen: the next turn asks instead of
   * falling back silently. (A new worktree replaces this record instead.)
   */
  goneChoice?: 'checkout' | 'read-only';
}

/** What the user may choose once a thread's worktree is gone. */
export const AFTER_WORKTREE = ['restore', 'new', 'checkout', 'read-only'] as const;
export type AfterWorktree = (typeof AFTER_WORKTREE)[number];

/** Whether a worktree thread still has its folder; when not, why, and what it may go on in. */
export type WorktreeStatus =
  | {
      gone: false;
      /** A worktree is asked for but none can be made there (no commit, a detached HEAD, no git): why, and what to do. */
      impossible?: string;
    }
  | {
      gone: true;
      why: 'discarded' | 'archived' | 'missing';
      /** One sentence: what happened, and the choice to make. */
      message: string;
      base: string;
      /** The user's own checkout (what "the main checkout" is). */
      repo: string;
      /** The user chose read-only: no turn runs in this thread any more. */
      readOnly?: boolean;
      /** Its branch is still there: the worktree can be made again on it ("restore"). */
      canRestore?: boolean;
    };

export const threadWorktreeSchema = z.looseObject({
  name: z.string(),
  repo: z.string(),
  path: z.string(),
  branch: z.string(),
  base: z.string(),
  state: z.enum(WORKTREE_STATES),
}) satisfies z.ZodType<ThreadWorktree>;

/** One file that differs between a worktree thread's branch (committed or not) and its base. */
export interface FileChange {
  /** Relative to the worktree's top folder, `/`-separated. */
  path: string;
  /** For a rename: where it came from. */
  oldPath?: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed';
  /** Lines; 0 and 0 with `binary` for a binary file. */
  added: number;
  removed: number;
  binary?: boolean;
  /** True while any part of the change is not committed on the thread's branch yet. */
  uncommitted: boolean;
  /** Unmerged in the worktree's index (a merge or rebase stopped on it), or holding conflict markers. */
  conflicted?: boolean;
}

/** A git operation that can stop half way, leaving the worktree between two states. */
export type GitOperation = 'merge' | 'rebase' | 'cherry-pick' | 'revert';

/** What must be finished before anything is committed or landed (issue 44 point 1). */
export interface UnfinishedWork {
  /** The operation stopped half way in the worktree, if any. */
  operation?: GitOperation;
  /** Paths still unmerged in the worktree's index. */
  conflicted: string[];
  /** Files the thread changed whose added lines hold conflict markers. */
  markers: string[];
}

/** The short form the board shows beside each thread. */
export interface ChangeCounts {
  files: number;
  added: number;
  removed: number;
}

/** Everything a worktree thread changed against its base: the Changes panel's list. */
export interface WorktreeChanges extends ChangeCounts {
  threadId: string;
  branch: string;
  base: string;
  /** Commits on the branch not on the base. */
  ahead: number;
  /** Commits on the base since the branch left it. */
  behind: number;
  changes: FileChange[];
  /** How this project last brought its base in ("Bring <base> into this thread" offers it first). */
  bringHow?: 'merge' | 'rebase';
  /** A merge or rebase stopped half way, unmerged paths or conflict markers: nothing can be landed until finished. */
  unfinished?: UnfinishedWork;
}

/** A worktree or branch Claude Desk made that no thread works in any more, with what it holds ("Tidy up"). */
export interface TidyItem {
  /** A worktree folder (and its branch), or a branch alone (its folder archived or deleted by hand). */
  kind: 'worktree' | 'branch';
  path?: string;
  branch?: string;
  base: string;
  /** The thread that made it, when it still exists. */
  thread?: string;
  uncommitted: number;
  /** Commits not on its base. */
  unmerged: number;
  /** One phrase: "2 uncommitted files and 3 commits not on main", "nothing that is not on main". */
  holds: string;
}
