import { BrowserWindow, shell, type BrowserWindowConstructorOptions } from 'electron';
import path from 'node:path';
import { isAppUrl, isSafeExternalUrl } from './app-url';

export interface WindowPaths {
  preload: string;
  rendererFile: string;
  devUrl?: string;
}

/** The renderer is untrusted UI: isolated, sandboxed, no Node. Exported so a test can pin these values. */
export function secureWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Claude Desk',
    backgroundColor: '#1f1e1d',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}

/** A window of the app; `key` names it to its page (`?window=`), which keeps its own place by it. */
export function createMainWindow(paths: WindowPaths, key = 'main'): BrowserWindow {
  const win = new BrowserWindow(secureWindowOptions(paths.preload));
  const contents = win.webContents;

  // Nothing but the app itself may load in the window; https links go to the system browser.
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, paths.rendererFile, paths.devUrl)) return;
    event.preventDefault();
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, paths.rendererFile, paths.devUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // Electron grants every permission by default (camera, microphone, geolocation, …); the app needs none.
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
  win.once('ready-to-show', () => win.show());

  if (paths.devUrl) {
    const url = new URL(paths.devUrl);
    url.searchParams.set('window', key);
    void win.loadURL(url.href);
  } else void win.loadFile(path.resolve(paths.rendererFile), { query: { window: key } });
  return win;
}
