import { useEffect, useState } from 'react';
import type { AfterWorktree } from '../../../../shared/worktree';
import { useDesk } from '../../store/store-context';
import './worktree.css';

/**
 * Above the composer of a thread whose worktree is gone (discarded, removed after a land, deleted by hand): it never
 * goes on in the user's checkout silently — the host refuses its turns until the user chooses here where it goes on:
 * a new worktree from its base, the main checkout, or read-only.
 */
export function WorktreeGone() {
  const threadId = useDesk((s) => s.activeThreadId);
  const worktree = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings.worktree);
  const updatedAt = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.updatedAt);
  const status = useDesk((s) => (s.activeThreadId ? s.worktreeStatus[s.activeThreadId] : undefined));
  const check = useDesk((s) => s.checkWorktree);
  const choose = useDesk((s) => s.continueWithoutWorktree);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // Asked again when the thread opens, its worktree record changes or a turn of it ends (a folder deleted by hand).
  useEffect(() => {
    if (threadId && worktree && worktree.state !== 'pending') check(threadId);
  }, [check, threadId, worktree, updatedAt]);
  if (!threadId || !worktree || !status?.gone) return null;
  const pick = (choice: AfterWorktree) => {
    setBusy(true);
    setError(undefined);
    void choose(threadId, choice).then((err) => {
      setBusy(false);
      setError(err);
    });
  };
  return (
    <div
      className="worktree-gone"
      role="region"
      aria-label="This thread’s worktree is gone"
      data-testid="worktree-gone"
    >
      <p>{status.message}</p>
      {!status.readOnly && (
        <div className="worktree-gone-choices">
          {status.canRestore && (
            <button
              type="button"
              className="btn btn-small btn-primary"
              disabled={busy}
              onClick={() => pick('restore')}
              data-testid="gone-restore"
            >
              Its worktree again, on {worktree.branch}
            </button>
          )}
          <button
            type="button"
            className={`btn btn-small ${status.canRestore ? '' : 'btn-primary'}`}
            disabled={busy}
            onClick={() => pick('new')}
            data-testid="gone-new"
          >
            A new worktree from {status.base}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => pick('checkout')}
            data-testid="gone-checkout"
          >
            The main checkout
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => pick('read-only')}
            data-testid="gone-read-only"
          >
            Read-only
          </button>
        </div>
      )}
      {error && (
        <p className="changes-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
