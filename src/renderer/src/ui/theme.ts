import type { Theme } from '../../../shared/settings';

const DARK = '(prefers-color-scheme: dark)';

/** The theme shown for a choice: System follows the OS (and the browser's emulation in tests) as it changes. */
export function resolveTheme(choice: Theme, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/**
 * Keep `<html data-theme>` on the resolved theme (styles.css hangs the dark colours on it): set at once, so the first
 * paint has the right colours, and again whenever the OS switches while System is chosen. Returns the stop function.
 */
export function applyTheme(choice: Theme, root: HTMLElement = document.documentElement): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK) : null;
  const set = () => {
    root.dataset['theme'] = resolveTheme(choice, media?.matches ?? false);
  };
  set();
  if (!media || choice !== 'system') return () => undefined;
  media.addEventListener('change', set);
  return () => media.removeEventListener('change', set);
}
