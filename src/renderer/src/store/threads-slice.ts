import { getApi } from '../api';
import type { ThreadSummary } from '../../../shared/threads';
import { errorText, type Slice, type ThreadsSlice } from './desk-state';
import { isThreadBusy } from './turn-selectors';

/** Most recently active first, so the thread you just used is always on top. */
export const byRecent = (a: ThreadSummary, b: ThreadSummary): number => b.updatedAt - a.updatedAt;

export const createThreadsSlice: Slice<ThreadsSlice> = (set, get) => {
  /** The thread New thread is creating: a send meanwhile goes to it instead of creating a second one. */
  let creating: Promise<ThreadSummary | null> | undefined;

  /**
   * New thread shows the new (empty) chat at once, before the host has answered, so what the user types
   * next lands in it: typed text is kept as the new chat's draft and moves to the thread when it exists.
   * Before, the old thread stayed open until the answer came, and text typed (and sent) in that moment
   * went to the old thread while the screen then switched to the empty new one.
   */
  const create = async (title: string | undefined): Promise<ThreadSummary | null> => {
    set({ view: 'chat', sidebarOpen: false, activeThreadId: null, messageIds: [], messages: {}, threadLoading: false });
    try {
      const thread = await getApi().createThread(title ? { title } : undefined);
      set((s) => ({ threads: [thread, ...s.threads.filter((t) => t.id !== thread.id)] }));
      // The user may have opened another thread meanwhile: then the new one only joins the list.
      if (get().activeThreadId === null) {
        const typed = get().drafts[''];
        if (typed) {
          get().setDraft(thread.id, typed);
          get().setDraft(null, '');
        }
        await get().selectThread(thread.id);
      }
      return thread;
    } catch (err) {
      get().pushNotice('error', `Could not start a new thread: ${errorText(err)}`);
      return null;
    }
  };

  return {
    threads: [],
    threadsLoaded: false,
    searchQuery: '',
    searchHits: null,

    async loadThreads() {
      try {
        const threads = await getApi().listThreads();
        set({ threads: [...threads].sort(byRecent), threadsLoaded: true });
        // The active thread may have been deleted in another window.
        const active = get().activeThreadId;
        if (active && !threads.some((t) => t.id === active)) await get().selectThread(null);
      } catch (err) {
        set({ threadsLoaded: true });
        get().pushNotice('error', `Could not load threads: ${errorText(err)}`);
      }
    },

    async createThread(title) {
      // "New thread" while the open thread is still empty: that one is new enough (no pile of empty threads).
      const s = get();
      const open = s.activeThreadId ? s.threads.find((t) => t.id === s.activeThreadId) : undefined;
      if (!title && open && s.messageIds.length === 0 && !s.threadLoading && !isThreadBusy(s.inFlight, open.id)) {
        s.setView('chat');
        return open;
      }
      if (creating) return creating;
      creating = create(title).finally(() => (creating = undefined));
      return creating;
    },

    async renameThread(threadId, title) {
      const clean = title.trim().slice(0, 200);
      if (!clean) return;
      const before = get().threads;
      // Optimistic: the sidebar shows the new name at once; restored if the host refuses.
      set({ threads: before.map((t) => (t.id === threadId ? { ...t, title: clean } : t)) });
      try {
        await getApi().renameThread({ threadId, title: clean });
      } catch (err) {
        set({ threads: before });
        get().pushNotice('error', `Could not rename the thread: ${errorText(err)}`);
      }
    },

    async deleteThread(threadId) {
      try {
        await getApi().deleteThread({ threadId });
        set((s) => ({
          threads: s.threads.filter((t) => t.id !== threadId),
          searchHits: s.searchHits?.filter((h) => h.thread.id !== threadId) ?? null,
        }));
        if (get().activeThreadId === threadId) await get().selectThread(null);
      } catch (err) {
        get().pushNotice('error', `Could not delete the thread: ${errorText(err)}`);
      }
    },

    async updateThreadSettings(threadId, patch) {
      try {
        await getApi().updateThreadSettings({ threadId, settings: patch });
      } catch (err) {
        return errorText(err);
      }
      // Shown at once (header, next dialog); threadsChanged then brings the host's normalized copy.
      const merged = (t: ThreadSummary) =>
        Object.fromEntries(Object.entries({ ...t.settings, ...patch }).filter(([, v]) => v !== undefined && v !== ''));
      set((s) => ({ threads: s.threads.map((t) => (t.id === threadId ? { ...t, settings: merged(t) } : t)) }));
      return null;
    },

    async searchThreads(query) {
      set({ searchQuery: query });
      if (!query.trim()) {
        set({ searchHits: null });
        return;
      }
      try {
        const hits = await getApi().searchThreads({ query });
        // A slower answer to an older query must not overwrite a newer one.
        if (get().searchQuery === query) set({ searchHits: hits });
      } catch (err) {
        if (get().searchQuery === query) set({ searchHits: [] });
        get().pushNotice('error', `Search failed: ${errorText(err)}`);
      }
    },
  };
};
