import { workFolderOf } from '../../../../shared/work-folder';
import type { DeskState } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
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
      <svg
        width="13"
        height="13"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8" />
      </svg>
      {sentence}
    </p>
  );
}
