import { useEffect } from 'react';
import { useDesk } from '../../store/store-context';
import './worktree.css';

/**
 * On the empty chat of a thread that asks for its own worktree where none can be made (no commit yet, a detached
 * HEAD, not a git repository, no git): the host's sentence, why and what to do, before the first message — rather
 * than a notice after it, once the turn already runs in the folder itself.
 */
export function WorktreeImpossible() {
  const threadId = useDesk((s) => s.activeThreadId);
  const settings = useDesk((s) => s.threads.find((t) => t.id === s.activeThreadId)?.settings);
  const status = useDesk((s) => (s.activeThreadId ? s.worktreeStatus[s.activeThreadId] : undefined));
  const check = useDesk((s) => s.checkWorktree);
  const asks = settings?.useWorktree === true && !settings.worktree && Boolean(settings.projectDir);
  const projectDir = settings?.projectDir;
  // Asked again when the thread opens, or its folder or its choice changes.
  useEffect(() => {
    if (threadId && asks) check(threadId);
  }, [check, threadId, asks, projectDir]);
  if (!asks || !status || status.gone || !status.impossible) return null;
  return (
    <p className="worktree-impossible" role="alert" data-testid="worktree-impossible">
      {status.impossible}
    </p>
  );
}
