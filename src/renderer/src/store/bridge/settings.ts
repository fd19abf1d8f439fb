import type { BridgeContext, BridgePart } from './part';

/** The app, Claude Code's status and Settings as the host pushes them; the host's notices (the window's own). */
export function settingsPart({ on, s, store, pane }: BridgeContext): BridgePart {
  return {
    offs: [
      on('statusChanged', (overview) => store.setState({ overview, statusError: null })),
      on('settingsChanged', (settings) => store.setState({ settings })),
      on('notice', ({ level, message }) => pane || s().pushNotice(level, message)),
    ],
    start() {
      void s().loadAppInfo();
      void s().loadSettings();
      void s().loadStatus();
    },
    resync() {
      void s().loadStatus();
      void s().loadSettings();
    },
  };
}
