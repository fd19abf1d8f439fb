import { test, expect } from '@playwright/test';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

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
  await expectNoAxeViolationsInBothThemes(page, 'threads over the chat at 700 px');
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('new-thread')).toBeHidden();
  await expect(composer).toBeInViewport();

  await page.setViewportSize({ width: 1100, height: 700 });
  await expect(page.getByTestId('new-thread')).toBeVisible();
  // Wide again: the same button now folds the sidebar away instead; it says the sidebar is shown.
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
});

test('Cmd/Ctrl+B folds the sidebar away and back at 1280 px; the chat takes the width', async ({ page }) => {
  await page.goto(host.url);
  const composer = page.getByRole('textbox', { name: 'Message' });
  const chat = page.getByTestId('chat-header');
  await expect(page.getByTestId('new-thread')).toBeVisible();
  const before = (await chat.boundingBox())!.width;
  await composer.focus();
  await page.keyboard.press('ControlOrMeta+b');
  await expect(page.getByTestId('new-thread')).toBeHidden();
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await chat.boundingBox())!.width).toBeGreaterThan(before + 200);
  await page.keyboard.press('ControlOrMeta+b');
  await expect(page.getByTestId('new-thread')).toBeVisible();
});

test('at 800×600 the chat header keeps its meta line on one line', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await page.getByTestId('thread-settings-button').click();
  // The dialog's model picker (the same as Settings'): a name typed and picked with Enter.
  const typed = page.getByRole('textbox', { name: 'Model id' });
  await typed.fill('claude-opus-4-5-20251101-with-a-long-name-that-goes-on-and-on-and-on');
  await typed.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('chat-model')).toContainText('claude-opus');
  const meta = page.getByTestId('chat-model').locator('..');
  await expect(meta).toBeVisible();
  const line = await page.getByTestId('chat-model').boundingBox();
  // One line: less than two lines tall, and the folder beside the model (its chip is a button, centred on the line).
  expect((await meta.boundingBox())!.height).toBeLessThan(line!.height * 1.5);
  const folder = (await page.getByTestId('chat-folder').boundingBox())!;
  expect(Math.abs(folder.y + folder.height / 2 - (line!.y + line!.height / 2))).toBeLessThanOrEqual(2);
});

test('at 800×600 with the sidebar open the header keeps the title whole; export waits under More', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('new-thread')).toBeVisible(); // the sidebar stays beside the chat at 800 px
  const title = page.getByTestId('chat-title');
  await expect(title).toHaveText('New thread');
  // Not cut: the whole title fits its box (the e2e project has no DOM types: just the two widths).
  const fits = (el: unknown) => {
    const box = el as { scrollWidth: number; clientWidth: number };
    return box.scrollWidth <= box.clientWidth;
  };
  await expect.poll(() => title.evaluate(fits)).toBe(true);
  // The title has a row of its own at 800 px (its block steps aside: display contents), so its own box is wide.
  expect((await title.boundingBox())!.width).toBeGreaterThan(150);
  await expect(page.getByTestId('export-copy')).toBeHidden();
  await page.getByRole('button', { name: 'More thread actions' }).click();
  await expect(page.getByRole('button', { name: 'Copy as Markdown' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'the More menu at 800×600');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-copy')).toBeHidden();
  // Wide again: the buttons are back in the header.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('export-copy')).toBeVisible();
});

test('the text box fits its text again when the window widens (no stale two-line box)', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(host.url);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('a sentence that wraps in a narrow window but fits on one line in a wide one, ok');
  const height = async () => (await composer.boundingBox())!.height;
  await expect.poll(height).toBeGreaterThan(40);
  const narrow = await height();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(height).toBeLessThan(narrow);
});
