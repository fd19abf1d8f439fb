import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * What the first screen does not show loads on demand, each its own chunk: the page's start evaluates only the shell,
 * the sidebar and the chat. One file for every lazy boundary, so a new view adds a line here and App stays as it is.
 */
function lazyView<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  let loaded: M | undefined;
  const preload = (): Promise<unknown> => load().then((m) => (loaded = m));
  // Once its chunk is in (preloaded after the first paint), the view renders at once: React takes a thenable that
  // answers synchronously without suspending, so opening Settings shows no empty frame.
  type Loaded = { default: ComponentType };
  const View = lazy(() =>
    loaded !== undefined
      ? // React's type asks for a Promise; what it uses of one is `then`, called at once here.
        ({ then: (done: (v: Loaded) => void) => done({ default: pick(loaded as M) }) } as unknown as Promise<Loaded>)
      : load().then((m): Loaded => ({ default: pick((loaded = m)) })),
  );
  return Object.assign(View, { preload });
}

export const SettingsView = lazyView(
  () => import('./features/settings/settings-view'),
  (m) => m.SettingsView,
);
export const SessionView = lazyView(
  () => import('./features/history/session-view'),
  (m) => m.SessionView,
);

/** Fetch every lazy view's chunk ahead of its first use (after the first paint; tests before they render). */
export const preloadLazyViews = (): Promise<unknown> => Promise.all([SettingsView.preload(), SessionView.preload()]);

/** Where a lazy view appears: nothing while its chunk arrives (a local file: a frame or two), never a spinner. */
export function LazyView({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="lazy-view" aria-busy="true" />}>{children}</Suspense>;
}
