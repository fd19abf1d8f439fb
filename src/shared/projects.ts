/** Projects: the folders a thread can work in, as the new thread's picker and the sidebar see them. */

/** Whether a folder can be worked in now; anything but `ok` comes with a sentence (ProjectFolder.problem). */
export type FolderState = 'ok' | 'missing' | 'unreadable' | 'not-folder';

export interface ProjectFolder {
  /** Absolute, normalized. */
  path: string;
  /** The folder's own name (the last segment). */
  name: string;
  /** ms since epoch: the latest thread or Claude Code session there; 0 when described alone. */
  lastUsed: number;
  /** Where it was seen: Claude Desk's threads, the CLI's own sessions (`~/.claude/projects`), or both. */
  seenIn: ('threads' | 'terminal')[];
  state: FolderState;
  /** One sentence when `state` is not `ok`: what happened and what to do. */
  problem?: string;
  /** Set when the folder is in a git repository. */
  git?: {
    /** The checked-out branch; absent when HEAD is detached. */
    branch?: string;
    /** The project's own switch for its new threads' worktrees; absent: Settings' default applies. */
    worktrees?: ProjectWorktrees;
  };
}

/**
 * A project's switch for its new threads: `always` — each gets its own worktree on its first turn; `first-edit` —
 * each starts in the project folder, read-only in effect, and gets its worktree the moment Claude first wants to
 * change a file (a thread that only answered leaves nothing behind); `never` — they work in the project folder
 * itself (shared with the other threads and the user's checkout).
 */
export type ProjectWorktrees = 'always' | 'first-edit' | 'never';

/** The browser-mode path field's completion: folder names under the typed path's parent. */
export interface FolderCompletion {
  /** The parent folder the names are in (`~` expanded), ending in a separator. */
  dir: string;
  /** Folder names only, sorted; hidden ones only when the typed name starts with a dot. */
  names: string[];
  /** More folders matched than were returned. */
  truncated: boolean;
  /** One sentence when the parent cannot be listed (missing, unreadable, not absolute). */
  problem?: string;
}

/** At most this many recent projects are listed (the picker shows the first few, a search narrows the rest). */
export const MAX_RECENT_PROJECTS = 40;
/** At most this many completions per answer. */
export const MAX_FOLDER_COMPLETIONS = 50;
