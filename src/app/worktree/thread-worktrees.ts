import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import type { ThreadSettings } from '../../shared/threads';
import { awaitsWorktree } from '../../shared/work-folder';
import type { ThreadsStore } from '../../core/store/threads-store';
import { createThreadWorktree, whyNoWorktree, WorktreeUnavailable } from '../../core/worktree/create-worktree';
import { underCreationLock } from '../../core/store/named-lock';
import type { LockResult } from '../../core/store/thread-locks';
import { worktreeNameFrom } from '../../core/worktree/worktree-name';
import { notStarted, worktreeStatus } from './worktree-gone';
import type { AfterWorktree, ThreadWorktree, TidyItem, WorktreeStatus } from '../../shared/worktree';
import type { FirstEditAnswer } from '../../core/turn/turn-request';
import { listStale, removeStale } from '../../core/worktree/tidy';
import { type Git, GitNotRun, runGit } from '../../core/git/git-runner';
import { restoreWorktree } from '../../core/worktree/discard';

/** What the user can do instead when a "when Claude first edits" thread cannot get its worktree. */
const ON_EDIT_INSTEAD =
  'turn off “When Claude first edits” in this thread’s settings to let Claude edit the folder itself';

/** What the user can do instead, said on the empty chat of a thread that asks for a worktree none can give. */
const IMPOSSIBLE_INSTEAD = 'turn off Own worktree to work in the folder itself, as your first message otherwise will';

export interface ThreadWorktreesDeps {
  threads: Pick<ThreadsStore, 'summary' | 'updateSettings'> &
    Partial<Pick<ThreadsStore, 'syncFromDisk' | 'flush' | 'list'>>;
  /** The data dir's locks: another front door making this thread's worktree at the same moment goes first. */
  locks?: { acquire(id: string, turn?: boolean): Promise<LockResult> };
  git?: Git;
  /** One sentence for every front door (a notice): why the thread works in the shared folder instead. */
  notice: (message: string) => void;
  log?: (message: string) => void;
  create?: typeof createThreadWorktree;
  /** The default workspace (a thread without a project folder never gets a worktree). */
  workspaceDir: string;
}

/**
 * Makes a thread's own worktree before its first turn, once. Only a thread that asked for one (`useWorktree`) and
 * has none yet pays for it: every later turn, and every thread without one, goes by without a git process. Two
 * sends racing share one creation. When no worktree can be made (no commit, a detached HEAD, no git), the thread
 * falls back to working in the project folder itself — shared with other threads — says why in one notice, and
 * records `useWorktree: false` so the next turn does not try again.
 */
export class ThreadWorktrees {
  private readonly making = new Map<string, Promise<ThreadSettings>>();
  private readonly stops = new Map<string, AbortController>();
  private readonly editing = new Map<string, Promise<ThreadWorktree>>();

  constructor(private readonly deps: ThreadWorktreesDeps) {}

  /**
   * The settings the thread's turn runs with: with its worktree when it asked for one. Throws the sentence when its
   * worktree is gone and the user has not chosen where it goes on (never the user's checkout silently).
   */
  async ready(threadId: string, settings: ThreadSettings): Promise<ThreadSettings> {
    if (settings.worktree) {
      const status = await worktreeStatus(settings.worktree);
      if (status.gone) throw new Error(notStarted(status));
    }
    if (!awaitsWorktree(settings)) return settings;
    let pending = this.making.get(threadId);
    if (!pending) {
      const stop = new AbortController();
      this.stops.set(threadId, stop);
      const locks = this.deps.locks;
      const make = () => this.make(threadId, settings, stop.signal);
      pending = (
        locks ? underCreationLock(locks, 'worktree', threadId, () => this.madeElsewhere(threadId, make)) : make()
      ).finally(() => {
        this.making.delete(threadId);
        this.stops.delete(threadId);
      });
      this.making.set(threadId, pending);
    }
    return pending;
  }

  /**
   * A "when Claude first edits" thread's first editing call (held by its turn until this settles): its worktree is
   * made now, and the answer says how the turn goes on — in the worktree, the same session (`moved`), or, when none
   * can be made (no commit yet, a detached HEAD, no git, Stop), refused with the reason and the choice: the edit
   * never runs in the user's checkout. Two calls of one thread share one creation; two threads of one repository
   * are made one after the other (createThreadWorktree).
   */
  async moveOnEdit(threadId: string, call: { toolName: string }): Promise<FirstEditAnswer> {
    const before = this.deps.threads.summary(threadId)?.settings;
    const checkout = before?.projectDir ?? '';
    try {
      const wt = await this.makeOnEdit(threadId);
      const line = `Claude is about to edit: this thread now works in its own worktree ${wt.path}, branch ${wt.branch}.`;
      return {
        kind: 'moved',
        folder: wt.path,
        line,
        reason: `Not run: this thread works in its own git worktree from its first edit, so nothing in ${checkout} was changed. Claude Desk has made the worktree ${wt.path} (branch ${wt.branch}); you will continue there. Redo this edit there.`,
        note: `You now work in this thread's own git worktree ${wt.path} (branch ${wt.branch}, from ${wt.base}), not in ${checkout}: your ${call.toolName} did not run. Redo it here, with paths under ${wt.path}, and carry on with the task.`,
      };
    } catch (err) {
      const why = (err as Error).message;
      const stopped = err instanceof GitNotRun && err.kind === 'stopped';
      this.deps.notice(
        stopped
          ? `Stopped while this thread's worktree was being made: what was started of it is removed, Claude's edit did not run and nothing in ${checkout} changed.`
          : `Claude wanted to change files, but this thread's worktree could not be made. ${why} Claude's edit was refused: nothing in ${checkout} changed.`,
      );
      return {
        kind: 'refused',
        reason: `Not run: this thread may change files only in its own git worktree, and that could not be made (${why}). Nothing was changed. Do not try to change files another way; tell the user that the edit needs its worktree, and answer what you can without changing files.`,
      };
    }
  }

  private async makeOnEdit(threadId: string): Promise<ThreadWorktree> {
    const pending = this.editing.get(threadId);
    if (pending) return pending;
    const stop = new AbortController();
    this.stops.set(threadId, stop);
    const { threads, locks } = this.deps;
    const make = async (): Promise<ThreadWorktree> => {
      await threads.syncFromDisk?.([threadId]);
      const settings = threads.summary(threadId)?.settings;
      if (settings?.worktree && settings.worktree.state === 'ready') return settings.worktree; // made elsewhere
      const projectDir = settings?.projectDir;
      if (!projectDir) throw new Error('This thread has no project folder to make a worktree of.');
      const why = await whyNoWorktree(projectDir, this.deps.git, ON_EDIT_INSTEAD);
      if (why) throw new Error(why);
      const raw = threads.summary(threadId)?.title ?? '';
      const title = raw === DEFAULT_THREAD_TITLE ? '' : raw;
      const name = worktreeNameFrom(title, threadId.slice(0, 8));
      const worktree = await (this.deps.create ?? createThreadWorktree)({
        projectDir,
        name,
        thread: title || name,
        threadId,
        signal: stop.signal,
      }).catch((err: unknown) => {
        if (err instanceof GitNotRun) throw err;
        const why = err instanceof WorktreeUnavailable ? err.message : (err as Error).message;
        throw new Error(`${why.replace(/\.$/, '')}: fix it and send again, or ${ON_EDIT_INSTEAD}.`, { cause: err });
      });
      await threads.updateSettings(threadId, { worktree, useWorktree: true });
      await threads.flush?.(); // on disk before the lock is given back: another front door reads it
      return worktree;
    };
    const made = (locks ? underCreationLock(locks, 'worktree', threadId, make) : make()).finally(() => {
      this.editing.delete(threadId);
      this.stops.delete(threadId);
    });
    this.editing.set(threadId, made);
    return made;
  }

  /** Another front door made it while this one waited for the lock: the thread's worktree is that one. */
  private async madeElsewhere(threadId: string, make: () => Promise<ThreadSettings>): Promise<ThreadSettings> {
    await this.deps.threads.syncFromDisk?.([threadId]);
    const now = this.deps.threads.summary(threadId)?.settings;
    if (now && !awaitsWorktree(now)) return now;
    const made = await make();
    await this.deps.threads.flush?.(); // on disk before the lock is given back: the next front door reads it
    return made;
  }

  /** Stop pressed while the thread's worktree is being made: git and its hooks end now, and nothing half made stays. */
  stop(threadId: string): void {
    this.stops.get(threadId)?.abort();
  }

  /** Whether the thread's worktree is still there; when not, why and the choice to make. */
  async status(threadId: string): Promise<WorktreeStatus> {
    const settings = this.deps.threads.summary(threadId)?.settings;
    const wt = settings?.worktree;
    // Asked for, not made yet: the empty chat says before the first message when none can be made there.
    if (!wt && settings?.useWorktree === true && settings.projectDir) {
      const impossible = await whyNoWorktree(settings.projectDir, this.deps.git, IMPOSSIBLE_INSTEAD).catch(
        () => undefined,
      );
      return impossible ? { gone: false, impossible } : { gone: false };
    }
    const status = await worktreeStatus(wt);
    if (!wt || !status.gone || status.readOnly || wt.state === 'discarded') return status;
    const git = this.deps.git ?? runGit;
    const branch = await git(['rev-parse', '--verify', '-q', `refs/heads/${wt.branch}`], { cwd: wt.repo });
    return branch.code === 0 ? { ...status, canRestore: true } : status;
  }

  /**
   * Where a thread whose worktree is gone goes on, as the user chose: a new worktree from the repository's branch
   * checked out now (its base), the main checkout itself, or nowhere (read-only). Throws a sentence.
   */
  async continueAfter(threadId: string, choice: AfterWorktree): Promise<WorktreeStatus> {
    const { threads } = this.deps;
    const wt = threads.summary(threadId)?.settings.worktree;
    if (!wt || !(await worktreeStatus(wt)).gone)
      throw new Error('This thread’s worktree is still there: nothing to choose.');
    if (choice === 'restore') {
      await restoreWorktree(wt, threads.summary(threadId)?.title || wt.name, this.deps.git);
      const { archived: _archived, goneChoice: _choice, ...rest } = wt;
      await threads.updateSettings(threadId, { worktree: { ...rest, state: 'ready' } });
    } else if (choice === 'new') {
      const raw = threads.summary(threadId)?.title ?? '';
      const title = raw === DEFAULT_THREAD_TITLE ? '' : raw;
      const name = worktreeNameFrom(title, threadId.slice(0, 8));
      const worktree = await (this.deps.create ?? createThreadWorktree)({
        projectDir: wt.repo,
        name,
        thread: title || name,
      });
      await threads.updateSettings(threadId, { worktree });
    } else await threads.updateSettings(threadId, { worktree: { ...wt, goneChoice: choice } });
    return this.status(threadId);
  }

  /** The repository's worktrees and branches Claude Desk made that no thread works in any more. */
  async staleIn(repo: string): Promise<TidyItem[]> {
    const all = (await this.deps.threads.list?.()) ?? [];
    const recorded = all.flatMap((t) => {
      const wt = t.settings.worktree;
      if (!wt || wt.repo !== repo || wt.state === 'pending') return [];
      // In use: a thread that still works in its worktree (not landed, not discarded, not gone).
      const inUse = wt.state === 'ready' && !wt.archived && !wt.goneChoice;
      return [{ path: wt.path, branch: wt.branch, base: wt.base, inUse, thread: t.title }];
    });
    // Only a repository a thread worked in: the page cannot point Claude Desk at any folder to remove things from.
    if (recorded.length === 0) return [];
    return listStale(repo, { recorded }, this.deps.git);
  }

  /** Remove the chosen items (listed afresh: only what is still stale goes); the sentence of what was done. */
  async tidy(
    repo: string,
    chosen: { path?: string; branch?: string }[],
  ): Promise<{ removed: number; message: string }> {
    const stale = await this.staleIn(repo);
    const picked = stale.filter((s) => chosen.some((c) => (c.path ?? c.branch) === (s.path ?? s.branch)));
    const failed: string[] = [];
    for (const item of picked)
      await removeStale(repo, item, this.deps.git).catch((err: unknown) =>
        failed.push(`${item.branch ?? item.path} (${(err as Error).message})`),
      );
    const removed = picked.length - failed.length;
    const done = `Removed ${removed} of ${chosen.length}.`;
    return { removed, message: failed.length > 0 ? `${done} Not removed: ${failed.join('; ')}.` : done };
  }

  private async make(threadId: string, settings: ThreadSettings, signal: AbortSignal): Promise<ThreadSettings> {
    const { threads } = this.deps;
    const projectDir = settings.projectDir;
    if (!projectDir) return this.fallBack(threadId, settings, undefined);
    const raw = threads.summary(threadId)?.title ?? '';
    const title = raw === DEFAULT_THREAD_TITLE ? '' : raw;
    const name = worktreeNameFrom(title, threadId.slice(0, 8));
    try {
      const worktree = await (this.deps.create ?? createThreadWorktree)({
        projectDir,
        name,
        thread: title || name,
        threadId,
        signal,
      });
      await threads.updateSettings(threadId, { worktree });
      return { ...settings, worktree };
    } catch (err) {
      // Stopped, or a hook past git's bound: the turn ends with that, and the thread still asks for its worktree —
      // an interruption never sends it to work in the user's own checkout.
      if (err instanceof GitNotRun)
        throw new Error(
          err.kind === 'stopped'
            ? `${err.message} This thread's worktree was not made (what was started of it is removed).`
            : `${err.message}, so this thread's worktree was not made (what was started of it is removed): fix it and send again.`,
          { cause: err },
        );
      const sentence =
        err instanceof WorktreeUnavailable
          ? err.message
          : `This thread's worktree could not be made (${(err as Error).message}), so it works in the project folder itself.`;
      return this.fallBack(threadId, settings, sentence);
    }
  }

  private async fallBack(threadId: string, settings: ThreadSettings, sentence: string | undefined) {
    if (sentence) this.deps.notice(sentence);
    await this.deps.threads
      .updateSettings(threadId, { useWorktree: false })
      .catch((err: unknown) => this.deps.log?.(`saving useWorktree failed: ${String(err)}`));
    return { ...settings, useWorktree: false };
  }
}
