import { useEffect } from 'react';
import { useDeskStore } from './store/store-context';
import { isThreadBusy } from './store/turn-selectors';
import { focusComposer, isComposer } from './features/composer/composer';
import { focusWaitingApproval, isFocusApprovalShortcut, isTyping } from './features/approvals/approval-keys';
import { isNarrow } from './ui/use-narrow';

/** Esc in a text field other than the composer belongs to that field (clear, cancel): it must not stop the turn. */
const typingElsewhere = (target: EventTarget | null): boolean => isTyping(target) && !isComposer(target);
/** A key in a split pane other than the window's own: that pane answers it (its own turn, its own Esc). */
const inOtherPane = (target: EventTarget | null): boolean =>
  target instanceof Element && (target.closest('[data-pane]')?.getAttribute('data-pane') ?? 'main') !== 'main';

/**
 * App-wide keys: Cmd/Ctrl+N (or Alt+N) new thread, Cmd/Ctrl+B sidebar, Alt+B the board, Cmd/Ctrl+, settings, Alt+R to the waiting approval card, Esc stops the running turn (or leaves
 * Settings). A modal dialog owns Esc while it is open, and so does a field that handles it (preventDefault).
 * The app menu sends the same commands.
 */
export function useShortcuts(win: Window = window): void {
  const store = useDeskStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const mod = e.metaKey || e.ctrlKey;
      // Alt+N too: in browser mode Chrome keeps Ctrl+N for itself. e.code, since Alt+N types "˜" on a Mac.
      const altN = e.altKey && !mod && !e.shiftKey && e.code === 'KeyN';
      if ((mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'n') || altN) {
        e.preventDefault();
        void s.createThread().then(() => focusComposer());
      } else if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'b') {
        // Cmd/Ctrl+B folds the sidebar away (or, in a narrow window, brings it over the chat and back).
        e.preventDefault();
        s.toggleSidebar(isNarrow(win));
      } else if (e.altKey && !mod && !e.shiftKey && e.code === 'KeyB') {
        // Alt+B: the board, every agent at once (e.code: Alt+B types "∫" on a Mac). The sidebar comes back if folded.
        e.preventDefault();
        s.setSidebarTab('board');
        if (isNarrow(win)) s.setSidebarOpen(true);
        else if (s.sidebarCollapsed) s.setSidebarCollapsed(false);
        win.requestAnimationFrame(() =>
          (
            win.document.querySelector<HTMLElement>('[data-board-row]') ??
            win.document.querySelector<HTMLElement>('[data-tab="board"]')
          )?.focus(),
        );
      } else if (isFocusApprovalShortcut(e)) {
        // Answering an approval from the keyboard takes focus on its card first (Y/A/N work only there).
        if (focusWaitingApproval(win.document)) e.preventDefault();
      } else if (mod && e.key === ',') {
        e.preventDefault();
        s.setView('settings');
      } else if (e.key === 'Escape' && !e.defaultPrevented && !win.document.querySelector('[aria-modal="true"]')) {
        if (
          s.activeThreadId &&
          s.view === 'chat' &&
          isThreadBusy(s.inFlight, s.activeThreadId) &&
          !typingElsewhere(e.target) &&
          !inOtherPane(e.target)
        ) {
          e.preventDefault();
          void s.stopActiveTurn();
        } else if (s.view === 'settings' || s.view === 'usage') {
          s.setView('chat');
        }
      }
    };
    win.addEventListener('keydown', onKey);
    return () => win.removeEventListener('keydown', onKey);
  }, [store, win]);
}
