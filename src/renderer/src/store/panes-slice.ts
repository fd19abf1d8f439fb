import { getApi, newTabAddress } from '../api';
import { threadHash } from './thread-address';
import {
  MAIN_PANE,
  MAX_PANES,
  reducePanes,
  singlePane,
  type PaneAction,
  type PaneLayout,
} from '../../../shared/pane-layout';
import { connectBridge } from './bridge';
import { errorText, type DeskState, type Slice, type StoreDeps } from './desk-state';
import type { DeskStore } from './desk-state';

/** The drag type a thread row carries (its id): dropped at the chat area's edge, the thread opens beside. */
export const THREAD_DRAG_TYPE = 'application/x-claude-desk-thread';

/** Split panes: the layout, and a store of its own behind each pane other than the main one. */
export interface PanesSlice {
  paneLayout: PaneLayout;
  /** The store behind a pane (the main pane's is this one); undefined once the pane is closed. */
  paneStore(paneId: string): DeskStore | undefined;
  /** Open a thread in a new pane beside the focused one; false (and a notice) when four are open already. */
  openBeside(threadId: string): boolean;
  /** Open a thread where the reader is: the focused pane (the main pane's is the window's open thread). */
  openInFocusedPane(threadId: string): void;
  /** Browser mode: the thread in a tab of its own (its address, `#/thread/<id>`). */
  openInNewTab(threadId: string): void;
  /** The thread in a window of its own: the desktop app opens one (kept for the next start), a browser a tab. */
  openInNewWindow(threadId: string): Promise<void>;
  /** A layout move (close, swap, resize, focus, arrange, restore) with what it takes: stores made or closed. */
  paneDo(action: PaneAction): void;
}

declare module './desk-state' {
  interface DeskState extends PanesSlice {}
}

interface PaneHandle {
  store: DeskStore;
  close(): void;
}

let paneSeq = 0;
const newPaneId = (): string => `p${Date.now().toString(36)}${(++paneSeq).toString(36)}`;

/**
 * Each pane other than the main one is a whole chat of its own — a store built like the window's, on the same host
 * and its pushed events — so everything a chat does (stream, cards, queue, composer and its draft) works in it
 * unchanged, and the pane is the unit: the window's store keeps its one open thread, as every single-pane
 * behaviour expects. What only the window does (saving its place, notifying) stays with the window's store; a
 * pane's notices and its asks for another view (Settings, History) go to the window.
 */
export const createPanesSlice =
  (deps: StoreDeps, createStore: (deps: StoreDeps) => DeskStore): Slice<PanesSlice> =>
  (set, get, main) => {
    const handles = new Map<string, PaneHandle>();

    // The panes' thread list is the window's: one read however many panes ask at once (a focus asks in each).
    let listRead: Promise<void> | null = null;
    const readWindowList = (): Promise<void> =>
      (listRead ??= get()
        .loadThreads()
        .finally(() => {
          listRead = null;
        }));

    const make = (paneId: string, threadId: string | null, draft: string | undefined): PaneHandle => {
      const { notify: _n, onFirstSend: _f, ...paneDeps } = deps;
      const store = createStore(paneDeps);
      // The window's thread list, kept current: four panes read it once, not four times, on each change.
      const { threads, threadsLoaded } = get();
      store.setState({
        restoringPlace: false,
        threads,
        threadsLoaded,
        loadThreads: readWindowList,
        ...(threadId && draft ? { drafts: { [threadId]: draft } } : {}),
      });
      const offList = main.subscribe((s, prev) => {
        if (s.threads !== prev.threads || s.threadsLoaded !== prev.threadsLoaded)
          store.setState({ threads: s.threads, threadsLoaded: s.threadsLoaded });
      });
      const offBridge = connectBridge(store, getApi(), window, { pane: true });
      const offWatch = store.subscribe((s, prev) => {
        if (s.notices !== prev.notices && s.notices.length > 0) {
          for (const n of s.notices) get().pushNotice(n.level, n.message, n.sticky);
          store.setState({ notices: [] });
        }
        if (s.view !== 'chat') {
          get().setView(s.view, s.settingsSection);
          store.setState({ view: 'chat' });
        }
        // What the pane's composer holds is saved with the layout (a reload keeps it).
        const thread = s.activeThreadId;
        if (s.drafts !== prev.drafts && thread !== null) {
          const text = s.drafts[thread] ?? '';
          const drafts = get().paneLayout.drafts ?? {};
          if ((drafts[paneId] ?? '') !== text) {
            const { [paneId]: _old, ...rest } = drafts;
            set({ paneLayout: { ...get().paneLayout, drafts: text ? { ...rest, [paneId]: text } : rest } });
          }
        }
      });
      if (threadId) void store.getState().selectThread(threadId);
      return {
        store,
        close: () => {
          offList();
          offWatch();
          offBridge();
        },
      };
    };

    /** Apply a new layout: panes gone are closed (no listener left), panes shown get their thread. */
    const apply = (next: PaneLayout): void => {
      const prev = get().paneLayout;
      if (next === prev) return;
      const kept = new Set(next.panes.map((p) => p.id));
      for (const [id, h] of handles) {
        if (!kept.has(id)) {
          h.close();
          handles.delete(id);
        }
      }
      set({ paneLayout: next });
      for (const pane of next.panes) {
        if (pane.id !== MAIN_PANE && !handles.has(pane.id)) {
          handles.set(pane.id, make(pane.id, pane.threadId, next.drafts?.[pane.id]));
          continue;
        }
        const before = prev.panes.find((p) => p.id === pane.id);
        if (before?.threadId === pane.threadId) continue;
        if (pane.id === MAIN_PANE) {
          if (pane.threadId !== get().activeThreadId) void get().selectThread(pane.threadId, { inBackground: true });
        } else {
          const h = handles.get(pane.id);
          if (h) void h.store.getState().selectThread(pane.threadId, { inBackground: true });
        }
      }
    };

    // The main pane shows the window's open thread, whoever opened it (the sidebar, a link, a restore); a thread
    // deleted (here or in another window) takes its panes with it.
    main.subscribe((s: DeskState, prev: DeskState) => {
      let layout = s.paneLayout;
      if (s.activeThreadId !== prev.activeThreadId)
        layout = reducePanes(layout, { type: 'show', paneId: MAIN_PANE, threadId: s.activeThreadId });
      if (s.threads !== prev.threads && s.threadsLoaded && layout.panes.length > 1) {
        const ids = new Set(s.threads.map((t) => t.id));
        for (const p of layout.panes)
          if (p.id !== MAIN_PANE && p.threadId !== null && !ids.has(p.threadId))
            layout = reducePanes(layout, { type: 'close', paneId: p.id });
      }
      if (layout !== s.paneLayout) apply(layout);
    });

    return {
      paneLayout: singlePane(),

      paneStore: (paneId) => (paneId === MAIN_PANE ? main : handles.get(paneId)?.store),

      openBeside(threadId) {
        const layout = get().paneLayout;
        if (layout.panes.length >= MAX_PANES) {
          get().pushNotice('info', `${MAX_PANES} threads are side by side already: close a pane to open another.`);
          return false;
        }
        if (get().view !== 'chat') get().setView('chat');
        apply(reducePanes(layout, { type: 'open', id: newPaneId(), threadId }));
        return true;
      },

      openInFocusedPane(threadId) {
        const { focused } = get().paneLayout;
        if (focused === MAIN_PANE) {
          void get().selectThread(threadId);
          return;
        }
        set((s) => ({ view: 'chat', sidebarOpen: false, navigations: s.navigations + 1 }));
        apply(reducePanes(get().paneLayout, { type: 'show', paneId: focused, threadId }));
      },

      openInNewTab(threadId) {
        // noopener: the new tab is a page of its own (its own socket), with no handle back to this one.
        window.open(newTabAddress(threadHash(threadId)), '_blank', 'noopener');
      },

      async openInNewWindow(threadId) {
        if (get().appInfo?.host === 'web') return get().openInNewTab(threadId);
        try {
          await getApi().openWindow({ threadId });
        } catch (err) {
          get().pushNotice('error', `The new window did not open: ${errorText(err)}`);
        }
      },

      paneDo(action) {
        const layout = get().paneLayout;
        if (action.type === 'close' && action.paneId === MAIN_PANE && layout.panes.length > 1) {
          // The main pane takes its neighbour's thread, and with it what the neighbour's composer held.
          const i = layout.panes.findIndex((p) => p.id === MAIN_PANE);
          const neighbour = layout.panes[i + 1 < layout.panes.length ? i + 1 : i - 1]!;
          const typed = neighbour.threadId
            ? handles.get(neighbour.id)?.store.getState().drafts[neighbour.threadId]
            : undefined;
          if (neighbour.threadId && typed && !get().drafts[neighbour.threadId])
            get().setDraft(neighbour.threadId, typed);
        }
        apply(reducePanes(layout, action));
      },
    };
  };
