import { getApi } from '../api';

const SAFE = /^(https?:|mailto:)/i;

/**
 * Links in answers open outside the app: the system browser on the desktop (the host validates the
 * URL again), a new tab in browser mode. Anything that is not http(s)/mailto is not opened at all.
 */
export function openExternalUrl(url: string, host: 'electron' | 'web' | undefined, win: Window = window): boolean {
  if (!SAFE.test(url)) return false;
  if (host === 'web') {
    win.open(url, '_blank', 'noopener');
    return true;
  }
  void getApi()
    .openExternal({ url })
    .catch(() => win.open(url, '_blank', 'noopener'));
  return true;
}
