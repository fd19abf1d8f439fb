import type { HookRun } from '../../../../shared/threads';
import './hook-line.css';

/** What the line says about one run of the user's hook. */
export function hookLineText(run: HookRun): string {
  const name = `Hook ${run.name}`;
  switch (run.outcome) {
    case undefined:
      return `${name} running…`;
    case 'ran':
      return `${name} ran`;
    case 'blocked':
      return `${name} blocked this${run.message ? `: ${run.message}` : ''}`;
    case 'failed':
      return `${name} failed (exit ${run.exitCode ?? '?'})${run.message ? `: ${run.message}` : ''}`;
  }
}

/**
 * "Hook UserPromptSubmit ran": one of the user's own Claude Code hooks ran in this turn (recorded case 44b), as the
 * terminal shows it — so a hook set up for the CLI is seen to fire here too.
 */
export function HookLine({ run }: { run: HookRun }) {
  const text = hookLineText(run);
  return (
    <p
      className="hook-line"
      role="note"
      data-testid="hook-line"
      data-outcome={run.outcome ?? 'running'}
      title={`A hook from your Claude Code settings (${run.event})`}
    >
      <span className="hook-line-mark" aria-hidden="true">
        {run.outcome === 'blocked' ? '⛔' : run.outcome === 'failed' ? '!' : '↪'}
      </span>
      {text}
    </p>
  );
}
