import type { BranchSummary } from '../../../shared/rewind';
import { getApi } from '../api';
import type { Slice } from './desk-state';
import type { ThreadBranch } from '../../../shared/threads';
import type { RewindOutcome, RewindPreview, RewindScope } from '../../../shared/rewind';

/** Rewinds and the branches they set aside. */
export interface RewindSlice {
  /** Bumped whenever a thread's branches may have changed. */
  branchesVersion: number;
  /** Each thread's branch summaries as last known (the open thread's come with it); absent: not known. */
  branchesByThread: Record<string, BranchSummary[]>;
  /** Fetch the thread's branch summaries unless known or on their way: once however many rows ask. */
  ensureBranches(threadId: string): void;
  /** The thread's branches, one fetch per change however many rows ask (none on failure). */
  listBranches(threadId: string): Promise<BranchSummary[]>;
  /** A thread changed (undefined: any thread): its branches are fetched again when next asked. */
  branchesChanged(threadId?: string): void;
  /** One branch of a thread, with its messages (undefined when it is gone); throws what the host said. */
  loadBranch(threadId: string, branchId: string): Promise<ThreadBranch | undefined>;
  /** Switch to another branch and show it; throws what the host said. */
  switchBranch(threadId: string, branchId: string): Promise<{ restored: string[]; kept: string[] }>;
  previewRewind(threadId: string, messageId: string): Promise<RewindPreview>;
  /**
   * Rewind (`scope`: files and conversation by default), put the message back in the composer when the conversation
   * went back, and show the thread; throws what the host said.
   */
  rewindThread(threadId: string, messageId: string, overwrite: string[], scope?: RewindScope): Promise<RewindOutcome>;
}

declare module './desk-state' {
  interface DeskState extends RewindSlice {}
}

/**
 * Rewinds and the branches they set aside. A thread's branch summaries are fetched once per change however many
 * rows ask (they share one promise); the bridge says when a thread changed.
 */
export const createRewindSlice: Slice<RewindSlice> = (set, get) => {
  const branches = new Map<string, Promise<BranchSummary[]>>();
  return {
    branchesVersion: 0,
    branchesByThread: {},

    listBranches(threadId) {
      let p = branches.get(threadId);
      if (!p) {
        p = getApi()
          .listBranches({ threadId })
          .catch(() => []);
        branches.set(threadId, p);
      }
      return p;
    },

    ensureBranches(threadId) {
      if (get().branchesByThread[threadId] || branches.has(threadId)) return;
      const p = get().listBranches(threadId);
      void p.then((list) => {
        // A change meanwhile dropped this answer: the next ask fetches the newer one.
        if (branches.get(threadId) !== p) return;
        set((s) => ({ branchesByThread: { ...s.branchesByThread, [threadId]: list } }));
      });
    },

    branchesChanged(threadId) {
      if (threadId === undefined) branches.clear();
      else branches.delete(threadId);
      set((s) => {
        if (threadId === undefined) return { branchesVersion: s.branchesVersion + 1, branchesByThread: {} };
        const { [threadId]: _gone, ...rest } = s.branchesByThread;
        return { branchesVersion: s.branchesVersion + 1, branchesByThread: rest };
      });
    },

    async loadBranch(threadId, branchId) {
      const thread = await getApi().getThread({ threadId });
      return thread?.branches?.find((b) => b.id === branchId);
    },

    async switchBranch(threadId, branchId) {
      const out = await getApi().switchBranch({ threadId, branchId });
      await get().reloadActiveThread();
      return out;
    },

    previewRewind: (threadId, messageId) => getApi().previewRewind({ threadId, messageId }),

    async rewindThread(threadId, messageId, overwrite, scope = 'both') {
      const out = await getApi().rewindThread({ threadId, messageId, overwrite, scope });
      // Code only leaves the conversation where it is: the message stays in the thread, not in the composer.
      if (out.scope !== 'code') get().setDraft(threadId, out.text);
      await get().reloadActiveThread();
      return out;
    },
  };
};
