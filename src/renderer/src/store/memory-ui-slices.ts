import { getApi } from '../api';
import { errorText, type MemorySlice, type Slice, type UiSlice } from './desk-state';

const PAGE = 50;

export const createMemorySlice: Slice<MemorySlice> = (set, get) => ({
  memories: [],
  memoryCursor: undefined,
  memoryQuery: '',
  memoryError: null,

  async loadMemories(query = get().memoryQuery, more = false) {
    set({ memoryQuery: query });
    try {
      const cursor = more ? get().memoryCursor : undefined;
      const page = await getApi().listMemories({
        limit: PAGE,
        ...(query.trim() ? { query } : {}),
        ...(cursor ? { cursor } : {}),
      });
      if (get().memoryQuery !== query) return;
      set((s) => ({
        memories: more ? [...s.memories, ...page.items] : page.items,
        memoryCursor: page.nextCursor,
        memoryError: null,
      }));
    } catch (err) {
      set({ memoryError: errorText(err) });
    }
  },

  async deleteMemory(id) {
    try {
      await getApi().deleteMemory({ id });
      set((s) => ({ memories: s.memories.filter((m) => m.id !== id) }));
    } catch (err) {
      get().pushNotice('error', `Could not delete the memory: ${errorText(err)}`);
    }
  },
});

let noticeSeq = 0;
const MAX_NOTICES = 4;

export const createUiSlice: Slice<UiSlice> = (set) => ({
  view: 'chat',
  notices: [],
  connection: 'online',
  sidebarOpen: false,
  sidebarCollapsed: false,
  // From the first render: the first paint comes before the bridge (an effect) starts the restore.
  restoringPlace: true,
  settingsSection: 'cli',
  scrollAnchors: {},
  setScrollAnchor: (threadId, anchor) =>
    set((s) => {
      const old = s.scrollAnchors[threadId];
      // The same state back, not `{}`: zustand then tells no one. A pinned stream saves "at the bottom" a few times
      // a second, and each change runs every selector on the page.
      if (anchor && old?.messageId === anchor.messageId && Math.abs(old.offset - anchor.offset) < 1) return s;
      if (!anchor && !old) return s;
      const { [threadId]: _old, ...rest } = s.scrollAnchors;
      return { scrollAnchors: anchor ? { ...rest, [threadId]: anchor } : rest };
    }),
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
  setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
  toggleSidebar: (narrow) =>
    set((s) => (narrow ? { sidebarOpen: !s.sidebarOpen } : { sidebarCollapsed: !s.sidebarCollapsed })),
  setView: (view, section) => set({ view, sidebarOpen: false, ...(section ? { settingsSection: section } : {}) }),
  pushNotice: (level, message, sticky) =>
    set((s) => {
      // The same message twice in a row (e.g. a flapping connection) is shown once.
      if (s.notices.some((n) => n.message === message)) return s;
      return {
        notices: [...s.notices, { id: ++noticeSeq, level, message, ...(sticky ? { sticky } : {}) }].slice(-MAX_NOTICES),
      };
    }),
  dismissNotice: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
});
