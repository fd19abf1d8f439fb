import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { DeskApi } from '../../../shared/contract';
import type { ComposerCatalog } from '../../../shared/composer';

/** What the composer asks the host while the person types (its pickers, the next turn's warm start, /clear). */
export interface ComposerSlice {
  /** Start the thread's next CLI while the person types (fire and forget: only an optimisation). */
  prepareTurn(threadId: string): void;
  /** The thread's slash commands and models (the host caches and refreshes them). */
  loadComposerCatalog(threadId: string | null): Promise<ComposerCatalog>;
  /** Files of the thread's project folder matching the @-picker's query (`limit` 1 only warms the index). */
  searchProjectFiles(threadId: string | null, query: string, limit: number): ReturnType<DeskApi['searchProjectFiles']>;
  /** `/clear`: a fresh Claude Code session for the active thread; a failure is a notice. */
  clearSession(): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends ComposerSlice {}
}

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
