import { useEffect } from 'react';
import { MAIN_PANE } from '../../../../shared/pane-layout';
import { useDeskStore } from '../../store/store-context';

/** Move the page's focus into a pane: its composer, else the pane itself. */
export function focusPane(paneId: string, doc: Document = document): void {
  // After the render that shows it (a pane hidden in a narrow window comes back first).
  requestAnimationFrame(() => {
    const pane = doc.querySelector<HTMLElement>(`[data-pane="${CSS.escape(paneId)}"]`);
    (pane?.querySelector<HTMLElement>('[data-composer="true"]') ?? pane)?.focus();
  });
}

/**
 * The panes' keys: Ctrl/Cmd+\ opens beside (the thread whose sidebar row has focus, else the focused pane's),
 * F6 / Shift+F6 the next and previous pane, Ctrl/Cmd+Alt+Shift+←/→ moves the focused pane, Ctrl/Cmd+Alt+W closes it.
 */
export function usePaneKeys(win: Window = window): void {
  const store = useDeskStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const { panes, focused } = s.paneLayout;
      const mod = e.metaKey || e.ctrlKey;
      if (mod && !e.altKey && e.code === 'Backslash') {
        const row = (e.target as HTMLElement | null)?.closest?.('[data-thread-id]')?.getAttribute('data-thread-id');
        const shown = panes.find((p) => p.id === focused)?.threadId;
        const thread = row ?? (focused === MAIN_PANE ? s.activeThreadId : shown);
        e.preventDefault();
        if (thread && s.openBeside(thread)) focusPane(store.getState().paneLayout.focused, win.document);
        return;
      }
      if (panes.length < 2 || s.view !== 'chat') return;
      if (e.key === 'F6' && !mod && !e.altKey) {
        e.preventDefault();
        s.paneDo({ type: 'focusStep', by: e.shiftKey ? -1 : 1 });
        focusPane(store.getState().paneLayout.focused, win.document);
      } else if (mod && e.altKey && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        e.preventDefault();
        const i = panes.findIndex((p) => p.id === focused);
        const other = panes[i + (e.key === 'ArrowLeft' ? -1 : 1)];
        if (other) s.paneDo({ type: 'swap', a: focused, b: other.id });
        focusPane(focused, win.document);
      } else if (mod && e.altKey && !e.shiftKey && e.code === 'KeyW') {
        e.preventDefault();
        s.paneDo({ type: 'close', paneId: focused });
        focusPane(store.getState().paneLayout.focused, win.document);
      }
    };
    win.addEventListener('keydown', onKey);
    return () => win.removeEventListener('keydown', onKey);
  }, [store, win]);
}
