import type { DeskApi } from '../../shared/contract';
import { createWsApi, takeTokenFromLocation } from './ws-client';

/**
 * The single seam between the UI and its host. In the desktop app the preload exposes `window.desk`;
 * in browser mode there is no preload, so the same API is spoken over the loopback WebSocket.
 */
declare global {
  interface Window {
    desk?: DeskApi;
  }
}

let instance: DeskApi | undefined;

export function getApi(): DeskApi {
  instance ??= window.desk ?? createWsApi(takeTokenFromLocation());
  return instance;
}

/** Test seam: components under test get a fake host. */
export function setApiForTests(api: DeskApi | undefined): void {
  instance = api;
}

declare global {
  interface Window {
    /** The desktop preload's file helper: a dropped File's path on disk (Electron's webUtils). */
    deskFiles?: { pathForFile(file: File): string };
  }
}

/** The path of a file or folder dropped on the window: the desktop knows it, a browser page never does. */
export function pathOfDroppedFile(file: File): string | null {
  try {
    return window.deskFiles?.pathForFile(file) || null;
  } catch {
    return null;
  }
}
