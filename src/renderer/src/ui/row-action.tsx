import type { ReactElement } from 'react';
import { Icon, type IconName } from './icons';

export interface RowActionProps {
  icon: IconName;
  /** The accessible name: says the row it acts on ("Pin Refactor the parser"). */
  label: string;
  title?: string;
  /** A toggle (pin): its state for assistive tech, and the accent colour while on. */
  pressed?: boolean;
  iconSize?: number;
  onClick(): void;
}

/**
 * A list row's hover button (pin, rename, delete, new thread here). Out of the tab order: the row has one tab
 * stop and these actions have keys on it, so Tab does not wade through three buttons per row.
 */
export function RowAction({ icon, label, title, pressed, iconSize = 14, onClick }: RowActionProps): ReactElement {
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-icon ${pressed ? 'pinned' : ''}`}
      tabIndex={-1}
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      onClick={onClick}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
