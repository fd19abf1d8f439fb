import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app version from package.json. Bundled builds inject __APP_VERSION__ (electron.vite.config.ts);
 * source runs (tsx: browser mode and the command line) read package.json next to src/.
 */
declare const __APP_VERSION__: string | undefined;

export function appVersion(): string {
  if (typeof __APP_VERSION__ === 'string') return __APP_VERSION__;
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const pkg: unknown = JSON.parse(readFileSync(path.resolve(here, '../../package.json'), 'utf8'));
    return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
      ? pkg.version
      : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
