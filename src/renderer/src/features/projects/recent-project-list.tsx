import { useId, type KeyboardEvent } from 'react';
import type { ProjectFolder } from '../../../../shared/projects';
import { Icon } from '../../ui/icons';

export interface RecentProjectListProps {
  projects: ProjectFolder[];
  /** The thread's folder now ('' = the default workspace). */
  chosen: string;
  onChoose(folder: ProjectFolder): void;
}

/** Up/Down/Home/End move between the list's buttons (one tab stop for the whole list). */
function moveFocus(e: KeyboardEvent<HTMLUListElement>): void {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.recent-project')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (to === undefined || at < 0) return;
  e.preventDefault();
  const target = buttons[Math.max(0, Math.min(buttons.length - 1, to))];
  for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
  target?.focus();
}

/**
 * Recent projects, most recent first: name, path, git branch, and whether the folder was seen only in the
 * terminal. A folder that is gone says so in its sentence and cannot be chosen.
 */
export function RecentProjectList({ projects, chosen, onChoose }: RecentProjectListProps) {
  const uid = useId();
  const tabbable = Math.max(
    0,
    projects.findIndex((p) => p.path === chosen),
  );
  return (
    <ul className="recent-projects" aria-label="Recent projects" onKeyDown={moveFocus} data-testid="recent-projects">
      {projects.map((p, i) => {
        const usable = p.state === 'ok';
        return (
          <li key={p.path}>
            <button
              type="button"
              className={`recent-project ${p.path === chosen ? 'chosen' : ''}`}
              tabIndex={i === tabbable ? 0 : -1}
              aria-pressed={p.path === chosen}
              aria-disabled={usable ? undefined : true}
              aria-describedby={usable ? undefined : `${uid}-problem-${i}`}
              title={p.path}
              data-testid="recent-project"
              data-path={p.path}
              onClick={() => usable && onChoose(p)}
            >
              <Icon name="folder" size={15} />
              <span className="recent-project-text">
                <span className="recent-project-name">{p.name}</span>
                <span className="recent-project-path">{p.path}</span>
              </span>
              {p.git?.branch && (
                <span className="recent-project-branch" title={`On branch ${p.git.branch}`}>
                  <span className="visually-hidden">branch </span>
                  {p.git.branch}
                </span>
              )}
              {p.seenIn.length === 1 && p.seenIn[0] === 'terminal' && (
                <span className="recent-project-badge" title="Used with Claude Code in a terminal">
                  terminal
                </span>
              )}
            </button>
            {!usable && (
              <p id={`${uid}-problem-${i}`} className="folder-problem" data-testid="recent-project-problem">
                {p.problem}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
