import { preloadLazyViews } from '../lazy-views';
import { loadMarkdown } from '../ui/markdown-loader';
// The modules that declare lazy parts (ui/lazy-part.tsx): imported here so their parts are registered, then fetched.
import '../features/approvals/approval-card';
import '../features/worktree/changes-button';
import '../features/composer/use-picker';
import '../features/threads/sidebar-sections';
import '../features/tools/terminal-output';
import '../features/chat/tool-card';
import '../features/chat/chat-header';
import '../features/chat/user-message';
import '../features/chat/turn-state';
import '../features/composer/composer-panels';
import '../features/composer/composer';
import '../features/panes/chat-area';

// What the page loads on demand (ui/markdown-loader.ts, lazy-views.tsx, ui/lazy-part.tsx) is loaded before each test
// file renders, as the page has it shortly after its first paint: components render formatted and views open at once.
await Promise.all([loadMarkdown(), preloadLazyViews()]);
