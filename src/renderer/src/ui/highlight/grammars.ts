import { common, createLowlight } from 'lowlight';

/**
 * The one highlighter of the page: highlight.js's 37 common grammars, registered once. This module is loaded
 * on demand (highlighter.ts), so the grammars are a chunk of their own, not part of the first paint.
 */
export const lowlight = createLowlight(common);
export type Lowlight = typeof lowlight;
