import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Events } from '../shared/contract';

/**
 * The app menu. The Edit menu matters: on macOS copy/paste/select-all only work in a window when the
 * menu carries those roles. "New thread" and "Settings" dispatch to the renderer's own shortcuts.
 */
export function buildMenuTemplate(opts: {
  isMac: boolean;
  appName: string;
  send: (command: Events['command']['command']) => void;
  /** A new window (its own threads and panes), opened again at the next start. */
  newWindow: () => void;
}): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [];
  if (opts.isMac) {
    template.push({
      label: opts.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'Cmd+,', click: () => opts.send('open-settings') },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    {
      label: 'File',
      submenu: [
        { label: 'New Thread', accelerator: 'CmdOrCtrl+N', click: () => opts.send('new-thread') },
        { label: 'New Window', accelerator: 'CmdOrCtrl+Shift+N', click: () => opts.newWindow() },
        ...(opts.isMac ? [] : [{ label: 'Settings…', accelerator: 'Ctrl+,', click: () => opts.send('open-settings') }]),
        { type: 'separator' },
        opts.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        // The renderer owns the same key (use-shortcuts.ts); the menu item makes it discoverable.
        { label: 'Toggle Sidebar', accelerator: 'CmdOrCtrl+B', click: () => opts.send('toggle-sidebar') },
        { type: 'separator' },
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  );
  return template;
}

export function installMenu(opts: Parameters<typeof buildMenuTemplate>[0]): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(opts)));
}
