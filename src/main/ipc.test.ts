import { describe, expect, it, vi } from 'vitest';
import { electronMock } from '../../test/fixtures/electron-mock';

vi.mock('electron', () => electronMock());
const electron = (await import('electron')) as unknown as ReturnType<typeof electronMock>;
const { bindIpc } = await import('./ipc');
const { EventBus } = await import('../app/event-bus');
const { ipcCallChannel, ipcEventChannel, CALL_NAMES } = await import('../shared/contract');

describe('IPC binding', () => {
  const renameThread = vi.fn(async () => null);
  const bus = new EventBus();
  const target = { send: vi.fn(), isDestroyed: () => false };
  let trusted = true;
  bindIpc({
    handlers: { renameThread } as never,
    bus,
    isTrustedSender: () => trusted,
    targets: () => [target as never],
  });
  const invoke = (name: string, input: unknown) =>
    electron.ipcMain.handlers.get(ipcCallChannel(name as never))!({}, input);

  it('registers a handler for every call of the contract', () => {
    for (const name of CALL_NAMES) expect(electron.ipcMain.handlers.has(ipcCallChannel(name))).toBe(true);
  });

  it('validates payloads before they reach the app', async () => {
    await expect(invoke('renameThread', { threadId: 't1', title: 42 })).rejects.toThrow(
      /Invalid input for renameThread/,
    );
    await expect(invoke('renameThread', { threadId: 't1', title: 'ok', extra: true })).rejects.toThrow(/Invalid input/);
    expect(renameThread).not.toHaveBeenCalled();
    await invoke('renameThread', { threadId: 't1', title: 'Plans' });
    expect(renameThread).toHaveBeenCalledWith({ threadId: 't1', title: 'Plans' });
  });

  it('refuses calls from anything but the app window', async () => {
    trusted = false;
    await expect(invoke('renameThread', { threadId: 't1', title: 'x' })).rejects.toThrow(
      /did not come from the Claude Desk window/,
    );
    trusted = true;
  });

  it('pushes events to the window on one channel', () => {
    bus.emit('threadsChanged', { threadId: 't1' });
    expect(target.send).toHaveBeenCalledWith(ipcEventChannel, 'threadsChanged', { threadId: 't1' });
  });
});
