import type { DeskStore } from './desk-state';

/**
 * Browser mode: every thread has an address of its own, `#/thread/<id>`, so a thread opens in a tab of its own and
 * the browser's Back and Forward move between the threads opened. The address carries no secret: the token is
 * taken out of the address bar on load (ws-client.ts), and a new tab gets it only in the one URL it is opened with.
 */
const PREFIX = '#/thread/';

export const threadHash = (threadId: string): string => `${PREFIX}${encodeURIComponent(threadId)}`;

/** The thread an address names; undefined when it names none. */
export function threadOfHash(hash: string): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    return decodeURIComponent(hash.slice(PREFIX.length)) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keep the address and the open thread together, in browser mode only (the desktop window has no address bar):
 * opening a thread adds a history entry, Back/Forward (or an address typed) open the thread it names. Returns the
 * unsubscribe, which also puts the address back as it was found (a page torn down in tests leaves none behind).
 */
export function connectThreadAddress(store: DeskStore, win: Window = window): () => void {
  const found = win.location.href;
  let active = false;
  let following = false; // the open thread changes because the address did: no new entry for it
  const url = (threadId: string | null): string => {
    const u = new URL(win.location.href);
    u.hash = threadId ? threadHash(threadId) : '';
    return u.pathname + u.search + u.hash;
  };

  const offStore = store.subscribe((s, prev) => {
    if (!active && s.appInfo?.host === 'web') active = true;
    if (!active || s.activeThreadId === prev.activeThreadId || following) return;
    const shown = threadOfHash(win.location.hash);
    if (shown === (s.activeThreadId ?? undefined)) return;
    // The first thread a page shows (its saved place, a new tab's) replaces the entry; later ones add one.
    if (shown === undefined && prev.activeThreadId === null)
      win.history.replaceState(win.history.state, '', url(s.activeThreadId));
    else win.history.pushState(null, '', url(s.activeThreadId));
  });

  const onHashChange = (): void => {
    if (!active) return;
    const s = store.getState();
    const id = threadOfHash(win.location.hash) ?? null;
    if (id === s.activeThreadId) return;
    if (id !== null && s.threadsLoaded && !s.threads.some((t) => t.id === id)) {
      s.pushNotice('info', 'That thread is not here any more: it was deleted.');
      win.history.replaceState(win.history.state, '', url(s.activeThreadId));
      return;
    }
    following = true;
    void s.selectThread(id);
    following = false;
  };
  win.addEventListener('hashchange', onHashChange);

  return () => {
    offStore();
    win.removeEventListener('hashchange', onHashChange);
    if (active && win.location.href !== found) win.history.replaceState(win.history.state, '', found);
  };
}
