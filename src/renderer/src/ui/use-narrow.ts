import { useSyncExternalStore } from 'react';

/** Below this width the sidebar leaves the grid and comes over the chat on demand (threads.css uses the same). */
export const NARROW_QUERY = '(max-width: 720px)';

/** Whether the window is narrow right now (false where matchMedia is missing, e.g. jsdom). */
export function isNarrow(win: Window = window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia(NARROW_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isNarrow(),
    () => false,
  );
}
