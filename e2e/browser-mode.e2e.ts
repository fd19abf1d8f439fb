import { test, expect } from '@playwright/test';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

let host: DeskHost;
test.beforeAll(async () => {
  host = await startDeskHost();
});
test.afterAll(async () => {
  await host?.stop();
});

test('the page loads with the token, moves it out of the address bar, and round-trips the bridge', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-diagnostics').click();
  await expect(page.getByTestId('data-dir')).toContainText(host.dataDir);
  expect(page.url()).not.toContain('token=');
  await page.screenshot({ path: 'e2e/screenshots/browser-mode-loaded.png' });
  await expectNoAxeViolationsInBothThemes(page, 'diagnostics in browser mode');
});

test('without the token the host answers 401, with a foreign Host 403', async ({ request }) => {
  expect((await request.get(`${host.origin}/`)).status()).toBe(401);
  expect((await request.get(`${host.origin}/?token=wrong`)).status()).toBe(401);
  const foreign = await request.get(host.url, { headers: { host: 'evil.test' } });
  expect(foreign.status()).toBe(403);
  expect((await request.get(host.url)).status()).toBe(200);
});

test('the page arrives compressed, and the highlighter only when code needs it', async ({ page }) => {
  const scripts: { url: string; encoding?: string }[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
  });
  await page.goto(host.url);
  await expect(page.getByTestId('open-settings')).toBeVisible();
  const first = scripts.filter((s) => /\/assets\/index-/.test(s.url));
  expect(first).toHaveLength(1);
  expect(first[0]!.encoding).toBe('br');
  // No code on screen yet: the grammars have not been fetched.
  expect(scripts.some((s) => s.url.includes('/assets/grammars-'))).toBe(false);
});

test('a new window fetches one script and one stylesheet of its own before its composer shows, none over 500 kB', async ({
  page,
}) => {
  const before: { url: string; size: number }[] = [];
  let composerShown = false;
  page.on('response', async (res) => {
    if (composerShown || !/\/assets\/.*\.(js|css)$/.test(res.url())) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    before.push({ url: res.url().replace(/.*\/assets\//, ''), size: body.length });
  });
  await page.goto(host.url);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  composerShown = true;
  // What index.html names: the first chunk, its stylesheet and the bundler's tiny runtime. Modules the first
  // screen shares with a lazy view no longer come as small chunks of their own, each a request before the start.
  const html = await (await page.request.get(host.url)).text();
  const atStart = [...html.matchAll(/assets\/([^"]+\.(?:js|css))/g)].map((m) => m[1] ?? '');
  expect(atStart.filter((f) => f.endsWith('.css'))).toHaveLength(1);
  expect(atStart.filter((f) => f.endsWith('.js') && !f.startsWith('rolldown-runtime-'))).toEqual([
    expect.stringMatching(/^index-/),
  ]);
  // 500 kB: what a first screen does not show loads on demand (a second pane, the pairing dialog, the device key, a
  // tool card's body, the dialogs and the cards of a turn that could not run): 531 kB down to 483 kB.
  for (const f of before) expect(f.size, f.url).toBeLessThanOrEqual(500 * 1024);
});
