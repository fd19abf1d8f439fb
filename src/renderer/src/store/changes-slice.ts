import type {
  BringHow,
  BringOutcome,
  ChangeDiff,
  LandOutcome,
  LandProgress,
  LandRequest,
  PullRequestReadiness,
  ThreadChanges,
} from '../../../shared/worktree-changes';
import type { AfterWorktree, TidyItem, WorktreeStatus } from '../../../shared/worktree';
import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import { singleFlightBy } from './single-flight';

/** The Changes panel of the open worktree thread: its list, read again when the host says the files changed. */
export interface ChangesSlice {
  /** The thread whose Changes panel is open, or null. */
  changesFor: string | null;
  /** Its changes as last read (null: no worktree), or why they could not be read. */
  changes: { threadId: string; data: ThreadChanges; error?: string } | null;
  openChanges(threadId: string): void;
  closeChanges(): void;
  /** Read the open panel's changes again (the host pushed changesChanged, or a land finished). */
  changesChanged(threadId: string): void;
  loadChangeDiff(threadId: string, file: { path: string; oldPath?: string }): Promise<ChangeDiff>;
  draftCommitMessage(threadId: string): Promise<string>;
  /** A land; a refusal is an outcome, and a failure of the call itself one too (its sentence). */
  landThread(req: LandRequest): Promise<LandOutcome>;
  /** What the thread's running land (or bring) waits for now; null when none runs or it could not be asked. */
  landProgress(threadId: string): Promise<LandProgress | null>;
  /** Stop the thread's running land (or bring): git and its hooks end at once. */
  stopLand(threadId: string): Promise<void>;
  /** Per repository: whether Create pull request can work there, as last asked (absent: not asked yet). */
  pullRequestReadiness: Record<string, PullRequestReadiness>;
  /** Ask again (the panel opened): the last answer shows meanwhile, so the panel never waits for gh. */
  checkPullRequest(threadId: string, repo: string): void;
  /** Merge the base into the thread, or rebase onto it; a failure of the call is an outcome too. */
  bringBase(threadId: string, how: BringHow): Promise<BringOutcome>;
  /**
   * Hand the conflicts of the bring in progress over: to Claude in this thread (the host's message, sent as the
   * user's; its turn's end finishes the bring), or to the user's editor (each file opened). False when it could not.
   */
  resolveBring(threadId: string, by: 'claude' | 'myself', worktreePath: string): Promise<boolean>;
  finishBring(threadId: string): Promise<BringOutcome>;
  abortBring(threadId: string): Promise<BringOutcome>;
  /** Per thread: whether its worktree is still there, as last asked (absent: not asked, or no worktree). */
  worktreeStatus: Record<string, WorktreeStatus>;
  /** Ask again whether the thread's worktree is there (the thread opened, its settings changed, a turn ended). */
  checkWorktree(threadId: string): void;
  /** Where a thread whose worktree is gone goes on; the sentence when it could not be done, else undefined. */
  continueWithoutWorktree(threadId: string, choice: AfterWorktree): Promise<string | undefined>;
  /** "Tidy up": the repository's stale worktrees and branches Claude Desk made; rejects with the host's sentence. */
  listStaleWorktrees(repo: string): Promise<TidyItem[]>;
  /** Remove the chosen ones; a failure of the call is an answer with its sentence. */
  tidyWorktrees(
    repo: string,
    items: { path?: string; branch?: string }[],
  ): Promise<{ removed: number; message: string }>;
}

declare module './desk-state' {
  interface DeskState extends ChangesSlice {}
}

export const createChangesSlice: Slice<ChangesSlice> = (set, get) => {
  /** A bring step; the call failing is an outcome with its sentence; the panel reads the changes again after. */
  const step = async (threadId: string, call: () => Promise<BringOutcome>): Promise<BringOutcome> => {
    try {
      return await call();
    } catch (err) {
      return { ok: false, reason: 'failed', message: errorText(err) };
    } finally {
      get().changesChanged(threadId);
    }
  };
  /** Reads in flight per thread: a burst of pushes while one read runs makes one more read, not many. */
  const read = singleFlightBy(async (threadId: string): Promise<void> => {
    try {
      const data = await getApi().getChanges({ threadId });
      if (get().changesFor === threadId) set({ changes: { threadId, data } });
    } catch (err) {
      if (get().changesFor === threadId) set({ changes: { threadId, data: null, error: errorText(err) } });
    }
  });
  return {
    changesFor: null,
    changes: null,
    openChanges(threadId) {
      set({ changesFor: threadId, changes: get().changes?.threadId === threadId ? get().changes : null });
      read(threadId);
    },
    closeChanges: () => set({ changesFor: null }),
    changesChanged(threadId) {
      // Nobody looks: nothing is read (the board asks for its own counts).
      if (get().changesFor === threadId) read(threadId);
    },
    loadChangeDiff: (threadId, file) => getApi().getChangeDiff({ threadId, ...file }),
    draftCommitMessage: (threadId) => getApi().draftCommitMessage({ threadId }),
    async landThread(req) {
      try {
        return await getApi().landThread(req);
      } catch (err) {
        return { ok: false, action: req.action, reason: 'failed', message: errorText(err) };
      } finally {
        get().changesChanged(req.threadId);
      }
    },
    landProgress: (threadId) =>
      getApi()
        .getLandProgress({ threadId })
        .catch(() => null),
    async stopLand(threadId) {
      // The land's own outcome says what Stop did; a failed call here leaves it running, as the panel still shows.
      await getApi()
        .stopLand({ threadId })
        .catch(() => undefined);
    },
    pullRequestReadiness: {},
    checkPullRequest(threadId, repo) {
      const put = (answer: PullRequestReadiness) =>
        set({ pullRequestReadiness: { ...get().pullRequestReadiness, [repo]: answer } });
      getApi()
        .getPullRequestReadiness({ threadId })
        .then(put, (err: unknown) => put({ ready: false, missing: 'unknown', message: errorText(err) }));
    },
    async bringBase(threadId, how) {
      return step(threadId, () => getApi().bringBase({ threadId, how }));
    },
    async resolveBring(threadId, by, worktreePath) {
      if (by === 'claude' && get().activeThreadId !== threadId) return false;
      try {
        const { prompt, files } = await getApi().resolveBring({ threadId, by });
        if (by === 'claude') return prompt !== undefined && (await get().sendMessage(prompt));
        for (const file of files) get().openFile(`${worktreePath}/${file}`);
        return true;
      } catch {
        return false;
      }
    },
    worktreeStatus: {},
    checkWorktree(threadId) {
      getApi()
        .getWorktreeStatus({ threadId })
        .then(
          (status) => set({ worktreeStatus: { ...get().worktreeStatus, [threadId]: status } }),
          () => undefined,
        );
    },
    async continueWithoutWorktree(threadId, choice) {
      try {
        const status = await getApi().continueWithoutWorktree({ threadId, choice });
        set({ worktreeStatus: { ...get().worktreeStatus, [threadId]: status } });
        return undefined;
      } catch (err) {
        return errorText(err);
      }
    },
    listStaleWorktrees: (repo) => getApi().listStaleWorktrees({ repo }),
    async tidyWorktrees(repo, items) {
      try {
        return await getApi().tidyWorktrees({ repo, items });
      } catch (err) {
        return { removed: 0, message: errorText(err) };
      }
    },
    finishBring: (threadId) => step(threadId, () => getApi().finishBring({ threadId })),
    abortBring: (threadId) => step(threadId, () => getApi().abortBring({ threadId })),
  };
};
