import { useDesk } from '../../store/store-context';
import './worktree.css';

/** A branch glyph (git's fork): drawn here, so the chip needs nothing from the shared icon set. */
function BranchGlyph() {
  return (
    <svg
      width="13"
      height="13"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 9a9 9 0 0 1-9 9" />
    </svg>
  );
}

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
      <BranchGlyph />
      <span className="worktree-chip-branch" data-testid="worktree-branch">
        {wt.branch}
      </span>
      <span className="worktree-chip-base" data-testid="worktree-base" aria-hidden="true">
        from {wt.base}
      </span>
    </span>
  );
}
