import { test, expect, type Page } from '@playwright/test';
import path from 'node:path';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * Settings → Notifications in browser mode: the ntfy topic saved (the token kept in memory here, browser mode having
 * no keychain, and never shown again), titles off with the warning, a refused server in one sentence; the service
 * worker a paired device registers is served at /notify-worker.js. Axe in both themes; SHOTS=<dir> keeps screenshots
 * of both themes at 1280×800 and 800×600.
 */
let host: DeskHost;
test.beforeAll(async () => {
  host = await startDeskHost();
});
test.afterAll(async () => {
  await host?.stop();
});

async function shots(page: Page, name: string, show = 'notify-settings'): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await page.getByTestId(show).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${size.width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('Settings → Notifications: ntfy saved, titles off with the warning, a refused server said; axe in both themes', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-notifications').click();
  const section = page.getByTestId('notify-settings');
  await expect(section).toContainText('No paired device has notifications on yet');
  const titles = section.getByRole('checkbox', { name: /thread titles/ });
  await expect(titles).toBeEnabled();
  await expect(titles).not.toBeChecked();
  await expect(page.getByTestId('ntfy-titles-warning')).toContainText('not end-to-end encrypted');
  await shots(page, 'notify-empty');
  await expectNoAxeViolationsInBothThemes(page, 'Settings → Notifications', {
    include: '[data-testid="notify-settings"]',
  });

  await section.getByLabel('Server').fill('http://ntfy.example.org');
  await section.getByLabel('Topic').fill('claude-desk');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'The ntfy server must use https: the token would travel in the clear.',
  );
  await shots(page, 'notify-refused', 'ntfy-titles-warning');
  await expectNoAxeViolationsInBothThemes(page, 'a refused ntfy server', {
    include: '[data-testid="notify-settings"]',
  });

  await section.getByLabel('Server').fill('https://ntfy.example.org');
  await section.getByLabel('Access token').fill('tk_e2e_secret_token');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section).toContainText('Kept in memory only');
  await expect(section.getByLabel('Access token')).toHaveValue('');
  await expect(section.getByRole('alert')).toHaveCount(0);
  await titles.click(); // checked once the host has saved it
  await expect(titles).toBeChecked();
  await expect(page.getByTestId('ntfy-titles-warning')).toContainText('Titles are on');
  await shots(page, 'notify-saved');
  await expectNoAxeViolationsInBothThemes(page, 'ntfy saved with titles on', {
    include: '[data-testid="notify-settings"]',
  });
});

test('the service worker is served from the page origin root, as JavaScript', async ({ page }) => {
  await page.goto(host.url); // the token cookie
  const worker = await page.request.get(`${host.origin}/notify-worker.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(await worker.text()).toContain("addEventListener('push'");
});
