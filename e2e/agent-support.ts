import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Sends a message and waits for *its* answer to finish: the previous answer is already done, and the new one
 * appears only once the host took the message, so "the last answer is done" alone can pass before the turn starts.
 */
export async function sendAndAwaitAnswer(page: Page, text: string, timeout?: number): Promise<void> {
  const answers = page.getByTestId('assistant-message');
  const before = await answers.count();
  await send(page, text);
  await expect(answers).toHaveCount(before + 1, { timeout });
  await expect(answers.last()).toHaveAttribute('data-status', 'done', { timeout });
}
