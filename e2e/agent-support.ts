import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Screenshots of one card in both themes at both sizes (only when SHOTS is set: they are looked at, not asserted). */
export async function shots(page: Page, name: string, locator?: Locator): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  const target = locator ?? page.getByTestId('assistant-message').last();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await target.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${size.width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Types a message into the composer and sends it, as a user would. */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.keyboard.press('Enter');
}
