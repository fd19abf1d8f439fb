import { useEffect, useSyncExternalStore } from 'react';
import type * as Processor from './markdown-processor';

/**
 * The markdown pipeline (unified, remark, GFM: ~130 KB minified) is its own chunk: the page's first screen — the
 * shell and a usable composer — does not wait for it to download and evaluate. It loads once, right after the first
 * paint or when a row first asks; until it has arrived a text shows plain (markdown-plain.tsx), then every row that
 * asked renders formatted.
 */
export type MarkdownProcessor = typeof Processor;

let loaded: MarkdownProcessor | null = null;
let loading: Promise<MarkdownProcessor> | null = null;
const listeners = new Set<() => void>();

export function loadMarkdown(): Promise<MarkdownProcessor> {
  loading ??= import('./markdown-processor').then((m) => {
    loaded = m;
    for (const l of listeners) l();
    return m;
  });
  return loading;
}

/** Tests that wrap the pipeline (vi.mock) hand their copy in: the one loaded at setup is the unwrapped module. */
export function provideMarkdownForTests(m: MarkdownProcessor): void {
  loaded = m;
  loading = Promise.resolve(m);
}

/** The pipeline if it has loaded, else null. */
export const loadedMarkdown = (): MarkdownProcessor | null => loaded;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pipeline, or null while it loads (the caller shows the text plain); asks for it if not yet asked. */
export function useMarkdownProcessor(): MarkdownProcessor | null {
  const current = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!loaded) void loadMarkdown();
  }, []);
  return current;
}
