import type { DeskApi } from '../../shared/contract';
import { createWsApi, takeTokenFromLocation, type DeviceAuth } from './ws-client';

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
/** This page reaches the computer as a paired device (phone access), through the device gate. */
let devicePage = false;

export function getApi(): DeskApi {
  instance ??= window.desk ?? browserApi();
  return instance;
}

/**
 * Browser mode: the address that opens a thread in a new tab — with this tab's token, which the new tab takes out
 * of its address bar at once (ws-client.ts); never put on the page (a link's href), only handed to the new tab.
 */
export function newTabAddress(threadHash: string, loc: Location = window.location): string {
  const url = new URL(loc.href);
  const token = takeTokenFromLocation();
  url.search = token ? `?token=${encodeURIComponent(token)}` : '';
  url.hash = threadHash;
  return url.toString();
}

function browserApi(): DeskApi {
  const token = takeTokenFromLocation();
  // No token over https: phone access, where a paired device signs in with its key.
  const phone = !token && location.protocol === 'https:';
  devicePage = phone;
  return createWsApi(token, phone ? lazyDeviceAuth(() => import('./features/phone/pair-page/device-key')) : undefined);
}

/**
 * A phone's sign-in with the device key's code (WebCrypto, IndexedDB) from a chunk of its own, which only a phone
 * fetches: asked for at once, while the socket opens, so signing the nonce waits on nothing more. A fetch that
 * failed (the network dropped) is asked for again at the next connection.
 */
export function lazyDeviceAuth(load: () => Promise<{ deviceAuthFrame: DeviceAuth }>): DeviceAuth {
  let key: Promise<{ deviceAuthFrame: DeviceAuth }> | undefined;
  const get = () =>
    (key ??= load().catch((e: unknown) => {
      key = undefined;
      throw e;
    }));
  get().catch(() => undefined);
  return async (nonce) => (await get()).deviceAuthFrame(nonce);
}

/**
 * Whether this page is a paired device's (phone access): it offers only what the device gate allows — an approval
 * once or for this session, never "always" or an edited command.
 */
export function isDevicePage(): boolean {
  getApi();
  return devicePage;
}

/** Test seam: components under test get a fake host. */
export function setApiForTests(api: DeskApi | undefined): void {
  instance = api;
  devicePage = false;
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
