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
