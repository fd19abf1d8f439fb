import fs from 'node:fs';
import path from 'node:path';
import type { StartPhoneListener } from '../app/phone/phone-wiring';
import { startPhoneHost } from '../web/phone-host';

/**
 * Phone access from the desktop app: the same HTTPS listener browser mode's `claude-desk web --phone` starts
 * (src/web/phone-host.ts), serving the built page the window loads. The window itself never goes through it.
 */
export function desktopPhoneListener(rendererDir: string, onError: (message: string) => void): StartPhoneListener {
  return async (request) => {
    // A development run loads the page from Vite's server: a phone needs the built one.
    if (!fs.existsSync(path.join(rendererDir, 'index.html')))
      throw new Error(
        'This copy of Claude Desk has no built page to serve a phone: run `npm run build`, then try again.',
      );
    return startPhoneHost({ ...request, rendererDir, onError });
  };
}
