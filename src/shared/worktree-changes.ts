/**
 * The Changes panel and landing a worktree thread's work (issue "many agents at once", point 4): what the host
 * answers, and what a land asks. Plain data; the worktree shapes are in worktrees.ts.
 */
import type { WorktreeChanges } from './worktree';

export const LAND_ACTIONS = ['commit', 'merge', 'keep', 'pullRequest', 'discard'] as const;
export type LandAction = (typeof LAND_ACTIONS)[number];

/**
 * Why a land did not happen. `conflict` lists the files; `needs-confirmation` (discard only) says what would be
 * lost and is done when asked again with `force`; `live-session` (discard only) names the Claude Code sessions still
 * working in the worktree and is done when asked again with `despiteSessions`; the rest are one sentence in `message`.
 */
export const LAND_REFUSALS = [
  'conflict',
  'dirty-checkout',
  'needs-confirmation',
  'busy',
  'not-worktree',
  'nothing-to-commit',
  'missing-tool',
  'live-session',
  'unfinished',
  'failed',
] as const;
export type LandRefusal = (typeof LAND_REFUSALS)[number];

export type LandOutcome =
  | {
      ok: true;
      action: LandAction;
      /** One sentence saying what happened ("Merged worktree-x into main (fast-forward)."). */
      message: string;
      /** The commit the action made or landed, when it made one. */
      commit?: string;
      /** A pull request's address. */
      url?: string;
    }
  | {
      ok: false;
      action: LandAction;
      reason: LandRefusal;
      /** One sentence: what happened and what to do. */
      message: string;
      /** The conflicting files (conflict, unfinished), or what a discard would lose (needs-confirmation). */
      files?: string[];
      /** The sessions still working in the worktree, one line each (live-session). */
      sessions?: string[];
    };

export interface LandRequest {
  threadId: string;
  action: LandAction;
  /** The commit message (commit, merge, keep, pullRequest); the drafted one when absent. */
  message?: string;
  /** Discard: delete uncommitted and unmerged work too. */
  force?: boolean;
  /** Discard: even while a Claude Code session (`claude agents --json`) still works inside the worktree. */
  despiteSessions?: boolean;
  /** Merge, keep: leave the worktree folder in place (by default a landed worktree is archived: folder removed, branch kept). */
  keepWorktree?: boolean;
}

/**
 * A Claude Code session running on this computer, as `claude agents --json` lists it (recorded cases 50, 54): a
 * `--bg` one has a short `id`; an interactive or stream-json one only its pid and session id.
 */
export interface RunningSession {
  cwd: string;
  kind: string;
  name: string;
  id?: string;
  sessionId?: string;
  pid?: number;
}
export type RunningSessions = { ok: true; sessions: RunningSession[] } | { ok: false; reason: string };

/** One file's two sides for the diff view; null: the file is missing on that side. */
export interface ChangeDiff {
  path: string;
  before: string | null;
  after: string | null;
  binary: boolean;
  tooBig: boolean;
}

/** A thread's changes as the panel shows them; null when the thread has no worktree (yet, or any more). */
export type ThreadChanges = WorktreeChanges | null;

/** Pushed when a worktree thread's files may have changed (after a tool result or a turn's end, coalesced). */
export interface ChangesChangedEvent {
  threadId: string;
}

/**
 * Whether "Create pull request" can work from here: GitHub's `gh` on PATH, logged in for the remote's host, and a
 * remote to push to. When not, what is missing and one sentence saying what to do.
 */
export type PullRequestReadiness =
  { ready: true; remote: string } | { ready: false; missing: 'gh' | 'login' | 'remote' | 'unknown'; message: string };

/** How "Bring <base> into this thread" brings the base in: a merge of it, or a rebase onto it. */
export const BRING_HOWS = ['merge', 'rebase'] as const;
export type BringHow = (typeof BRING_HOWS)[number];

/**
 * What a bring (or finishing, or aborting one) did. `done: false`: it stopped on conflicts in `files`, for Claude or
 * the user to resolve, then finish (or abort). A refusal's sentence says whether anything changed.
 */
export type BringOutcome =
  | { ok: true; done: true; message: string }
  | { ok: true; done: false; how: BringHow; message: string; files: string[] }
  | { ok: false; reason: LandRefusal; message: string; files?: string[] };

/**
 * The git work of a land or a bring running now, as the Changes panel polls it while it waits: what git waits for
 * (the hook by its event and command when one runs, else the git command), for how long, and git's bound.
 */
export interface LandProgress {
  waitingFor: string;
  hook?: { event: string; command: string };
  elapsedMs: number;
  boundMs: number;
}
