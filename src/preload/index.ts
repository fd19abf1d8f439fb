import { contextBridge, ipcRenderer } from 'electron';
import { CALL_NAMES, ipcCallChannel, ipcEventChannel, type DeskApi, type EventName } from '../shared/contract';

/**
 * The renderer's whole view of the host: one verb per contract call and `on(event, cb) → unsubscribe`.
 * ipcRenderer itself is never exposed, and only the contract's channels can be reached.
 */
const verbs = Object.fromEntries(
  CALL_NAMES.map((name) => [name, (input?: unknown) => ipcRenderer.invoke(ipcCallChannel(name), input)]),
);

const api = {
  ...verbs,
  on(event: EventName, listener: (payload: unknown) => void): () => void {
    const wrapped = (_e: Electron.IpcRendererEvent, name: EventName, payload: unknown): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(ipcEventChannel, wrapped);
    return () => ipcRenderer.removeListener(ipcEventChannel, wrapped);
  },
} as unknown as DeskApi; // built from CALL_NAMES, so it has exactly the contract's verbs

contextBridge.exposeInMainWorld('desk', api);
