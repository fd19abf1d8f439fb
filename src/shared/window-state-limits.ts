/** How much a window's saved state may hold; plain numbers so the renderer gets them without the schema (zod). */
export const MAX_SAVED_DRAFTS = 50;
export const MAX_SAVED_SCROLLS = 50;
/** A desktop window's key (window-state.ts): a file name is made from it, hence the narrow alphabet. */
export const WINDOW_KEY = /^[a-z0-9-]{1,40}$/;
