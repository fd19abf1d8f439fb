import { describe, expect, it, vi } from 'vitest';
import { electronMock } from '../../test/fixtures/electron-mock';

vi.mock('electron', () => electronMock());
const electron = (await import('electron')) as unknown as ReturnType<typeof electronMock>;
const { createMainWindow, secureWindowOptions } = await import('./window');

const paths = { preload: '/app/out/preload/index.cjs', rendererFile: '/app/out/renderer/index.html' };

describe('the main window', () => {
  it('runs the renderer isolated, sandboxed and without Node', () => {
    const prefs = secureWindowOptions(paths.preload).webPreferences!;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: paths.preload,
    });
  });

  it('blocks navigation away from the app and sends https links to the system browser', () => {
    const win = createMainWindow(paths) as unknown as {
      webContents: {
        listeners: Map<string, (...a: unknown[]) => void>;
        windowOpenHandler: (d: { url: string }) => unknown;
      };
    };
    const navigate = win.webContents.listeners.get('will-navigate')!;

    const inApp = { preventDefault: vi.fn() };
    navigate(inApp, 'file:///app/out/renderer/index.html#/settings');
    expect(inApp.preventDefault).not.toHaveBeenCalled();

    const away = { preventDefault: vi.fn() };
    navigate(away, 'https://example.com/page');
    expect(away.preventDefault).toHaveBeenCalled();
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/page');

    const fileAway = { preventDefault: vi.fn() };
    electron.shell.openExternal.mockClear();
    navigate(fileAway, 'file:///etc/passwd');
    expect(fileAway.preventDefault).toHaveBeenCalled();
    expect(electron.shell.openExternal).not.toHaveBeenCalled();

    expect(win.webContents.windowOpenHandler({ url: 'https://docs.anthropic.com' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://docs.anthropic.com');
    electron.shell.openExternal.mockClear();
    expect(win.webContents.windowOpenHandler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies every web permission (camera, microphone, notifications from the page, …)', () => {
    const win = createMainWindow(paths) as unknown as {
      webContents: {
        session: { permissionRequestHandler: (...a: unknown[]) => void; permissionCheckHandler: () => boolean };
      };
    };
    const callback = vi.fn();
    win.webContents.session.permissionRequestHandler({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(win.webContents.session.permissionCheckHandler()).toBe(false);
  });

  it('refuses to attach webviews', () => {
    const win = createMainWindow(paths) as unknown as {
      webContents: { listeners: Map<string, (e: { preventDefault(): void }) => void> };
    };
    const event = { preventDefault: vi.fn() };
    win.webContents.listeners.get('will-attach-webview')!(event);
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
