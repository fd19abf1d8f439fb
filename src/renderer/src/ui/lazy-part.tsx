import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import './lazy-part.css';

/**
 * What the first screen does not show is its own chunk, fetched once the first screen is up (prefetchLazyParts,
 * after the first paint) or when first needed, whichever comes first. Two shapes: a component (lazyPart) and a
 * library a hook uses (lazyModule). Both register here, so one call fetches every part ahead of its first use.
 */
const prefetches: { load: () => Promise<unknown>; phone: boolean }[] = [];

/**
 * Where a part is fetched ahead of use. `phone: false`: only a desktop shows it (Settings, History, Usage, a second
 * pane, the pairing dialog…), so a phone-sized page, on a phone's data, fetches it only if it is opened.
 */
export interface LazyOptions {
  phone?: boolean;
}

/** Fetch every lazy part's chunk (after the first paint; tests before they render); on a phone, the phone's only. */
export const prefetchLazyParts = ({ phone = false }: { phone?: boolean } = {}): Promise<unknown> =>
  Promise.all(prefetches.filter((p) => !phone || p.phone).map((p) => p.load()));

/**
 * A component from a chunk of its own, in its own Suspense boundary (`fallback` while the chunk arrives, nothing by
 * default). Once the chunk is in, it renders at once: React takes a thenable that answers synchronously without
 * suspending, so a prefetched part shows no empty frame. lazyView is the same without the boundary (the caller's).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  fallback: ReactNode = null,
  options: LazyOptions = {},
) {
  const View = lazyView(load, pick, options);
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <View {...props} />
    </Suspense>
  );
  return Object.assign(Part, { preload: View.preload });
}

export function lazyView<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  { phone = true }: LazyOptions = {},
) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  // One fetch however often it is asked for (the prefetch after the first paint, a first use before it).
  const fetchOnce = (): Promise<M> => (loading ??= load().then((m) => (loaded = m)));
  const preload = (): Promise<unknown> => fetchOnce();
  prefetches.push({ load: preload, phone });
  type Loaded = { default: ComponentType<P> };
  const View = lazy(() =>
    loaded !== undefined
      ? // React's type asks for a Promise; what it uses of one is `then`, called at once here.
        ({ then: (done: (v: Loaded) => void) => done({ default: pick(loaded as M) }) } as unknown as Promise<Loaded>)
      : fetchOnce().then((m): Loaded => ({ default: pick(m) })),
  );
  return Object.assign(View, { preload });
}

/**
 * What shows while a part's chunk arrives, where the part will be: a status that says so. It stays invisible for
 * its first moments (CSS), so a prefetched or local chunk — a frame or two — shows nothing, and a slow network (a
 * phone) says what it is waiting for. `dialog`: centred over the page, where a dialog opens.
 */
export function LazyLoading({ what, dialog = false }: { what: string; dialog?: boolean }) {
  return (
    <div className={dialog ? 'lazy-loading lazy-loading-dialog' : 'lazy-loading'} role="status" aria-busy="true">
      Loading {what}…
    </div>
  );
}

/** A library from a chunk of its own: `use()` gives it once loaded (null until then, and asks for it). */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const preload = (): Promise<M> =>
    (loading ??= load().then((m) => {
      loaded = m;
      for (const l of listeners) l();
      return m;
    }));
  prefetches.push({ load: preload, phone: true });
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  /** The library, or null while it loads; `wanted` asks for it now rather than after the first paint. */
  function use(wanted = true): M | null {
    const current = useSyncExternalStore(subscribe, () => loaded);
    useEffect(() => {
      if (wanted && !loaded) void preload();
    }, [wanted]);
    return current;
  }
  return { use, preload, loaded: () => loaded };
}
