import { useSyncExternalStore } from 'react';

/**
 * A phone-sized window (a phone, or a narrow browser window): the board comes first and a bar of large targets at the
 * bottom moves between the board, the thread, its changes and the threads. phone.css uses the same width.
 */
export const PHONE_QUERY = '(max-width: 520px)';

const lists = new WeakMap<Window['matchMedia'], MediaQueryList>();
function phoneList(win: Window): MediaQueryList | undefined {
  if (typeof win.matchMedia !== 'function') return undefined;
  let list = lists.get(win.matchMedia);
  if (!list) {
    list = win.matchMedia(PHONE_QUERY);
    lists.set(win.matchMedia, list);
  }
  return list;
}

/** Whether the window is phone-sized now (false where matchMedia is missing, e.g. jsdom). */
export function isPhone(win: Window = window): boolean {
  return phoneList(win)?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const list = phoneList(window);
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPhone(),
    () => false,
  );
}
