import { preloadLazyViews } from '../lazy-views';
import { loadMarkdown } from '../ui/markdown-loader';

// What the page loads on demand (ui/markdown-loader.ts, lazy-views.tsx) is loaded before each test file renders, as
// the page has it shortly after its first paint: components render formatted and views open at once.
await Promise.all([loadMarkdown(), preloadLazyViews()]);
