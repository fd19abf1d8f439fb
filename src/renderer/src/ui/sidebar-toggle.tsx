import type { DeskState } from '../store/desk-state';
import { useDesk, useDeskStore } from '../store/store-context';
import { Icon } from './icons';
import { useNarrow } from './use-narrow';
import { MOD_KEY } from './shortcut-labels';

/** Whether the thread list is on screen, as the toggle's aria-expanded says it. */
export const sidebarShown = (s: Pick<DeskState, 'sidebarOpen' | 'sidebarCollapsed'>, narrow: boolean): boolean =>
  narrow ? s.sidebarOpen : !s.sidebarCollapsed;

/** The header button that shows and hides the sidebar (Cmd/Ctrl+B does the same, use-shortcuts.ts). */
export function SidebarToggle() {
  const narrow = useNarrow();
  const shown = useDesk((s) => sidebarShown(s, narrow));
  const store = useDeskStore();
  const label = shown ? 'Hide sidebar' : 'Show sidebar';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon sidebar-toggle"
      aria-label={label}
      title={`${label} (${MOD_KEY}B)`}
      aria-expanded={shown}
      aria-controls="thread-sidebar"
      aria-keyshortcuts={MOD_KEY === '⌘' ? 'Meta+B' : 'Control+B'}
      data-testid="sidebar-toggle"
      onClick={() => store.getState().toggleSidebar(narrow)}
    >
      <Icon name="sidebar" />
    </button>
  );
}
