import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, ipcCallChannel, ipcEventChannel, type DeskHandlers } from '../shared/contract';
import { dispatchCall } from '../app/dispatch-call';
import type { EventBus } from '../app/event-bus';

/**
 * Binds every contract call to ipcMain. Each payload is validated with the contract's zod schema,
 * and calls from anything but the app's own window (another webContents, a navigated frame) are refused.
 */
export function bindIpc(opts: {
  handlers: DeskHandlers;
  bus: EventBus;
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean;
  targets: () => WebContents[];
}): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(ipcCallChannel(name), async (event, input: unknown) => {
      if (!opts.isTrustedSender(event)) throw new Error('Refused: this call did not come from the Claude Desk window.');
      return dispatchCall(opts.handlers, name, input);
    });
  }
  const unsubscribe = opts.bus.subscribe((name, payload) => {
    for (const target of opts.targets()) {
      if (!target.isDestroyed()) target.send(ipcEventChannel, name, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const name of CALL_NAMES) ipcMain.removeHandler(ipcCallChannel(name));
  };
}
