import type { ComponentType } from 'react';
import type { SidebarTab } from '../../store/history-slice';
import { lazyPart } from '../../ui/lazy-part';

// The Board and History tabs are chunks of their own, fetched after the first paint (or when a tab is first shown,
// if sooner): the first screen is the thread list.
const BoardPanel = lazyPart(
  () => import('../board/board-panel'),
  (m) => m.BoardPanel,
);
const HistoryList = lazyPart(
  () => import('../history/history-list'),
  (m) => m.HistoryList,
  null,
  { phone: false },
);
import type { IconName } from '../../ui/icons';
import { ThreadsPanel } from './threads-panel';

export interface SidebarTabDef {
  id: SidebarTab;
  label: string;
  icon: IconName;
  title?: string;
  /** Fills the sidebar between its top (brand, New thread) and bottom (Settings); owns its own scrolling. */
  Panel: ComponentType;
}

/**
 * The sidebar's tabs, in order. The tab strip appears once there is more than one; a new view (History)
 * adds its entry here and its id to `SidebarTab`. Sections that belong *above the thread list* (a
 * "Waiting for you" inbox) go in THREAD_LIST_SECTIONS (thread-list-sections.ts) instead.
 */
export const SIDEBAR_TABS: SidebarTabDef[] = [
  { id: 'threads', label: 'Threads', icon: 'chat', Panel: ThreadsPanel },
  {
    id: 'history',
    label: 'History',
    icon: 'history',
    title: 'Every Claude Code session on this computer',
    Panel: HistoryList,
  },
  { id: 'board', label: 'Board', icon: 'board', title: 'Every agent at once (Alt+B)', Panel: BoardPanel },
];
