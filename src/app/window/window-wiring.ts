import type { DeskHandlers } from '../../shared/contract';
import { WindowStateStore } from '../../core/store/window-state-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import { openFileSafely } from './open-file';

/** What only a desktop window has: browser mode leaves these out and the calls say what to do instead. */
export interface WindowShell {
  /** Open an https link in the system browser (Electron); browser mode opens it in the page instead. */
  openExternal?: (url: string) => Promise<void>;
  /** The native folder picker (Electron dialog); null when cancelled. Browser mode types the path instead. */
  chooseFolder?: (title?: string) => Promise<string | null>;
  /** Show a file in the system file manager (Electron shell.showItemInFolder). */
  revealFile?: (file: string) => void;
  /** Open a file with the OS's default app (Electron shell.openPath → error text or ''). */
  openPath?: (file: string) => Promise<string>;
}

type WindowHandlers = Pick<
  DeskHandlers,
  'getWindowState' | 'saveWindowState' | 'openExternal' | 'chooseFolder' | 'openFile' | 'revealLogFile'
>;

/** The window's remembered layout, and the calls that reach the OS's browser, folder picker and files. */
export async function wireWindow(f: Pick<DeskFoundation, 'layout' | 'warn'>, shell: WindowShell) {
  const { layout } = f;
  const windowState = await WindowStateStore.open({ file: layout.windowStateFile, onWarning: f.warn });
  const handlers: WindowHandlers = {
    getWindowState: async () => windowState.get(),
    saveWindowState: async (patch) => {
      windowState.save(patch);
      return null;
    },
    openExternal: async ({ url }) => {
      if (!shell.openExternal) throw new Error('Open links from the page in browser mode.');
      await shell.openExternal(url);
      return null;
    },
    chooseFolder: async (input) => {
      if (!shell.chooseFolder)
        throw new Error('There is no folder picker in browser mode: type the folder path instead.');
      return shell.chooseFolder(input?.title);
    },
    openFile: async ({ path }) => {
      const { openPath, revealFile } = shell;
      if (!openPath || !revealFile) throw new Error(`Open the file yourself in browser mode: ${path}`);
      await openFileSafely(path, { openPath, revealFile });
      return null;
    },
    revealLogFile: async () => {
      if (!shell.revealFile) throw new Error(`Open the log file yourself in browser mode: ${layout.logFile}`);
      shell.revealFile(layout.logFile);
      return null;
    },
  };
  return { windowState, handlers, close: () => windowState.flush() };
}
