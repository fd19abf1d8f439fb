import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { MOD_ARIA, MOD_KEY } from '../../ui/shortcut-labels';
import { SIDEBAR_TABS } from './sidebar-sections';
import { selectedProject } from '../../store/projects-slice';
import { baseName } from '../history/group-sessions';

export { MOD_KEY };

/** Tabs (History, …) when there is more than one view of the sidebar; an ARIA tab list with arrow keys. */
/** The tabs this page offers: a paired device's has no History (sessions outside Claude Desk stay at the computer). */
function useSidebarTabs(): typeof SIDEBAR_TABS {
  const device = useDesk((s) => s.devicePage);
  return device ? SIDEBAR_TABS.filter((t) => t.id !== 'history') : SIDEBAR_TABS;
}

function SidebarTabs() {
  const tab = useDesk((s) => s.sidebarTab);
  const setTab = useDesk((s) => s.setSidebarTab);
  const tabs = useSidebarTabs();
  if (tabs.length < 2) return null;
  return (
    <div
      className="sidebar-tabs"
      role="tablist"
      aria-label="Sidebar"
      onKeyDown={(e) => {
        const at = tabs.findIndex((t) => t.id === tab);
        const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        e.preventDefault();
        const next = tabs[(at + step + tabs.length) % tabs.length]!;
        setTab(next.id);
        e.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
      }}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          data-tab={t.id}
          id={`sidebar-tab-${t.id}`}
          aria-selected={t.id === tab}
          aria-controls="sidebar-panel"
          tabIndex={t.id === tab ? 0 : -1}
          className={`sidebar-tab ${t.id === tab ? 'active' : ''}`}
          title={t.title}
          data-testid={`tab-${t.id}`}
          onClick={() => setTab(t.id)}
        >
          <Icon name={t.icon} size={14} />
          <span className="sidebar-tab-label">{t.label}</span>
        </button>
      ))}
    </div>
  );
}

/** The sidebar: brand and New thread on top, the chosen tab's panel (the thread list), Settings at the bottom. */
export function ThreadSidebar() {
  const view = useDesk((s) => s.view);
  const tab = useDesk((s) => s.sidebarTab);
  const createThread = useDesk((s) => s.createThread);
  const setView = useDesk((s) => s.setView);
  const host = useDesk((s) => s.appInfo?.host);
  // Where New thread starts (the filtered or focused project, else the open thread's): said in its tooltip.
  const project = useDesk(selectedProject);
  const tabs = useSidebarTabs();
  const Panel = (tabs.find((t) => t.id === tab) ?? tabs[0]!).Panel;
  const tabbed = tabs.length > 1;
  // A paired device's page: Usage and Settings are at the computer (the device gate refuses their calls).
  const device = useDesk((s) => s.devicePage);

  return (
    <nav className="sidebar" id="thread-sidebar" aria-label="Threads">
      <div className="sidebar-top">
        <div className="brand">Claude Desk</div>
        <button
          type="button"
          className="btn btn-new"
          onClick={() => void createThread()}
          // A browser keeps Ctrl/Cmd+N for a new window, so browser mode offers Alt+N (use-shortcuts.ts).
          title={`New thread${project ? ` in ${baseName(project)}` : ''} (${host === 'web' ? 'Alt+' : MOD_KEY}N)`}
          aria-keyshortcuts={host === 'web' ? 'Alt+N' : `${MOD_ARIA}+N`}
          data-testid="new-thread"
        >
          <Icon name="plus" size={16} /> New thread
        </button>
      </div>
      <SidebarTabs />
      <div
        className="sidebar-panel"
        id="sidebar-panel"
        {...(tabbed ? { role: 'tabpanel', 'aria-labelledby': `sidebar-tab-${tab}` } : {})}
      >
        <Panel />
      </div>
      {!device && (
        <div className="sidebar-bottom">
          <button
            type="button"
            className={`btn btn-ghost sidebar-settings ${view === 'usage' ? 'active' : ''}`}
            onClick={() => setView(view === 'usage' ? 'chat' : 'usage')}
            aria-pressed={view === 'usage'}
            title="Usage: tokens, cost and plan limits of every Claude Code session"
            data-testid="open-usage"
          >
            <Icon name="usage" size={16} /> Usage
          </button>
          <button
            type="button"
            className={`btn btn-ghost sidebar-settings ${view === 'settings' ? 'active' : ''}`}
            onClick={() => setView(view === 'settings' ? 'chat' : 'settings')}
            aria-pressed={view === 'settings'}
            title={`Settings (${MOD_KEY},)`}
            data-testid="open-settings"
          >
            <Icon name="settings" size={16} /> Settings
          </button>
        </div>
      )}
    </nav>
  );
}
