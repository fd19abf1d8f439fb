import { act } from '@testing-library/react';
import { MAIN_PANE } from '../../../shared/pane-layout';
import type { DeskStore } from '../store/desk-store';

/** The stores renderApp made since the last closeRenderedPanes (kept apart from render-app: it imports no app code). */
const rendered: DeskStore[] = [];

export function trackRendered(store: DeskStore): void {
  rendered.push(store);
}

/**
 * Close the panes a test opened beside the main one (setup-app.ts, after each test). A pane's store listens on the
 * window (focus, visibility) and asks whichever host is current: left open, it would fetch from the next test's host.
 */
export function closeRenderedPanes(): void {
  for (const store of rendered.splice(0)) {
    const others = store.getState().paneLayout.panes.filter((p) => p.id !== MAIN_PANE);
    if (others.length > 0)
      act(() => {
        for (const p of others) store.getState().paneDo({ type: 'close', paneId: p.id });
      });
  }
}
