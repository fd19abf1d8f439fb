import { pathToFileURL } from 'node:url';

/**
 * What counts as "the app itself" for navigation and IPC sender checks: the packaged file:// renderer,
 * or the electron-vite dev server when ELECTRON_RENDERER_URL is set (development only).
 */
export function isAppUrl(url: string, rendererFile: string, devUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (devUrl && parsed.origin === new URL(devUrl).origin) return true;
  const app = pathToFileURL(rendererFile);
  return parsed.protocol === 'file:' && parsed.pathname === app.pathname;
}

/** Links the model writes open in the system browser — https and mailto only, never file: or custom schemes. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}
