import { useEffect, useState } from 'react';
import type { LandProgress } from '../../../../shared/worktree-changes';
import { boundInWords as seconds } from '../../../../shared/bound-words';
import { useDesk } from '../../store/store-context';

/** How often the panel asks what a running land waits for: the elapsed time moves by the second. */
const POLL_MS = 1000;

/**
 * While a land or a bring runs: what git waits for (the repository hook by its event and command, when one runs),
 * for how long of its bound, and Stop, which ends git and its hooks at once. The land's own outcome then says what
 * was done and what was not.
 */
export function GitProgress({ threadId }: { threadId: string }) {
  const ask = useDesk((s) => s.landProgress);
  const stopLand = useDesk((s) => s.stopLand);
  const [progress, setProgress] = useState<LandProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  useEffect(() => {
    let live = true;
    const poll = () =>
      void ask(threadId).then((p) => {
        if (live) setProgress(p);
      });
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [ask, threadId]);
  return (
    <div className="git-progress" data-testid="git-progress">
      <p role="status" aria-live="polite">
        {progress
          ? `Waiting for ${progress.waitingFor}: ${seconds(progress.elapsedMs)} of at most ${seconds(progress.boundMs)}.`
          : 'Git is working…'}
      </p>
      <button
        type="button"
        className="btn btn-danger"
        disabled={stopping}
        onClick={() => {
          setStopping(true);
          void stopLand(threadId);
        }}
        data-testid="git-stop"
      >
        {stopping ? 'Stopping…' : 'Stop'}
      </button>
    </div>
  );
}
