import type {
  BringHow,
  BringOutcome,
  ChangeDiff,
  LandOutcome,
  LandRequest,
  PullRequestReadiness,
  RunningSessions,
  ThreadChanges,
} from '../../shared/worktree-changes';
import type { Thread, ThreadSettings, ThreadSummary } from '../../shared/threads';
import type { ChangeCounts, ThreadWorktree, WorktreeState } from '../../shared/worktree';
import { changeCounts, readChanges, readFileSides } from '../../core/worktree/changes';
import { draftCommitMessage } from '../../core/worktree/commit-message';
import { commitAll, keepAsBranch, mergeIntoBase, refuse } from '../../core/worktree/land';
import { archiveWorktree, discardWorktree } from '../../core/worktree/discard';
import { findUnfinishedWork, unfinishedFiles } from '../../core/worktree/unfinished-work';
import { createPullRequest } from '../../core/worktree/pull-request';
import { pullRequestReadiness } from '../../core/worktree/pull-request-readiness';
import type { RunToEnd } from '../../core/process-runner';
import { type Git, runGit } from '../../core/git/git-runner';
import { type OwnProcesses, refuseWhileSessionsRun } from './sessions-in-worktree';
import type { BringChoices } from './bring-choices';
import { abortBring, awaitsClaude, bringBase, finishBring, setResolver } from '../../core/worktree/bring-base';
import { unmergedPaths } from '../../core/worktree/unfinished-work';
import { LandRuns } from './land-runs';

export interface ChangesServiceDeps {
  threads: {
    summary(id: string): ThreadSummary | undefined;
    get(id: string): Promise<Thread | undefined>;
    updateSettings(id: string, patch: ThreadSettings): Promise<unknown>;
  };
  /** A turn of the thread is queued, running or closing: its agent may be writing in the worktree. */
  isBusy(threadId: string): boolean;
  /** The thread's worktree was removed: nothing of the thread may keep running in it. */
  discarded?(threadId: string): void;
  /** The Claude Code sessions running on this computer now (`claude agents --json`); absent: not checked. */
  runningSessions?(): Promise<RunningSessions>;
  /** The thread's own CLI processes (kept or warm): a discard ends them, they do not block it. */
  ownProcesses?(threadId: string): Promise<OwnProcesses>;
  /** The thread's files changed (a land): the panel and the board read them again. */
  changed(threadId: string): void;
  git?: Git;
  /** How each project last brought its base in; absent: merge, not remembered. */
  bringChoices?: BringChoices;
  /** Runs gh (tests put a stand-in here; the app finds it on PATH). */
  run?: RunToEnd;
}

/** The worktree states whose folder may still hold work to show. */
const READABLE: readonly WorktreeState[] = ['ready', 'merged', 'kept'];
const LANDED: Partial<Record<LandRequest['action'], WorktreeState>> = {
  merge: 'merged',
  keep: 'kept',
  pullRequest: 'kept',
  discard: 'discarded',
};

/**
 * The Changes panel's and the board's host side: a worktree thread's changes, one file's diff, the drafted commit
 * message, and landing (commit, merge, keep, pull request, discard) with the refusals the window and the command
 * line share. The landed state is written into the thread's settings.
 */
export class ChangesService {
  private readonly git: Git;
  /** One land at a time per thread: a double click must not merge twice. */
  private readonly landing = new Set<string>();
  /** Readiness checks in flight per repository: threads of one project and quick reopenings share one. */
  private readonly checking = new Map<string, Promise<PullRequestReadiness>>();

  /** The git work of each land or bring running now: its progress and its Stop. */
  readonly runs: LandRuns;

  constructor(private readonly deps: ChangesServiceDeps) {
    this.git = deps.git ?? runGit;
    this.runs = new LandRuns(this.git);
  }

  private worktreeOf(threadId: string): ThreadWorktree | undefined {
    const wt = this.deps.threads.summary(threadId)?.settings.worktree;
    return wt && READABLE.includes(wt.state) && !wt.archived && !wt.goneChoice ? wt : undefined;
  }

  /** The board's counts for one row; null for a thread without a worktree (or one that cannot be read now). */
  async counts(threadId: string): Promise<ChangeCounts | null> {
    const wt = this.worktreeOf(threadId);
    if (!wt) return null;
    return changeCounts(wt, this.git).catch(() => null);
  }

  async changes(threadId: string): Promise<ThreadChanges> {
    const wt = this.worktreeOf(threadId);
    if (!wt) return null;
    try {
      const [list, unfinished, bringHow] = await Promise.all([
        readChanges(wt, this.git),
        findUnfinishedWork(this.git, wt),
        this.deps.bringChoices?.of(wt.repo) ?? ('merge' as const),
      ]);
      if (!unfinished) return { threadId, branch: wt.branch, base: wt.base, bringHow, ...list };
      // A merge or rebase stopped half way: its conflicted files are marked (their markers are not "+N" of work),
      // and one only conflicted (the same on both sides, say) is listed all the same.
      const bad = new Set(unfinishedFiles(unfinished));
      const changes = list.changes.map((c) => (bad.has(c.path) ? { ...c, conflicted: true } : c));
      for (const file of bad)
        if (!changes.some((c) => c.path === file))
          changes.push({ path: file, status: 'modified', added: 0, removed: 0, uncommitted: true, conflicted: true });
      return { threadId, branch: wt.branch, base: wt.base, bringHow, ...list, changes, unfinished };
    } catch {
      throw new Error(
        `The worktree at ${wt.path} could not be read: it may have been removed or its base ${wt.base} deleted.`,
      );
    }
  }

  async diff(threadId: string, file: { path: string; oldPath?: string }): Promise<ChangeDiff> {
    const wt = this.worktreeOf(threadId);
    if (!wt) throw new Error('This thread has no worktree to show changes from.');
    return readFileSides(wt, file, this.git);
  }

  async draftMessage(threadId: string): Promise<string> {
    const thread = await this.deps.threads.get(threadId);
    const wt = this.worktreeOf(threadId);
    const files = wt ? (await readChanges(wt, this.git).catch(() => undefined))?.changes.map((c) => c.path) : [];
    return draftCommitMessage({
      title: thread?.title ?? '',
      requests: (thread?.messages ?? []).flatMap((m) => (m.role === 'user' && !m.marker ? [m.text] : [])),
      files: files ?? [],
    });
  }

  /**
   * Whether Create pull request can work for the thread's repository, asked afresh each time the panel opens (gh
   * may have been installed or logged in meanwhile); one check per repository at a time.
   */
  async pullRequestReadiness(threadId: string): Promise<PullRequestReadiness> {
    const wt = this.worktreeOf(threadId);
    if (!wt)
      return { ready: false, missing: 'unknown', message: 'This thread has no worktree to open a pull request from.' };
    let pending = this.checking.get(wt.repo);
    if (!pending) {
      const deps = { git: this.git, ...(this.deps.run ? { run: this.deps.run } : {}) };
      pending = pullRequestReadiness(wt.path, deps).finally(() => this.checking.delete(wt.repo));
      this.checking.set(wt.repo, pending);
    }
    return pending;
  }

  async land(req: LandRequest): Promise<LandOutcome> {
    const { threadId, action } = req;
    const wt = this.deps.threads.summary(threadId)?.settings.worktree;
    if (!wt || wt.state === 'pending')
      return refuse(action, 'not-worktree', 'This thread has no worktree yet: its first message makes one.');
    if (wt.state === 'discarded')
      return refuse(action, 'not-worktree', 'This thread’s worktree was already discarded.');
    if ((wt.archived || wt.goneChoice) && action !== 'discard')
      return refuse(
        action,
        'not-worktree',
        `This thread’s worktree folder is gone (its branch ${wt.branch} is kept): there is nothing here to ${action === 'pullRequest' ? 'open a pull request from' : action}.`,
      );
    if (this.deps.isBusy(threadId))
      return refuse(
        action,
        'busy',
        'Claude is still working in this thread: wait for the turn to end (or stop it), then try again.',
      );
    if (this.landing.has(threadId))
      return refuse(action, 'busy', 'This thread’s work is being landed already: wait for that to finish.');
    this.landing.add(threadId);
    const git = this.runs.begin(threadId);
    try {
      const live = await this.sessionsInTheWay(threadId, wt, req);
      if (live) return live;
      const message = req.message?.trim() || (await this.draftMessage(threadId));
      const before = await this.runs.refs(wt);
      let outcome = await this.run(wt, req, message, git);
      const stoppedAt = this.runs.stopped(threadId);
      if (stoppedAt && !outcome.ok)
        return refuse(action, 'failed', await this.runs.stoppedSentence(stoppedAt, action, wt, before));
      const state = outcome.ok ? LANDED[action] : undefined;
      let archived = false;
      // A merge or Keep as branch archives the worktree (folder removed, branch kept) unless asked to keep it.
      if (outcome.ok && (action === 'merge' || action === 'keep') && req.keepWorktree !== true) {
        this.deps.discarded?.(threadId); // no process of the thread may keep running in a folder being removed
        const done = await archiveWorktree(wt, git);
        archived = done.ok;
        outcome = {
          ...outcome,
          message: done.ok
            ? `${outcome.message} The worktree folder was removed; the branch ${wt.branch} stays.`
            : `${outcome.message} The worktree folder stays (${done.why}).`,
        };
      }
      if (state)
        await this.deps.threads.updateSettings(threadId, {
          worktree: { ...wt, state, ...(archived ? { archived: true } : {}) },
        });
      if (state === 'discarded') this.deps.discarded?.(threadId);
      return outcome;
    } finally {
      this.runs.end(threadId);
      this.landing.delete(threadId);
      this.deps.changed(threadId);
    }
  }

  /** The thread's ready worktree for a git step, or the refusal that says why there is none / why not now. */
  private gitStep(threadId: string): ThreadWorktree | BringOutcome {
    const wt = this.deps.threads.summary(threadId)?.settings.worktree;
    if (!wt || wt.state === 'pending' || wt.state === 'discarded')
      return { ok: false, reason: 'not-worktree', message: 'This thread has no worktree to bring its base into.' };
    if (this.deps.isBusy(threadId))
      return {
        ok: false,
        reason: 'busy',
        message: 'Claude is still working in this thread: wait for the turn to end (or stop it), then try again.',
      };
    if (this.landing.has(threadId))
      return {
        ok: false,
        reason: 'busy',
        message: 'This thread’s worktree is busy with another git step: wait for it.',
      };
    return wt;
  }

  /** One git step on the thread's worktree at a time, then the panel and the board read it again. */
  private async step(
    threadId: string,
    work: (wt: ThreadWorktree, git: Git) => Promise<BringOutcome>,
  ): Promise<BringOutcome> {
    const wt = this.gitStep(threadId);
    if (!('path' in wt)) return wt;
    this.landing.add(threadId);
    const git = this.runs.begin(threadId);
    try {
      const before = await this.runs.refs(wt);
      const out = await work(wt, git);
      const stoppedAt = this.runs.stopped(threadId);
      if (stoppedAt && !out.ok)
        return {
          ok: false,
          reason: 'failed',
          message: await this.runs.stoppedSentence(stoppedAt, 'bring', wt, before),
        };
      return out;
    } finally {
      this.runs.end(threadId);
      this.landing.delete(threadId);
      this.deps.changed(threadId);
    }
  }

  /** Bring the base in (merge or rebase), remembering the choice for the project. */
  bring(threadId: string, how: BringHow, message?: string): Promise<BringOutcome> {
    return this.step(threadId, async (wt, git) => {
      await this.deps.bringChoices?.remember(wt.repo, how);
      const text = message?.trim() || (await this.draftMessage(threadId));
      return bringBase(wt, how, text, git);
    });
  }

  finishBring(threadId: string): Promise<BringOutcome> {
    return this.step(threadId, (wt, git) => finishBring(wt, git));
  }

  abortBring(threadId: string): Promise<BringOutcome> {
    return this.step(threadId, (wt, git) => abortBring(wt, git));
  }

  /**
   * Who resolves the conflicts: for Claude, the message to send in the thread — only the conflicted files to edit,
   * no git command (Accept edits allows it); its turn's end finishes the bring (see finishAfterClaude).
   */
  async resolveBring(threadId: string, by: 'claude' | 'myself'): Promise<{ prompt?: string; files: string[] }> {
    const wt = this.worktreeOf(threadId);
    if (!wt) return { files: [] };
    const files = await unmergedPaths(this.git, wt.path);
    await setResolver(this.git, wt.path, by);
    return by === 'claude' ? { prompt: resolveConflictsPrompt(wt.base, files), files } : { files };
  }

  /** After a turn of the thread ended: finish the bring Claude was asked to resolve; undefined when none waited. */
  async finishAfterClaude(threadId: string): Promise<BringOutcome | undefined> {
    const wt = this.worktreeOf(threadId);
    if (!wt || !(await awaitsClaude(this.git, wt.path).catch(() => false))) return undefined;
    return this.finishBring(threadId);
  }

  /** A discard waits for the sessions working in the worktree, unless asked to go on despite them. */
  private async sessionsInTheWay(threadId: string, wt: ThreadWorktree, req: LandRequest) {
    if (req.action !== 'discard' || req.despiteSessions === true || !this.deps.runningSessions) return undefined;
    const own = (await this.deps.ownProcesses?.(threadId)) ?? { pids: [], sessionIds: [] };
    return refuseWhileSessionsRun(wt.path, await this.deps.runningSessions(), own);
  }

  private run(wt: ThreadWorktree, req: LandRequest, message: string, git: Git): Promise<LandOutcome> {
    switch (req.action) {
      case 'commit':
        return commitAll(wt, message, git);
      case 'merge':
        return mergeIntoBase(wt, message, git);
      case 'keep':
        return keepAsBranch(wt, message, git);
      case 'pullRequest':
        return createPullRequest(wt, message, { git, ...(this.deps.run ? { run: this.deps.run } : {}) });
      case 'discard':
        return discardWorktree(wt, { force: req.force === true }, git);
    }
  }
}

/** The message that hands a bring's conflicts to Claude: edit these files only; Claude Desk does the git part. */
export function resolveConflictsPrompt(base: string, files: string[]): string {
  return (
    `Bringing ${base} into this thread stopped on conflicts in ${files.join(', ')}. ` +
    'Please edit only these files to resolve them: keep what both sides meant, and remove every conflict marker ' +
    '(the <<<<<<<, ======= and >>>>>>> lines). Do not run git or any other command: Claude Desk checks the files ' +
    'and completes the merge once you are done.'
  );
}
