import { getApi } from '../api';
import { DEFAULT_THREAD_TITLE } from '../../../shared/thread-title';
import type { ThreadSummary } from '../../../shared/threads';
import { errorText, type Slice } from './desk-state';
import type { ThreadSettings } from '../../../shared/threads';
import { isThreadBusy } from './turn-selectors';
import { selectedProject } from './projects-slice';

export interface SearchHit {
  thread: ThreadSummary;
  snippet: string;
}

export interface ThreadsSlice {
  threads: ThreadSummary[];
  threadsLoaded: boolean;
  /** Counts the user's moves between threads (open, new), from the click on: continuity never overrides one. */
  navigations: number;
  searchQuery: string;
  searchHits: SearchHit[] | null;
  /** The sidebar's project (folder) filter: a project dir, '' = the default workspace, null = every project. */
  projectFilter: string | null;
  setProjectFilter(project: string | null): void;
  pinThread(threadId: string, pinned: boolean): Promise<void>;
  loadThreads(): Promise<void>;
  /** `project`: the folder it starts in ('' = the default workspace); absent = the selected project. */
  createThread(title?: string, project?: string): Promise<ThreadSummary | null>;
  renameThread(threadId: string, title: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /** Save a thread's own settings ('' = back to the default); resolves to the host's error text, or null. */
  updateThreadSettings(threadId: string, patch: ThreadSettings): Promise<string | null>;
  searchThreads(query: string): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends ThreadsSlice {}
}

/** Most recently active first, so the thread you just used is always on top. */
export const byRecent = (a: ThreadSummary, b: ThreadSummary): number => b.updatedAt - a.updatedAt;

export const createThreadsSlice: Slice<ThreadsSlice> = (set, get) => {
  /** A New thread the host is still making: a send (or a second click) meanwhile joins it, not a second one. */
  let creating: Promise<ThreadSummary | null> | null = null;

  /** A new thread on the host, in `project` when one is given ('' = the default workspace). */
  const make = async (title: string | undefined, project: string): Promise<ThreadSummary> => {
    try {
      if (!title && !project) return await getApi().createThread();
      return await getApi().createThread({
        ...(title ? { title } : {}),
        ...(project ? { settings: { projectDir: project } } : {}),
      });
    } catch (err) {
      if (!project) throw err;
      // The project folder is gone or unreadable: the thread still starts, in the default workspace, and says why.
      get().pushNotice('warning', `${errorText(err)} The new thread starts in the default workspace.`);
      return getApi().createThread(title ? { title } : undefined);
    }
  };

  const create = async (title: string | undefined, project: string): Promise<ThreadSummary | null> => {
    // The empty chat shows at once, so what the user types while the host creates the thread lands in
    // the new thread's composer (the '' draft, moved over below), not in the thread they just left.
    if (!title)
      set({
        view: 'chat',
        sidebarOpen: false,
        activeThreadId: null,
        messageIds: [],
        messages: {},
        threadLoading: false,
      });
    try {
      const thread = await make(title, project);
      set((s) => {
        const { '': early, ...drafts } = s.drafts;
        const moved = early !== undefined && s.activeThreadId === null && !drafts[thread.id];
        return {
          threads: [thread, ...s.threads.filter((t) => t.id !== thread.id)],
          ...(moved ? { drafts: { ...drafts, [thread.id]: early } } : {}),
        };
      });
      // The user may have opened another thread meanwhile: then that one stays open. Settings or History opened
      // while the host made the thread stay in front: the new thread opens behind them, for when they come back.
      if (get().activeThreadId !== null) return thread;
      await get().selectThread(thread.id, { inBackground: get().view !== 'chat', fresh: true });
      return thread;
    } catch (err) {
      get().pushNotice('error', `Could not start a new thread: ${errorText(err)}`);
      return null;
    }
  };

  /** A reused untouched thread is a new thread: it starts in Settings' mode, like a freshly made one. */
  const asNew = async (thread: ThreadSummary, project: string): Promise<ThreadSummary> => {
    // A reused thread moves to the project the New thread was asked in.
    if ((thread.settings.projectDir ?? '') !== project) {
      const refused = await get().updateThreadSettings(thread.id, { projectDir: project });
      if (refused) get().pushNotice('warning', refused);
    }
    const app = get().settings;
    if (!app || app.permissionModeLockedBy || thread.settings.permissionMode === app.permissionMode) return thread;
    await get().updateThreadSettings(thread.id, { permissionMode: app.permissionMode });
    return get().threads.find((t) => t.id === thread.id) ?? thread;
  };

  return {
    threads: [],
    threadsLoaded: false,
    navigations: 0,
    searchQuery: '',
    searchHits: null,
    projectFilter: null,

    setProjectFilter(projectFilter) {
      set({ projectFilter });
    },

    async pinThread(threadId, pinned) {
      const mark = (list: ThreadSummary[], on: boolean) =>
        list.map((t) => (t.id === threadId ? { ...t, pinned: on || undefined } : t));
      // Optimistic: the row moves at once; put back if the host refuses.
      set((s) => ({ threads: mark(s.threads, pinned) }));
      try {
        await getApi().pinThread({ threadId, pinned });
      } catch (err) {
        set((s) => ({ threads: mark(s.threads, !pinned) }));
        get().pushNotice('error', `Could not ${pinned ? 'pin' : 'unpin'} the thread: ${errorText(err)}`);
      }
    },

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

    async createThread(title, project) {
      const where = project ?? selectedProject(get());
      set((s) => ({ navigations: s.navigations + 1 }));
      // "New thread" while the open thread is still empty: that one is new enough (no pile of empty threads).
      const s = get();
      const open = s.activeThreadId ? s.threads.find((t) => t.id === s.activeThreadId) : undefined;
      if (!title && open && s.messageIds.length === 0 && !s.threadLoading && !isThreadBusy(s.inFlight, open.id)) {
        s.setView('chat');
        return asNew(open, where);
      }
      // An untouched "New thread" from before (no turn yet) is reused too, so clicking around leaves no pile.
      const empty =
        !title &&
        s.threads.find(
          (t) => t.title === DEFAULT_THREAD_TITLE && t.totals.turns === 0 && !isThreadBusy(s.inFlight, t.id),
        );
      if (empty) {
        await get().selectThread(empty.id, { fresh: true });
        return asNew(empty, where);
      }
      if (title) return create(title, where);
      creating ??= create(undefined, where).finally(() => (creating = null));
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
        set((s) => {
          // Its draft and scroll place go with it (the host forgets its saved copies too).
          const { [threadId]: _draft, ...drafts } = s.drafts;
          const { [threadId]: _place, ...scrollAnchors } = s.scrollAnchors;
          return {
            threads: s.threads.filter((t) => t.id !== threadId),
            searchHits: s.searchHits?.filter((h) => h.thread.id !== threadId) ?? null,
            drafts,
            scrollAnchors,
          };
        });
        if (get().activeThreadId === threadId) await get().selectThread(null);
      } catch (err) {
        get().pushNotice('error', `Could not delete the thread: ${errorText(err)}`);
      }
    },

    async updateThreadSettings(threadId, patch) {
      let saved: ThreadSummary['settings'] | null;
      try {
        saved = await getApi().updateThreadSettings({ threadId, settings: patch });
      } catch (err) {
        return errorText(err);
      }
      // Shown at once (header, next dialog): the settings the host saved — the mode Claude Code took, when it took
      // another than asked (a managed setting) — or, from a host that does not answer them, the patch applied.
      const merged = (t: ThreadSummary) =>
        saved ??
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
