/** How much a window's saved state may hold; plain numbers so the renderer gets them without the schema (zod). */
export const MAX_SAVED_DRAFTS = 50;
export const MAX_SAVED_SCROLLS = 50;
