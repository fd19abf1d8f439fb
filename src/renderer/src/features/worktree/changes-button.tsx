import { useRef } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { lazyPart } from '../../ui/lazy-part';

// The panel is its own chunk: only a worktree thread's click opens it, so the page's start does not evaluate it.
const ChangesPanel = lazyPart(
  () => import('./changes-panel'),
  (m) => m.ChangesPanel,
);

/**
 * The chat header's "Changes" button for a worktree thread, and the panel it opens. Nothing for a thread that
 * runs in a shared folder (it has no base to compare with).
 */
export function ChangesButton({ thread }: { thread: ThreadSummary | undefined }) {
  const worktree = thread?.settings.worktree;
  const open = useDesk((s) => thread !== undefined && s.changesFor === thread.id);
  const openChanges = useDesk((s) => s.openChanges);
  const closeChanges = useDesk((s) => s.closeChanges);
  const button = useRef<HTMLButtonElement>(null);
  if (!thread || !worktree || worktree.state === 'pending') return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="header-chip"
        aria-expanded={open}
        onClick={() => (open ? closeChanges() : openChanges(thread.id))}
        title={`What this thread changed on ${worktree.branch}, against ${worktree.base}`}
        data-testid="changes-button"
      >
        <Icon name="file" size={13} /> Changes
      </button>
      {open && (
        <ChangesPanel
          threadId={thread.id}
          worktree={worktree}
          onClose={() => {
            closeChanges();
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
