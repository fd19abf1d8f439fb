import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { usePhone } from '../../ui/use-phone';
import './phone-layout.css';

/**
 * The bar at the bottom of a phone-sized window, in reach of a thumb: the Board (with how many need you), the open
 * Thread, its Changes (a worktree thread's), and the Threads. Each target is at least 48 px high. Only at phone width
 * (rendered and shown).
 */
export function PhoneNav() {
  const phone = usePhone();
  const view = useDesk((s) => s.view);
  const setView = useDesk((s) => s.setView);
  const activeId = useDesk((s) => s.activeThreadId);
  const hasWorktree = useDesk((s) => {
    const worktree = s.threads.find((t) => t.id === s.activeThreadId)?.settings.worktree;
    return !!worktree && worktree.state !== 'pending';
  });
  const changesFor = useDesk((s) => s.changesFor);
  const openChanges = useDesk((s) => s.openChanges);
  const closeChanges = useDesk((s) => s.closeChanges);
  const sidebarOpen = useDesk((s) => s.sidebarOpen);
  const setSidebarOpen = useDesk((s) => s.setSidebarOpen);
  const waiting = useDesk((s) => s.board?.rows.filter((r) => r.status === 'needs-you').length ?? 0);
  const inChanges = view === 'chat' && !!activeId && changesFor === activeId;
  const here = sidebarOpen
    ? 'threads'
    : view === 'board'
      ? 'board'
      : inChanges
        ? 'changes'
        : view === 'chat'
          ? 'thread'
          : null;

  const tab = (id: string, label: string, icon: Parameters<typeof Icon>[0]['name'], go: () => void, extra?: string) => (
    <button
      type="button"
      className="phone-nav-tab"
      aria-current={here === id ? 'page' : undefined}
      onClick={go}
      data-testid={`phone-nav-${id}`}
    >
      <Icon name={icon} size={22} />
      <span className="phone-nav-label">{label}</span>
      {extra && <span className="phone-nav-badge">{extra}</span>}
    </button>
  );

  // Wider windows have the sidebar: no second set of the same buttons for a screen reader to meet.
  if (!phone) return null;
  return (
    <nav className="phone-nav" aria-label="Go to">
      {tab('board', 'Board', 'board', () => setView('board'), waiting > 0 ? String(waiting) : undefined)}
      {tab('thread', 'Thread', 'chat', () => {
        if (activeId && changesFor === activeId) closeChanges();
        setView('chat');
      })}
      {hasWorktree && activeId
        ? tab('changes', 'Changes', 'branch', () => {
            setView('chat');
            openChanges(activeId);
          })
        : null}
      {tab('threads', 'Threads', 'menu', () => setSidebarOpen(!sidebarOpen))}
    </nav>
  );
}
