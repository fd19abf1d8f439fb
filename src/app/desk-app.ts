import fs from 'node:fs/promises';
import type { AppInfo, DeskHandlers } from '../shared/contract';
import { APP_NAME, resolveDataDir, type DataDirLayout } from '../core/store/data-dir';
import { appVersion } from './app-version';
import { EventBus } from './event-bus';
import type { SecretCipher } from '../core/store/api-key-store';

export interface DeskAppOptions {
  host: AppInfo['host'] | 'cli';
  env?: NodeJS.ProcessEnv;
  /** Explicit data dir (Electron passes app.getPath('userData')); CLAUDE_DESK_DATA_DIR still wins. */
  dataDir?: string;
  /** OS-keychain encryption for a saved API key (Electron safeStorage); absent → memory only. */
  cipher?: SecretCipher;
  /** Open an https link in the system browser (Electron); browser mode opens it in the page instead. */
  openExternal?: (url: string) => Promise<void>;
  /** A system notification when a turn finishes or needs the user while the window is in the background. */
  notify?: (title: string, body: string) => void;
}

export interface DeskApp {
  handlers: DeskHandlers;
  bus: EventBus;
  layout: DataDirLayout;
  shutdown(): Promise<void>;
}

const notYet = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} is not available yet`);
};

/** The composition root: builds every service once and implements the contract for all front doors. */
export async function createDeskApp(opts: DeskAppOptions): Promise<DeskApp> {
  const env = opts.env ?? process.env;
  const layout = resolveDataDir({ env: opts.dataDir && !env.CLAUDE_DESK_DATA_DIR ? { ...env, CLAUDE_DESK_DATA_DIR: opts.dataDir } : env });
  await fs.mkdir(layout.stateDir, { recursive: true, mode: 0o700 });
  await fs.mkdir(layout.workspaceDir, { recursive: true });
  const bus = new EventBus();

  const handlers: DeskHandlers = {
    getAppInfo: async () => ({
      name: APP_NAME,
      version: appVersion(),
      host: opts.host === 'cli' ? 'web' : opts.host,
      platform: process.platform,
      dataDir: layout.root,
      logFile: layout.logFile,
    }),
    getCliStatus: notYet('getCliStatus'),
    getDoctor: notYet('getDoctor'),
    listThreads: async () => [],
    getThread: async () => null,
    createThread: notYet('createThread'),
    renameThread: notYet('renameThread'),
    deleteThread: notYet('deleteThread'),
    updateThreadSettings: notYet('updateThreadSettings'),
    searchThreads: async () => [],
    sendMessage: notYet('sendMessage'),
    stopTurn: notYet('stopTurn'),
    answerApproval: notYet('answerApproval'),
    prepareTurn: async () => null,
    getSettings: notYet('getSettings'),
    updateSettings: notYet('updateSettings'),
    setApiKey: notYet('setApiKey'),
    clearApiKey: notYet('clearApiKey'),
    listMemories: async () => ({ items: [] }),
    deleteMemory: notYet('deleteMemory'),
    openExternal: notYet('openExternal'),
  };

  return {
    handlers,
    bus,
    layout,
    async shutdown() {},
  };
}
