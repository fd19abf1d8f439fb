/** The fake host's answers to the window calls (composed with the others in fake-api.ts). */
import type { WindowCallName } from '../../../../shared/contract/window-names';
import type { WindowState } from '../../../../shared/window-state';
import type { FakeAnswers, FakeContext } from './host';

export function windowAnswers({ fake }: FakeContext): FakeAnswers<WindowCallName> {
  return {
    getWindowState: (input?: { window: string }) =>
      input ? (fake.windowStates[input.window] ?? {}) : fake.windowState,
    saveWindowState: ({ window, ...patch }: WindowState & { window?: string }) => {
      if (window) fake.windowStates[window] = { ...fake.windowStates[window], ...patch };
      else fake.windowState = { ...fake.windowState, ...patch };
      return null;
    },
    openWindow: () => null,
    openExternal: () => null,
    chooseFolder: () => null,
    openFile: () => null,
    revealLogFile: () => null,
  };
}
