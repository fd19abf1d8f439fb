import { test, expect, _electron as electron } from '@playwright/test';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The desktop window itself. Electron's binary is downloaded by its postinstall, which offline machines (and
 * CI here) cannot do; the same renderer and services are covered in browser mode, so this spec runs only
 * where the binary exists.
 */
function electronBinary(): string | null {
  try {
    const bin = createRequire(import.meta.url)('electron') as unknown;
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}
const binary = electronBinary();

test.skip(
  !binary,
  'Electron binary not installed (offline install): the desktop window is covered by browser-mode e2e',
);

test('the desktop window opens with the app and a working bridge', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: [path.resolve('out/main/index.js'), ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } as Record<string, string>,
  });
  const win = await app.firstWindow();
  await win.getByTestId('open-settings').click();
  await win.getByTestId('settings-nav-diagnostics').click();
  await expect(win.getByTestId('data-dir')).toContainText(dataDir);
  // Isolated and sandboxed: the page sees the bridge's verbs, and neither Node nor ipcRenderer.
  const page = await win.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    bridge: typeof (globalThis as { desk?: { getAppInfo?: unknown } }).desk?.getAppInfo,
  }));
  expect(page).toEqual({ require: 'undefined', process: 'undefined', bridge: 'function' });
  await app.close();
});
