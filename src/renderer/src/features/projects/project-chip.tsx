import type { ReactNode } from 'react';
import type { ThreadSummary } from '../../../../shared/threads';
import { useDesk } from '../../store/store-context';
import { PROJECT_PICKER_ID } from './project-picker';
import './projects.css';

export interface ProjectChipProps {
  thread: ThreadSummary | undefined;
  /** The full path shown in the tooltip (the default workspace's own folder when the thread has none). */
  title: string;
  /** The chip's face: icon and folder name. */
  children: ReactNode;
  /** The name is long: it keeps a legible minimum when the header is tight. */
  long?: boolean;
}

/** Focus the empty state's picker: the chosen project's row, else its first control. */
function focusPicker(): void {
  const picker = document.getElementById(PROJECT_PICKER_ID);
  const target =
    picker?.querySelector<HTMLElement>('.recent-project[tabindex="0"]') ??
    picker?.querySelector<HTMLElement>('button, input') ??
    picker;
  target?.focus();
  picker?.scrollIntoView?.({ block: 'nearest' });
}

/**
 * The header's project chip. Until the thread's first message it is a button that takes the user to the project
 * picker (the same one as the empty state's); after it, the folder is fixed and the chip only shows it.
 */
export function ProjectChip({ thread, title, children, long }: ProjectChipProps) {
  const changeable = useDesk((s) => Boolean(thread) && thread?.totals.turns === 0 && s.messageIds.length === 0);
  if (!changeable) {
    return (
      <span className="chat-folder" title={title} data-testid="chat-folder" data-long={long || undefined}>
        {children}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="chat-folder chat-folder-change"
      title={title}
      aria-label={`Project: ${thread?.settings.projectDir ?? 'Default workspace'}. Change it`}
      data-testid="chat-folder"
      data-long={long || undefined}
      onClick={focusPicker}
    >
      {children}
    </button>
  );
}
