import { isNarrow } from '../../ui/use-narrow';
import type { BridgeContext, BridgePart } from './part';

/** The app menu's commands (the window's own: a split pane leaves them to it). */
export function windowPart({ on, s, pane, win }: BridgeContext): BridgePart {
  return {
    offs: [
      on('command', ({ command }) => {
        if (pane) return;
        if (command === 'new-thread') void s().createThread();
        else if (command === 'open-settings') s().setView('settings');
        else if (command === 'toggle-sidebar') s().toggleSidebar(isNarrow(win));
      }),
    ],
  };
}
