import { getApi } from '../api';
import { summarizeBranch } from '../../../shared/rewind';
import { errorText, type DeskState, type StoreDeps } from './desk-state';
import { mergeFetched, reconcileInFlight } from './merge-messages';
import { turnsOf } from './turn-selectors';
import type { StoreApi } from 'zustand';

type SetGet = Pick<StoreApi<DeskState>, 'setState' | 'getState'>;

/**
 * Fetching the open thread and folding it into the view (the chat slice's reads). Keeps which version is on
 * screen, so a focus can skip the fetch when the list says nothing changed.
 */
export function createThreadFetcher({ setState: set, getState: get }: SetGet, deps: StoreDeps) {
  // The version of the open thread on screen (its summary's updatedAt when fetched): a focus fetches it
  // again only when the list says it changed since.
  let shown: { threadId: string; updatedAt: number } | null = null;

  /** Fetch a thread and fold it into the view, unless the user moved on meanwhile. */
  const fetchInto = async (threadId: string): Promise<void> => {
    try {
      const thread = await getApi().getThread({ threadId });
      if (get().activeThreadId !== threadId) return;
      shown = thread ? { threadId, updatedAt: thread.updatedAt } : null;
      if (!thread) {
        set({ threadLoading: false });
        get().pushNotice('warning', 'That thread no longer exists.');
        await get().selectThread(null);
        return;
      }
      // A thread that could not be read in full says so (and shows what it can), never an empty thread.
      if (thread.problem) get().pushNotice('error', `“${thread.title}”: ${thread.problem}`, true);
      if (get().threadLoading && deps.prepareOpen) {
        const anchor = get().scrollAnchors[threadId]?.messageId ?? null;
        await deps.prepareOpen(thread.messages, anchor).catch(() => undefined); // only an optimisation
        if (get().activeThreadId !== threadId) return;
      }
      set((s) => {
        const { inFlight, live } = reconcileInFlight(thread.messages, threadId, s.inFlight, s.live);
        const liveTurns = turnsOf(inFlight, threadId).flatMap((t) => live[t.turnId] ?? []);
        const merged = mergeFetched(thread.messages, s, liveTurns);
        // The branches come with the thread: its rows need not ask for them.
        const branches = (thread.branches ?? []).map(summarizeBranch);
        const branchesByThread = { ...s.branchesByThread, [threadId]: branches };
        return { ...merged, inFlight, live, threadLoading: false, branchesByThread };
      });
    } catch (err) {
      if (get().activeThreadId !== threadId) return;
      set({ threadLoading: false });
      get().pushNotice('error', `Could not open the thread: ${errorText(err)}`);
    }
  };

  /** Whether the thread on screen is the version the (freshly loaded) list names. */
  const isCurrent = (threadId: string, updatedAt: number): boolean =>
    shown?.threadId === threadId && shown.updatedAt === updatedAt;

  return { fetchInto, isCurrent };
}
