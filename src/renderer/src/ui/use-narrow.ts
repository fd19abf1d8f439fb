import { useSyncExternalStore } from 'react';

/** Below this width the sidebar leaves the grid and comes over the chat on demand (threads.css uses the same). */
export const NARROW_QUERY = '(max-width: 720px)';

/**
 * One query list per window (per matchMedia, so a test's stand-in gets its own), its answer kept from its change
 * events: asking matchMedia on every render forced a style recalculation on each store change (~13 ms a send).
 */
interface NarrowQuery {
  list: MediaQueryList;
  matches: boolean;
}
const queries = new WeakMap<Window['matchMedia'], NarrowQuery>();

function narrowQuery(win: Window): NarrowQuery | undefined {
  if (typeof win.matchMedia !== 'function') return undefined;
  let q = queries.get(win.matchMedia);
  if (!q) {
    const list = win.matchMedia(NARROW_QUERY);
    const made: NarrowQuery = { list, matches: list.matches };
    list.addEventListener('change', (e) => (made.matches = e.matches));
    queries.set(win.matchMedia, made);
    q = made;
  }
  return q;
}

/** Whether the window is narrow right now (false where matchMedia is missing, e.g. jsdom). */
export function isNarrow(win: Window = window): boolean {
  return narrowQuery(win)?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const q = narrowQuery(window);
  if (!q) return () => {};
  q.list.addEventListener('change', onChange);
  return () => q.list.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isNarrow(),
    () => false,
  );
}
