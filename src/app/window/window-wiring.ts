import type { DeskHandlers } from '../../shared/contract';
import path from 'node:path';
import { WindowStates } from '../../core/store/window-states';
import { MAIN_WINDOW } from '../../shared/window-state';
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
  /** A new desktop window showing a thread (null: where the thread list was). Browser mode opens a tab instead. */
  openWindow?: (threadId: string | null) => Promise<void>;
}

type WindowHandlers = Pick<
  DeskHandlers,
  'getWindowState' | 'saveWindowState' | 'openWindow' | 'openExternal' | 'chooseFolder' | 'openFile' | 'revealLogFile'
>;

/** Each window's remembered layout, and the calls that reach the OS's windows, browser, folder picker and files. */
export async function wireWindow(f: Pick<DeskFoundation, 'layout' | 'warn'>, shell: WindowShell) {
  const { layout } = f;
  const windowStates = await WindowStates.open({
    mainFile: layout.windowStateFile,
    dir: path.join(path.dirname(layout.windowStateFile), 'windows'),
    onWarning: f.warn,
  });
  const handlers: WindowHandlers = {
    getWindowState: async (input) => windowStates.get(input?.window ?? MAIN_WINDOW),
    saveWindowState: async ({ window = MAIN_WINDOW, ...patch }) => {
      await windowStates.save(window, patch);
      return null;
    },
    openWindow: async ({ threadId }) => {
      if (!shell.openWindow)
        throw new Error('Browser mode opens a thread in a new tab: Ctrl+click it (⌘-click on a Mac).');
      await shell.openWindow(threadId);
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
  return { windowStates, handlers, close: () => windowStates.flush() };
}
