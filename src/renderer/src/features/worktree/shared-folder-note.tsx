import { workFolderOf } from '../../../../shared/work-folder';
import type { DeskState } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import './worktree.css';

/**
 * One line above the composer while another thread is working in this thread's folder (no worktree of its own:
 * outside git, or by choice): their changes land in the same files. A plain string from the selector, so the
 * composer re-renders only when the sentence changes.
 */
export function sharedFolderSentence(s: DeskState): string | undefined {
  const me = s.threads.find((t) => t.id === s.activeThreadId);
  if (!me || me.settings.worktree || me.settings.useWorktree) return undefined;
  // '' stands for the default workspace: only equality matters here.
  const mine = workFolderOf(me.settings, '');
  const busy = new Set(
    Object.values(s.inFlight)
      .filter((t) => t.threadId !== me.id && (t.status === 'running' || t.status === 'waiting'))
      .map((t) => t.threadId),
  );
  const others = s.threads.filter((t) => busy.has(t.id) && workFolderOf(t.settings, '') === mine);
  if (others.length === 0) return undefined;
  const who = others.length === 1 ? `“${others[0]!.title}” is` : `${others.length} other threads are`;
  return `${who} working in this folder too: you share its files.`;
}

export function SharedFolderNote() {
  const sentence = useDesk(sharedFolderSentence);
  if (!sentence) return null;
  return (
    <p className="shared-folder-note" role="status" data-testid="shared-folder-note">
      <Icon name="people" size={13} />
      {sentence}
    </p>
  );
}
