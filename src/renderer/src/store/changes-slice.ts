import type {
  ChangeDiff,
  LandOutcome,
  LandRequest,
  PullRequestReadiness,
  ThreadChanges,
} from '../../../shared/changes';
import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';

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
  /** Per repository: whether Create pull request can work there, as last asked (absent: not asked yet). */
  pullRequestReadiness: Record<string, PullRequestReadiness>;
  /** Ask again (the panel opened): the last answer shows meanwhile, so the panel never waits for gh. */
  checkPullRequest(threadId: string, repo: string): void;
  /** Hand a merge conflict to Claude in that thread (sent as the user's message); false when it could not be sent. */
  askClaudeToResolve(threadId: string, base: string, files: string[]): Promise<boolean>;
}

/** The message "Ask Claude to resolve" sends: merge the base in, keep both sides' intent, commit. */
export function resolveConflictMessage(base: string, files: string[]): string {
  return (
    `Merging this thread's branch into ${base} conflicts in ${files.join(', ')}. ` +
    `Please run \`git merge ${base}\` here, resolve the conflicts so that both sides' intent is kept, ` +
    'and commit the merge. Then tell me it is done.'
  );
}

export const createChangesSlice: Slice<ChangesSlice> = (set, get) => {
  /** Reads in flight per thread: a burst of pushes while one read runs makes one more read, not many. */
  const reading = new Map<string, { again: boolean }>();
  const read = async (threadId: string): Promise<void> => {
    const running = reading.get(threadId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    reading.set(threadId, state);
    try {
      do {
        state.again = false;
        try {
          const data = await getApi().getChanges({ threadId });
          if (get().changesFor === threadId) set({ changes: { threadId, data } });
        } catch (err) {
          if (get().changesFor === threadId) set({ changes: { threadId, data: null, error: errorText(err) } });
        }
      } while (state.again);
    } finally {
      reading.delete(threadId);
    }
  };
  return {
    changesFor: null,
    changes: null,
    openChanges(threadId) {
      set({ changesFor: threadId, changes: get().changes?.threadId === threadId ? get().changes : null });
      void read(threadId);
    },
    closeChanges: () => set({ changesFor: null }),
    changesChanged(threadId) {
      // Nobody looks: nothing is read (the board asks for its own counts).
      if (get().changesFor === threadId) void read(threadId);
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
    pullRequestReadiness: {},
    checkPullRequest(threadId, repo) {
      const put = (answer: PullRequestReadiness) =>
        set({ pullRequestReadiness: { ...get().pullRequestReadiness, [repo]: answer } });
      getApi()
        .getPullRequestReadiness({ threadId })
        .then(put, (err: unknown) => put({ ready: false, missing: 'unknown', message: errorText(err) }));
    },
    async askClaudeToResolve(threadId, base, files) {
      if (get().activeThreadId !== threadId) return false;
      return get().sendMessage(resolveConflictMessage(base, files));
    },
  };
};
