import type { DeskApi } from '../../../shared/contract';
import { MAX_SAVED_DRAFTS, MAX_SAVED_SCROLLS, WINDOW_KEY } from '../../../shared/window-state-limits';
import type { WindowState } from '../../../shared/window-state';
import type { DeskState } from './desk-state';
import type { DeskStore } from './desk-state';
import { threadOfHash } from './thread-address';

const SAVE_DELAY_MS = 250;

/** The part of the store a reload or restart resumes. */
export function windowStateOf(s: DeskState): WindowState {
  const drafts = Object.entries(s.drafts).filter(([, text]) => text !== '');
  const scroll = Object.entries(s.scrollAnchors);
  return {
    activeThreadId: s.activeThreadId,
    sidebarCollapsed: s.sidebarCollapsed,
    projectFilter: s.projectFilter,
    collapsedProjects: s.collapsedProjects.slice(-500),
    pinnedProjects: s.pinnedProjects.slice(-500),
    // The newest entries win when there are too many (object order = insertion order).
    drafts: Object.fromEntries(drafts.slice(-MAX_SAVED_DRAFTS)),
    scroll: Object.fromEntries(scroll.slice(-MAX_SAVED_SCROLLS)),
    panes: s.paneLayout,
  };
}

const sameState = (a: WindowState, b: WindowState): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The desktop window this page is (`?window=`, from main); undefined in browser mode and for the first window. */
export function windowKeyOf(win: Window): string | undefined {
  if (!win.desk) return undefined;
  const key = new URLSearchParams(win.location.search).get('window');
  return key && WINDOW_KEY.test(key) && key !== 'main' ? key : undefined;
}

/**
 * Browser mode: each tab keeps its own place (its threads and panes) in its session storage, so a reload of one tab
 * never takes another tab's layout; the host's copy, the one saved last by any tab, is where a new tab starts.
 */
export const TAB_STATE_KEY = 'claude-desk.window-state';

function tabState(win: Window): WindowState | undefined {
  try {
    const text = win.sessionStorage.getItem(TAB_STATE_KEY);
    return text ? (JSON.parse(text) as WindowState) : undefined;
  } catch {
    return undefined; // storage off (a private window's policy) or unreadable: the host's copy, as before
  }
}

function keepTabState(win: Window, state: WindowState): void {
  try {
    win.sessionStorage.setItem(TAB_STATE_KEY, JSON.stringify(state));
  } catch {
    // Over the tab's quota (long drafts): the layout without them; the host keeps the drafts.
    try {
      win.sessionStorage.setItem(TAB_STATE_KEY, JSON.stringify({ ...state, drafts: {} }));
    } catch {
      // No session storage: a reload takes the host's copy.
    }
  }
}

/**
 * Continuity: once the thread list is in, reopen the thread that was open (its scroll place and drafts
 * come back with it), then keep the host's copy current: a choice (thread, sidebar, filter) at once, typing and
 * scrolling coalesced, and the rest when the page goes away. Nothing is saved before the restore, so an empty
 * first render cannot erase the last place; what the user changed meanwhile is saved right after it.
 * Returns the unsubscribe.
 */
export function connectContinuity(store: DeskStore, api: DeskApi, win: Window = window): () => void {
  let restored = false;
  let stopped = false;
  // A page opened at a thread's address (browser mode: a thread opened in a new tab) shows that thread, alone; a
  // reload of a page keeps its panes (its address names its own thread).
  const addressed = win.desk ? undefined : threadOfHash(win.location.hash);
  const navigation = (win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)
    ?.type;
  // The same tab again (a reload, Back to the page): its own place. A new tab starts from the host's.
  const reloaded = navigation === 'reload' || navigation === 'back_forward';
  const windowKey = windowKeyOf(win);
  const ownTab = !win.desk && reloaded ? tabState(win) : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSaved: WindowState | undefined;
  let changedMeanwhile = false; // the user changed something the restore would not bring back
  let applying = false; // the restore's own changes are what the host already has

  const saveNow = (force = false): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = windowStateOf(store.getState());
    if (!force && lastSaved && sameState(lastSaved, next)) return;
    lastSaved = next;
    if (!win.desk) keepTabState(win, next);
    // A lost save costs a place, never the app.
    api.saveWindowState(windowKey ? { ...next, window: windowKey } : next).catch(() => undefined);
  };

  // The chat's neutral "restoring" look ends once the restore has decided, or the user did (see restoringPlace).
  const decided = (): void => {
    if (!stopped && store.getState().restoringPlace) store.setState({ restoringPlace: false });
  };

  // Anything the user does before the saved place is back (open or start a thread, type) wins over it.
  let userActed = false;
  const offWatch = store.subscribe((s, prev) => {
    if (applying) return;
    if (s.navigations !== prev.navigations || s.drafts !== prev.drafts || s.view !== prev.view) userActed = true;
    if (userActed) decided();
  });

  const restore = async (): Promise<void> => {
    let answered = false;
    const asked = (ownTab ? Promise.resolve(ownTab) : api.getWindowState(windowKey ? { window: windowKey } : undefined))
      .catch(() => ({}) as WindowState)
      .finally(() => (answered = true));
    // Wait for the list: the saved thread may have been deleted meanwhile (from another window).
    const listed = new Promise<void>((resolve) => {
      if (store.getState().threadsLoaded) return resolve();
      const off = store.subscribe((s) => s.threadsLoaded && (off(), resolve()));
    });
    // A host that has not said where the window was by the time the list is in: no endless blank chat.
    void listed.then(() => answered || decided());
    const saved = await asked;
    await listed;
    if (stopped) return offWatch();
    const s = store.getState();
    applying = true;
    store.setState({
      sidebarCollapsed: saved.sidebarCollapsed ?? s.sidebarCollapsed,
      collapsedProjects: saved.collapsedProjects ?? s.collapsedProjects,
      pinnedProjects: saved.pinnedProjects ?? s.pinnedProjects,
      // A filter for a project no thread is in any more would hide every thread: dropped.
      projectFilter:
        s.projectFilter ??
        (saved.projectFilter != null && s.threads.some((t) => (t.settings.projectDir ?? '') === saved.projectFilter)
          ? saved.projectFilter
          : null),
      // What was typed since the page opened beats what was saved.
      drafts: { ...saved.drafts, ...s.drafts },
      scrollAnchors: { ...saved.scroll, ...s.scrollAnchors },
    });
    applying = false;
    const open = addressed ?? saved.activeThreadId;
    if (open && !userActed && !s.activeThreadId && s.threads.some((t) => t.id === open)) {
      // Its own first step (the thread chosen) is the restore's; what the user does while the thread loads is not
      // (a New thread clicked then must be saved, or a reload would reopen the thread the restore picked).
      applying = true;
      // Behind another view (a phone opens on the Board), the thread opens without taking the window.
      const selecting = s.selectThread(open, { inBackground: s.view !== 'chat' });
      applying = false;
      decided(); // the thread is open (loading): its own title shows
      await selecting;
    }
    // The panes beside it, without those whose thread is gone.
    if (saved.panes && (!addressed || reloaded) && store.getState().paneLayout.panes.length === 1) {
      applying = true;
      s.paneDo({ type: 'restore', saved: saved.panes, threadIds: new Set(store.getState().threads.map((t) => t.id)) });
      applying = false;
    }
    decided();
    offWatch();
    lastSaved = windowStateOf(store.getState());
    restored = true;
    // A choice made while the restore ran (a filter picked, the sidebar folded) is not on the host yet.
    if (changedMeanwhile) saveNow(true);
  };

  const offStore = store.subscribe((s, prev) => {
    const discrete =
      s.activeThreadId !== prev.activeThreadId ||
      s.sidebarCollapsed !== prev.sidebarCollapsed ||
      s.projectFilter !== prev.projectFilter ||
      s.collapsedProjects !== prev.collapsedProjects ||
      s.pinnedProjects !== prev.pinnedProjects ||
      s.paneLayout.panes !== prev.paneLayout.panes;
    const typed = s.drafts !== prev.drafts || s.paneLayout !== prev.paneLayout;
    if (!discrete && !typed && s.scrollAnchors === prev.scrollAnchors) return;
    if (!restored) {
      if (applying) return;
      changedMeanwhile ||=
        userActed || s.projectFilter !== prev.projectFilter || s.sidebarCollapsed !== prev.sidebarCollapsed;
      return;
    }
    if (timer) clearTimeout(timer);
    // A deliberate choice (another thread, the sidebar, the project filter) is saved at once: a reload right
    // after it must find it. Keystrokes and scrolling are coalesced.
    if (discrete) saveNow();
    else timer = setTimeout(() => saveNow(), SAVE_DELAY_MS);
  });
  const onHide = (): void => {
    if (restored && (win.document.visibilityState === 'hidden' || timer)) saveNow();
  };
  win.addEventListener('pagehide', onHide);
  win.document.addEventListener('visibilitychange', onHide);
  void restore();

  return () => {
    stopped = true;
    offWatch();
    offStore();
    if (timer) saveNow();
    win.removeEventListener('pagehide', onHide);
    win.document.removeEventListener('visibilitychange', onHide);
  };
}
