import { preloadLazyViews } from '../lazy-views';
import { loadMarkdown } from '../ui/markdown-loader';

// The renderer-mocks lane's setup: markdown and the lazy views loaded before each test file renders, and no feature
// imported (setup-lazy.ts imports the features that declare lazy parts; a module imported here could not be mocked).
await Promise.all([loadMarkdown(), preloadLazyViews()]);
