import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import type { ChatMessage } from '../../../shared/threads';
import type { HistorySearchHit, HistorySession, HistoryStats } from '../../../shared/history';

/** The open session's transcript: pages joined, newest last; `before` = cursor of the page above. */
export interface OpenTranscript {
  sessionId: string;
  messages: ChatMessage[];
  before?: number;
  loadingOlder: boolean;
  error?: string;
}

export interface HistorySlice {
  /** Which list the sidebar shows. */
  sidebarTab: 'threads' | 'history' | 'board';
  sessions: HistorySession[];
  historyLoaded: boolean;
  historyQuery: string;
  historyHits: HistorySearchHit[] | null;
  historyStats: HistoryStats | null;
  openSessionId: string | null;
  transcript: OpenTranscript | null;
  setSidebarTab(tab: SidebarTab): void;
  loadHistory(): Promise<void>;
  searchHistory(query: string): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  /** After the index changed: the open transcript's newest page again (older pages dropped). */
  reloadOpenSession(): Promise<void>;
  loadOlder(): Promise<void>;
  pinSession(sessionId: string, pinned: boolean): Promise<void>;
  /** Continue here: opens the thread that continues the session (tied, or new). */
  continueSession(sessionId: string): Promise<void>;
  loadHistoryStats(): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends HistorySlice {}
}

/** The sidebar's tabs (sidebar-sections.tsx). */
export type SidebarTab = HistorySlice['sidebarTab'];

export const createHistorySlice: Slice<HistorySlice> = (set, get) => ({
  sidebarTab: 'threads',
  sessions: [],
  historyLoaded: false,
  historyQuery: '',
  historyHits: null,
  historyStats: null,
  openSessionId: null,
  transcript: null,

  setSidebarTab(tab) {
    set({ sidebarTab: tab });
    // Every visit: the list is cheap, and a session continued or grown meanwhile shows as it is now.
    if (tab === 'history') void get().loadHistory();
  },

  async loadHistory() {
    try {
      const sessions = await getApi().listHistory();
      set({ sessions, historyLoaded: true });
      const q = get().historyQuery;
      if (q.trim()) await get().searchHistory(q);
    } catch (err) {
      set({ historyLoaded: true });
      get().pushNotice('error', `Could not load the history: ${errorText(err)}`);
    }
  },

  async searchHistory(query) {
    set({ historyQuery: query });
    if (!query.trim()) return set({ historyHits: null });
    try {
      const hits = await getApi().searchHistory({ query });
      if (get().historyQuery === query) set({ historyHits: hits });
    } catch (err) {
      get().pushNotice('error', `Search failed: ${errorText(err)}`);
    }
  },

  async openSession(sessionId) {
    set({
      openSessionId: sessionId,
      view: 'history',
      sidebarOpen: false,
      transcript: { sessionId, messages: [], loadingOlder: true },
    });
    try {
      const page = await getApi().getHistoryPage({ sessionId });
      if (get().openSessionId !== sessionId) return;
      set({ transcript: { sessionId, messages: page.messages, before: page.before, loadingOlder: false } });
    } catch (err) {
      if (get().openSessionId === sessionId)
        set({ transcript: { sessionId, messages: [], loadingOlder: false, error: errorText(err) } });
    }
  },

  async reloadOpenSession() {
    const id = get().openSessionId;
    if (!id || get().transcript?.loadingOlder) return;
    try {
      const page = await getApi().getHistoryPage({ sessionId: id });
      if (get().openSessionId !== id) return;
      set({ transcript: { sessionId: id, messages: page.messages, before: page.before, loadingOlder: false } });
    } catch {
      // Keep what is shown; the list says if the session went away.
    }
  },

  async loadOlder() {
    const t = get().transcript;
    if (!t || t.loadingOlder || t.before === undefined) return;
    set({ transcript: { ...t, loadingOlder: true } });
    try {
      const page = await getApi().getHistoryPage({ sessionId: t.sessionId, before: t.before });
      const now = get().transcript;
      if (!now || now.sessionId !== t.sessionId) return;
      set({
        transcript: { ...now, messages: [...page.messages, ...now.messages], before: page.before, loadingOlder: false },
      });
    } catch (err) {
      const now = get().transcript;
      if (now?.sessionId === t.sessionId) set({ transcript: { ...now, loadingOlder: false, error: errorText(err) } });
    }
  },

  async pinSession(sessionId, pinned) {
    set((s) => ({ sessions: s.sessions.map((x) => (x.id === sessionId ? { ...x, pinned } : x)) }));
    try {
      await getApi().pinHistorySession({ sessionId, pinned });
    } catch (err) {
      get().pushNotice('error', `Could not ${pinned ? 'pin' : 'unpin'} the session: ${errorText(err)}`);
      void get().loadHistory();
    }
  },

  async continueSession(sessionId) {
    try {
      const { threadId } = await getApi().continueSession({ sessionId });
      void get().loadHistory(); // the row now says it lives on in a thread
      await get().loadThreads();
      set({ sidebarTab: 'threads' });
      await get().selectThread(threadId);
      get().setView('chat');
    } catch (err) {
      get().pushNotice('error', `Could not continue the session: ${errorText(err)}`);
    }
  },

  async loadHistoryStats() {
    try {
      set({ historyStats: await getApi().getHistoryStats() });
    } catch {
      set({ historyStats: null });
    }
  },
});
