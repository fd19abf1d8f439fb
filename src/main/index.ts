import { app, BrowserWindow, dialog, Notification, shell, type IpcMainInvokeEvent } from 'electron';
import { savingPower, watchPowerSaving } from './power';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp, type DeskApp } from '../app/desk-app';
import { WaitingThreads } from '../app/turns/waiting-threads';
import { resolveDataDir } from '../core/store/data-dir';
import { isAppUrl, isSafeExternalUrl } from './app-url';
import { bindIpc } from './ipc';
import { installMenu } from './menu';
import { createMainWindow } from './window';
import { electronCipher } from './safe-storage-cipher';
import { desktopPhoneListener } from './phone-listener';
import { STARTUP_FAILURE_TITLE, startupFailureMessage } from './startup-failure';

/**
 * The Electron front door: lifecycle, one window, the IPC binding of the contract. Everything else
 * lives in src/app and src/core, shared with browser mode and the command line.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const paths = {
  preload: path.join(here, '../preload/index.cjs'),
  rendererFile: path.join(here, '../renderer/index.html'),
  devUrl: process.env.ELECTRON_RENDERER_URL,
};

app.setName('Claude Desk');
// One data dir for all front doors: keep Electron's own userData beside ours.
app.setPath('userData', resolveDataDir().root);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let desk: DeskApp | undefined;
  let win: BrowserWindow | undefined;
  let quitting = false;

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  const isTrustedSender = (event: IpcMainInvokeEvent): boolean =>
    !!win &&
    event.sender.id === win.webContents.id &&
    isAppUrl(event.senderFrame?.url ?? '', paths.rendererFile, paths.devUrl);

  const openWindow = (): void => {
    win = createMainWindow(paths);
    win.on('closed', () => (win = undefined));
  };

  const start = async (): Promise<void> => {
    desk = await createDeskApp({
      host: 'electron',
      watchHistory: true,
      dataDir: app.getPath('userData'),
      cipher: electronCipher(),
      openExternal: async (url) => {
        if (isSafeExternalUrl(url)) await shell.openExternal(url);
      },
      chooseFolder: async (title) => {
        const options: Electron.OpenDialogOptions = { title, properties: ['openDirectory', 'createDirectory'] };
        const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return picked.canceled ? null : (picked.filePaths[0] ?? null);
      },
      revealFile: (file) => shell.showItemInFolder(file),
      openPath: (file) => shell.openPath(file),
      // No CLI waiting (~200 MB each) on battery or when the machine is running hot, and none left once it starts to.
      powerSaver: savingPower,
      watchPowerSaving,
      notify: (title, body) => {
        if (Notification.isSupported() && !win?.isFocused()) new Notification({ title, body }).show();
      },
      // Settings → Phone & other devices: the page the window loads, served to paired phones over HTTPS.
      startPhoneListener: desktopPhoneListener(path.dirname(paths.rendererFile), (m) => desk?.services.log.warn(m)),
    });
    bindIpc({
      handlers: desk.handlers,
      bus: desk.bus,
      isTrustedSender,
      targets: () => (win ? [win.webContents] : []),
    });
    // The dock/taskbar badge counts threads waiting for the user (macOS, Linux launchers that show counts).
    new WaitingThreads(desk.bus, desk.services.turns, (count) => app.setBadgeCount(count));
    installMenu({
      isMac: process.platform === 'darwin',
      appName: app.getName(),
      send: (command) => desk?.bus.emit('command', { command }),
    });
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  };

  void app.whenReady().then(() =>
    start().catch((err: unknown) => {
      // No window exists yet: without this box a failed start would be silent.
      dialog.showErrorBox(STARTUP_FAILURE_TITLE, startupFailureMessage(app.getPath('userData'), err));
      app.exit(1);
    }),
  );

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Stop every running turn (and its process group) before the process goes away: no orphans.
  app.on('before-quit', (event) => {
    if (quitting || !desk) return;
    event.preventDefault();
    quitting = true;
    void desk.shutdown().finally(() => app.quit());
  });
}
