import { useEffect } from 'react';
import { useDeskStore } from './store/store-context';
import { isThreadBusy } from './store/turn-selectors';
import { focusComposer } from './features/chat/composer';

/**
 * App-wide keys: Cmd/Ctrl+N new thread, Cmd/Ctrl+, settings, Esc stops the running turn (or leaves
 * Settings). A modal dialog owns Esc while it is open. The app menu sends the same commands.
 */
export function useShortcuts(win: Window = window): void {
  const store = useDeskStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const mod = e.metaKey || e.ctrlKey;
      if (mod && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        void s.createThread().then(() => focusComposer());
      } else if (mod && e.key === ',') {
        e.preventDefault();
        s.setView('settings');
      } else if (e.key === 'Escape' && !e.defaultPrevented && !win.document.querySelector('[aria-modal="true"]')) {
        if (s.activeThreadId && s.view === 'chat' && isThreadBusy(s.inFlight, s.activeThreadId)) {
          e.preventDefault();
          void s.stopActiveTurn();
        } else if (s.view === 'settings') {
          s.setView('chat');
        }
      }
    };
    win.addEventListener('keydown', onKey);
    return () => win.removeEventListener('keydown', onKey);
  }, [store, win]);
}
