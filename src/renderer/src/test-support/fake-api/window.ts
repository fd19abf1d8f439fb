/** The fake host's answers to the window calls (composed with the others in fake-api.ts). */
import type { WindowCallName } from '../../../../shared/contract/window-names';
import type { WindowState } from '../../../../shared/window-state';
import type { FakeAnswers, FakeContext } from './host';

export function windowAnswers({ fake }: FakeContext): FakeAnswers<WindowCallName> {
  return {
    getWindowState: () => fake.windowState,
    saveWindowState: (patch: WindowState) => {
      fake.windowState = { ...fake.windowState, ...patch };
      return null;
    },
    openExternal: () => null,
    chooseFolder: () => null,
    openFile: () => null,
    revealLogFile: () => null,
  };
}
