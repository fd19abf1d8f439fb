import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { ConnectionState } from '../../../shared/contract';
import type { Memory } from '../../../shared/memory';
import type { ScrollAnchor } from '../../../shared/window-state';

export interface MemorySlice {
  memories: Memory[];
  memoryCursor?: string;
  memoryQuery: string;
  memoryError: string | null;
  loadMemories(query?: string, more?: boolean): Promise<void>;
  deleteMemory(id: string): Promise<void>;
}

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** Stays until dismissed (a problem with the app's own files that the user must act on). */
  sticky?: boolean;
}

export type View = 'chat' | 'settings' | 'history' | 'board' | 'usage';

/** The settings screen's sections, in navigation order (settings-sections.tsx renders them). */
export type SettingsSection =
  | 'cli'
  | 'permissions'
  | 'tools'
  | 'memory'
  | 'history'
  | 'appearance'
  | 'claude-code'
  | 'diagnostics'
  | 'notifications'
  | 'phone';

export interface UiSlice {
  view: View;
  notices: Notice[];
  /** Browser mode's WebSocket to the host (always online in the desktop app). */
  connection: ConnectionState;
  /** Narrow windows only: the thread sidebar shown over the chat. Any navigation closes it. */
  sidebarOpen: boolean;
  /** Wide windows: the user folded the sidebar away (Cmd/Ctrl+B or the header button); remembered. */
  sidebarCollapsed: boolean;
  /**
   * The window's last place is being brought back (continuity.ts has not decided yet): with no thread open, the chat
   * shows a neutral header instead of "New thread" and its empty state, which would flash before the saved thread.
   */
  restoringPlace: boolean;
  settingsSection: SettingsSection;
  /** Where the reader left each thread (absent = at the latest message); saved with the window state. */
  scrollAnchors: Record<string, ScrollAnchor>;
  setScrollAnchor(threadId: string, anchor: ScrollAnchor | null): void;
  setSidebarOpen(open: boolean): void;
  setSidebarCollapsed(collapsed: boolean): void;
  /** One gesture at every width: a wide window folds the sidebar away, a narrow one brings it over the chat. */
  toggleSidebar(narrow: boolean): void;
  setView(view: View, section?: SettingsSection): void;
  pushNotice(level: Notice['level'], message: string, sticky?: boolean): void;
  dismissNotice(id: number): void;
}

declare module './desk-state' {
  interface DeskState extends MemorySlice, UiSlice {}
}

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
