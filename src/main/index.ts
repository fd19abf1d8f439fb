import { app, BrowserWindow, dialog, Notification, shell, type IpcMainInvokeEvent } from 'electron';
import { savingPower, watchPowerSaving } from './power';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeskApp, type DeskApp } from '../app/desk-app';
import { WaitingThreads } from '../app/turns/waiting-threads';
import { resolveDataDir } from '../core/store/data-dir';
import { isAppUrl, isSafeExternalUrl } from './app-url';
import { bindIpc } from './ipc';
import { ipcEventChannel } from '../shared/contract';
import { installMenu } from './menu';
import { WindowSet } from './window-set';
import { electronCipher } from './safe-storage-cipher';
import { desktopPhoneListener } from './phone-listener';
import { STARTUP_FAILURE_TITLE, startupFailureMessage } from './startup-failure';

/**
 * The Electron front door: lifecycle, the windows (each with its own place), the IPC binding of the contract. Everything else
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
  let windows: WindowSet | undefined;
  let quitting = false;

  app.on('second-instance', () => {
    const win = windows?.front();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  const isTrustedSender = (event: IpcMainInvokeEvent): boolean =>
    !!windows?.owns(event.sender.id) && isAppUrl(event.senderFrame?.url ?? '', paths.rendererFile, paths.devUrl);

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
        const win = windows?.front();
        const picked = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
        return picked.canceled ? null : (picked.filePaths[0] ?? null);
      },
      revealFile: (file) => shell.showItemInFolder(file),
      openWindow: async (threadId) => void (await windows?.open(threadId)),
      openPath: (file) => shell.openPath(file),
      // No CLI waiting (~200 MB each) on battery or when the machine is running hot, and none left once it starts to.
      powerSaver: savingPower,
      watchPowerSaving,
      notify: (title, body) => {
        if (Notification.isSupported() && !windows?.all().some((w) => w.isFocused()))
          new Notification({ title, body }).show();
      },
      // Settings → Phone & other devices: the page the window loads, served to paired phones over HTTPS.
      startPhoneListener: desktopPhoneListener(path.dirname(paths.rendererFile), (m) => desk?.services.log.warn(m)),
    });
    bindIpc({
      handlers: desk.handlers,
      bus: desk.bus,
      isTrustedSender,
      targets: () => windows?.all().map((w) => w.webContents) ?? [],
    });
    // The dock/taskbar badge counts threads waiting for the user (macOS, Linux launchers that show counts).
    new WaitingThreads(desk.bus, desk.services.turns, (count) => app.setBadgeCount(count));
    installMenu({
      isMac: process.platform === 'darwin',
      appName: app.getName(),
      // To the window in front only: New Thread from the menu is not a new thread in every window.
      send: (command) => windows?.front()?.webContents.send(ipcEventChannel, 'command', { command }),
      newWindow: () => void windows?.open(null),
    });
    windows = new WindowSet(paths, desk.services.windowStates);
    windows.restore();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) windows?.restore();
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
    // Every window open now opens again at the next start.
    windows?.quit();
    void desk.shutdown().finally(() => app.quit());
  });
}
