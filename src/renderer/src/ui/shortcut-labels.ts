const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
/** How a shortcut's modifier is written in titles: ⌘N on a Mac, Ctrl+N elsewhere. */
export const MOD_KEY = isMac ? '⌘' : 'Ctrl+';
export const MOD_ARIA = isMac ? 'Meta' : 'Control';
