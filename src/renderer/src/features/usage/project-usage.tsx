/**
 * A project's last 30 days on its heading (the sidebar's groups, the Board's): every Claude Code session in that
 * folder, a worktree's under its repository, as Usage counts them. Read from the host once a heading asks.
 */
import { projectUsageSentence } from '../../../../shared/usage';
import { useDesk } from '../../store/store-context';
import './project-usage.css';

/** The sentence for a folder: its figure, "reading…" until the host answers, or why it could not be read. */
export function useProjectUsageText(folder: string): string {
  const usage = useDesk((s) => s.projectUsage[folder]);
  const error = useDesk((s) => s.projectUsageError);
  if (usage) return projectUsageSentence(usage);
  return error ?? 'Last 30 days: reading…';
}

/**
 * The heading's tooltip: shown while the heading is hovered or has focus (CSS), and its description for a screen
 * reader (the heading's control points at it with `aria-describedby`, which reads it whether shown or not).
 */
export function ProjectUsageTip({ id, folder, path }: { id: string; folder: string; path?: string }) {
  const text = useProjectUsageText(folder);
  return (
    <span id={id} role="tooltip" className="project-usage-tip" data-testid="project-usage">
      {path && (
        <>
          <span className="project-usage-path">{path}</span>
          <span className="visually-hidden">: </span>
        </>
      )}
      <span>{text}</span>
    </span>
  );
}

/** The Board's heading says it in the open: the view is wide, and a heading is no stop for the keyboard. */
export function ProjectUsageInline({ folder }: { folder: string }) {
  const text = useProjectUsageText(folder);
  return (
    <span className="board-project-usage" data-testid="project-usage">
      {text}
    </span>
  );
}
