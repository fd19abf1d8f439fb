import { getApi } from '../api';
import { errorText, type ComposerSlice, type Slice } from './desk-state';

/** The composer's asks of the host: none keeps state here (the pickers keep their answers themselves). */
export const createComposerSlice: Slice<ComposerSlice> = (_set, get) => ({
  prepareTurn(threadId) {
    getApi()
      .prepareTurn({ threadId })
      .catch(() => undefined);
  },

  loadComposerCatalog: (threadId) => getApi().getComposerCatalog(threadId ? { threadId } : undefined),

  searchProjectFiles: (threadId, query, limit) =>
    getApi().searchProjectFiles({ ...(threadId ? { threadId } : {}), query, limit }),

  // Claude Desk's own /clear (recorded cases 31): the host starts a fresh session; the messages stay, a divider
  // marks the cut.
  async clearSession() {
    const threadId = get().activeThreadId;
    if (!threadId) return; // a thread not started yet has nothing to clear
    try {
      await getApi().clearSession({ threadId });
      await get().reloadActiveThread();
    } catch (err) {
      get().pushNotice('error', `Could not clear the session: ${errorText(err)}`);
    }
  },
});
