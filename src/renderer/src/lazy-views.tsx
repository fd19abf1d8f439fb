import { Suspense, type ReactNode } from 'react';
import { LazyLoading, lazyPart, lazyView, prefetchLazyParts } from './ui/lazy-part';

/**
 * The views behind a click load on demand, each its own chunk: the page's start evaluates only the shell, the
 * sidebar and the chat. A new view adds a line here and App stays as it is; a part inside a feature (a card, a
 * library a hook uses) is declared where it is used, with ui/lazy-part.tsx.
 */
// Settings, History and Usage are the desktop's (a phone is refused their calls): not fetched ahead on a phone.
export const SettingsView = lazyView(
  () => import('./features/settings/settings-view'),
  (m) => m.SettingsView,
  { phone: false },
);
export const SessionView = lazyView(
  () => import('./features/history/session-view'),
  (m) => m.SessionView,
  { phone: false },
);
export const BoardView = lazyView(
  () => import('./features/board/board-view'),
  (m) => m.BoardView,
);
export const UsageView = lazyView(
  () => import('./features/usage/usage-view'),
  (m) => m.UsageView,
  { phone: false },
);

/** The desktop's "Allow a new device?", shown only while a phone is pairing (App renders it only then). */
export const PairingDialog = lazyPart(
  () => import('./features/phone/pairing-dialog'),
  (m) => m.PairingDialog,
  <LazyLoading what="the pairing request" dialog />,
  { phone: false },
);

/**
 * Fetch every lazy view's and part's chunk ahead of its first use (after the first paint; tests before they render);
 * on a phone, only what a phone shows.
 */
export const preloadLazyViews = prefetchLazyParts;

/** Where a lazy view appears: nothing while its chunk arrives (a local file: a frame or two), never a spinner. */
export function LazyView({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="lazy-view" aria-busy="true" />}>{children}</Suspense>;
}
