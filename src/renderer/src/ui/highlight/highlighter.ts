import { useEffect, useSyncExternalStore } from 'react';
import type { Lowlight } from './grammars';
import './highlight.css';

export type { Lowlight };
/** What lowlight returns: a hast root of spans with `hljs-*` classes and text. */
export type HighlightTree = ReturnType<Lowlight['highlight']>;

let instance: Lowlight | null = null;
let loading: Promise<Lowlight> | null = null;
const listeners = new Set<() => void>();

/**
 * Load the shared highlighter (once; later calls get the same promise). Code shows as plain text until it has
 * arrived, then every component that asked re-renders highlighted.
 */
export function loadHighlighter(): Promise<Lowlight> {
  loading ??= import('./grammars').then((m) => {
    instance = m.lowlight;
    for (const l of listeners) l();
    return m.lowlight;
  });
  return loading;
}

/** The highlighter if it has loaded, else null. */
export const loadedHighlighter = (): Lowlight | null => instance;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shared highlighter, or null while it loads (the caller shows plain text). `wanted: false` never loads it. */
export function useHighlighter(wanted = true): Lowlight | null {
  const current = useSyncExternalStore(subscribe, () => instance);
  useEffect(() => {
    if (wanted && !instance) void loadHighlighter();
  }, [wanted]);
  return current;
}

/** The registered language name for a fence or file name (aliases included); undefined: plain text. */
export function knownLanguage(lowlight: Lowlight | null, name: string | undefined): string | undefined {
  return name && lowlight?.registered(name) ? name : undefined;
}
