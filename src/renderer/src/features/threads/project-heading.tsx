import { memo, useId } from 'react';
import { ProjectUsageTip } from '../usage/project-usage';
import { useDeskStore } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { RowAction } from '../../ui/row-action';
import type { ProjectHeadingRow } from './thread-groups';
import { slotProps, type RowSlot } from './thread-rows';

export interface ProjectHeadingProps {
  row: ProjectHeadingRow;
  /** The one row reached with Tab (roving tabindex); arrows move between rows and headings. */
  tabbable: boolean;
  keysHintId: string;
  slot?: RowSlot;
  onFocusRow(key: string): void;
  /** Hovered or focused: read the projects' 30 days (the tooltip shows this one's). */
  onAskUsage(): void;
}

/**
 * A project's group in the sidebar: its name (the path in the tooltip) folds or unfolds its threads (click,
 * Enter, or Left/Right), P pins it on top, and the + starts a thread in it. One tab stop: the heading's button;
 * the pin and + are for the mouse, their keys for the keyboard (N starts a thread here).
 */
export const ProjectHeading = memo(function ProjectHeading({
  row,
  tabbable,
  keysHintId,
  slot,
  onFocusRow,
  onAskUsage,
}: ProjectHeadingProps) {
  const tipId = useId();
  const store = useDeskStore();
  const toggle = () => store.getState().toggleProjectCollapsed(row.project);
  const pin = () => store.getState().pinProject(row.project, !row.pinned);
  const startHere = () => void store.getState().createThread(undefined, row.project);
  const isDefault = row.project === '';
  return (
    <li
      className={`project-heading ${row.collapsed ? 'collapsed' : ''}`}
      data-testid="project-group"
      data-project={row.project}
      {...slotProps(slot)}
      onPointerEnter={onAskUsage}
    >
      <h2>
        <button
          type="button"
          className="thread-open project-toggle"
          data-thread-id={row.key}
          tabIndex={tabbable ? 0 : -1}
          aria-expanded={!row.collapsed}
          aria-describedby={`${tipId} ${keysHintId}`}
          aria-keyshortcuts="ArrowLeft ArrowRight P N"
          onClick={toggle}
          onFocus={() => {
            onFocusRow(row.key);
            onAskUsage();
          }}
          onKeyDown={(e) => {
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            if ((e.key === 'ArrowLeft' && !row.collapsed) || (e.key === 'ArrowRight' && row.collapsed)) {
              e.preventDefault();
              toggle();
            } else if (e.key === 'p' || e.key === 'P') {
              e.preventDefault();
              pin();
            } else if (e.key === 'n' || e.key === 'N') {
              e.preventDefault();
              startHere();
            }
          }}
        >
          <span className="project-chevron">
            <Icon name="chevron" size={12} />
          </span>
          <Icon name={isDefault ? 'chat' : 'folder'} size={13} />
          <span className="project-name">{row.label}</span>
          {isDefault && <span className="visually-hidden">: plain chats, no project folder</span>}
          {row.pinned && (
            <span className="project-pinned-mark" title="Pinned">
              <Icon name="pin" size={11} />
              <span className="visually-hidden">, pinned</span>
            </span>
          )}
          <span className="project-count" aria-label={`${row.count} ${row.count === 1 ? 'thread' : 'threads'}`}>
            {row.count}
          </span>
        </button>
      </h2>
      {/* The folder's path (the heading shows its name) and its last 30 days: on hover and focus, read as its description. */}
      <ProjectUsageTip id={tipId} folder={row.project} path={row.title} />
      <span className="project-actions">
        <RowAction
          icon="pin"
          iconSize={13}
          label={row.pinned ? `Unpin project ${row.label}` : `Pin project ${row.label}`}
          title={row.pinned ? 'Unpin project (P)' : 'Keep this project on top (P)'}
          pressed={row.pinned}
          onClick={pin}
        />
        <RowAction
          icon="plus"
          iconSize={13}
          label={`New thread in ${row.label}`}
          title={`New thread in ${row.label} (N)`}
          onClick={startHere}
        />
      </span>
    </li>
  );
});
