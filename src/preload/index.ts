import { contextBridge, ipcRenderer } from 'electron';
import { ipcCallChannel, ipcEventChannel, type EventName } from '../shared/contract';
import { createApiProxy } from '../shared/api-proxy';

/**
 * The renderer's whole view of the host: one verb per contract call and `on(event, cb) → unsubscribe`.
 * ipcRenderer itself is never exposed, and only the contract's channels can be reached.
 */
const api = createApiProxy({
  call: (name, input) => ipcRenderer.invoke(ipcCallChannel(name), input),
  listen(event: EventName, listener: (payload: unknown) => void): () => void {
    const wrapped = (_e: Electron.IpcRendererEvent, name: EventName, payload: unknown): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(ipcEventChannel, wrapped);
    return () => ipcRenderer.removeListener(ipcEventChannel, wrapped);
  },
});

contextBridge.exposeInMainWorld('desk', api);
