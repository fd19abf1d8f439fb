import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import './worktree.css';

/**
 * The header's chip for a thread that works in its own git worktree: its branch and the branch it started from,
 * the whole path in the tooltip (and to a screen reader). Nothing for a thread that works in a shared folder.
 */
export function WorktreeChip() {
  const wt = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings.worktree);
  if (!wt || wt.state === 'discarded') return null;
  const where = `Works in its own git worktree, ${wt.path}, on branch ${wt.branch}, started from ${wt.base}`;
  return (
    <span className="worktree-chip" data-testid="worktree-chip" title={where} aria-label={where} role="note">
      <Icon name="branch" size={13} />
      <span
        className="worktree-chip-branch"
        data-testid="worktree-branch"
        data-long={wt.branch.length > 12 || undefined}
      >
        {wt.branch}
      </span>
      <span
        className="worktree-chip-base"
        data-testid="worktree-base"
        data-long={wt.base.length > 4 || undefined}
        aria-hidden="true"
      >
        from {wt.base}
      </span>
    </span>
  );
}
