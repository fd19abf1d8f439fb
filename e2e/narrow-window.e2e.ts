import { test, expect } from '@playwright/test';
import { startDeskHost, type DeskHost } from './desk-host';

/** Narrow windows (below 720 px): the chat keeps the window; the thread list comes over it on demand. */
let host: DeskHost;
test.beforeAll(async () => {
  host = await startDeskHost();
});
test.afterAll(async () => {
  await host?.stop();
});

test('at 700 px the chat stays visible and the header button shows the threads over it', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 600 });
  await page.goto(host.url);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeInViewport();
  expect((await composer.boundingBox())!.width).toBeGreaterThan(400);
  await expect(page.getByTestId('new-thread')).toBeHidden();

  const toggle = page.getByTestId('sidebar-toggle');
  await toggle.click();
  await expect(page.getByTestId('new-thread')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/narrow-sidebar-open.png' });
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('new-thread')).toBeHidden();
  await expect(composer).toBeInViewport();

  await page.setViewportSize({ width: 1100, height: 700 });
  await expect(page.getByTestId('new-thread')).toBeVisible();
  await expect(toggle).toBeHidden();
});
