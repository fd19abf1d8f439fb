import type { BranchSummary } from '../../../shared/rewind';
import { getApi } from '../api';
import type { RewindSlice, Slice } from './desk-state';

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
