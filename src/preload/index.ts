import { contextBridge, ipcRenderer, webUtils } from 'electron';
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

// A folder dropped on the window (the new thread's project picker): Electron no longer puts `path` on a File, and
// only the preload may ask for it. One function, no channel: the renderer learns the path of what the user dropped.
contextBridge.exposeInMainWorld('deskFiles', { pathForFile: (file: File): string => webUtils.getPathForFile(file) });
