import { test, expect, type Page } from '@playwright/test';
import type { DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import { useDeskSuite } from './desk-suite';

/**
 * Message actions in browser mode with the REAL CLI against the mock: Edit & resend on the first message
 * forks the conversation there (a new answer; the old branch stays reachable), Retry on a stopped turn sends the
 * same message again without retyping, Regenerate asks again for the last answer; times and Copy on hover.
 */
let mock: MockApi;
let host: DeskHost;

useDeskSuite((suite) => void ({ mock, host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: undefined } });

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.getByTestId('assistant-message');
const users = (page: Page) => page.getByTestId('user-message');
/** The newest request whose conversation holds `text` (side requests such as the title left out). */
const lastAsking = (text: string) =>
  [...mock.requests].reverse().find((r) => JSON.stringify(r.body.messages).includes(text));

async function send(page: Page, text: string, count: number): Promise<void> {
  await box(page).fill(text);
  await box(page).press('Enter');
  await expect(answers(page)).toHaveCount(count);
  await expect(answers(page).last()).toHaveAttribute('data-status', 'done');
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${scheme}-${w}x${h}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Edit & resend on the first message gives a new answer; the old branch stays reachable', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await send(page, 'First question about apples', 1);
  await send(page, 'Second question about pears', 2);
  const first = users(page).first();
  await first.hover();
  await expect(first.getByTestId('message-time')).toBeVisible();
  await first.getByRole('button', { name: /Edit & resend/ }).click();
  const editor = first.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('First question about plums');
  await shoot(page, 'message-edit');
  await first.getByRole('button', { name: 'Save & send' }).click();
  await expect(users(page)).toHaveCount(1);
  await expect(users(page).first()).toContainText('First question about plums');
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'done');
  // The new turn starts from before the first message: the API never sees apples or pears in it.
  const sent = JSON.stringify(lastAsking('plums')?.body.messages);
  expect(sent).not.toContain('apples');
  expect(sent).not.toContain('pears');
  // One compact switcher on the message, not a divider: ◀ shows the earlier version.
  const switcher = page.getByTestId('branch-switcher');
  await expect(switcher).toHaveText('◀2/2▶');
  await expect(page.getByTestId('branch-marker')).not.toContainText('Edited here');
  await expectNoAxeViolationsInBothThemes(page, 'branch switcher');
  await shoot(page, 'branch-switcher');
  await switcher.getByRole('button', { name: 'Show the previous version' }).click();
  const dialog = page.getByTestId('branch-dialog');
  await expect(dialog).toContainText('Second question about pears');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await answers(page).first().hover();
  await shoot(page, 'message-actions');
});

test('Retry on a stopped turn sends the same message again without retyping', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await box(page).fill('Count slowly SCENARIO:slow');
  await box(page).press('Enter');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await page.getByTestId('stop-button').click();
  const stopped = page.getByTestId('turn-stopped');
  await expect(stopped).toBeVisible();
  const before = mock.requests.length;
  await stopped.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('branch-switcher')).toHaveText('◀2/2▶'); // the stopped attempt is set aside
  await expect(stopped).toHaveCount(0);
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'done');
  await expect(users(page)).toHaveCount(1);
  await expect(users(page).first()).toContainText('Count slowly SCENARIO:slow');
  await expect(box(page)).toHaveValue('');
  await expect.poll(() => mock.requests.slice(before).some((r) => r.lastUserText.includes('Count slowly'))).toBe(true);
});

test('Regenerate asks again for the last answer, and Copy copies it as Markdown', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await send(page, 'Say hello', 1);
  const answer = answers(page).first();
  await answer.hover();
  await answer.getByRole('button', { name: 'Copy' }).click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe('Hello from the mock API.');
  const before = mock.requests.length;
  await answer.getByRole('button', { name: /Regenerate/ }).click();
  await expect(page.getByTestId('branch-switcher')).toHaveText('◀2/2▶'); // the first answer is set aside
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'done');
  await expect(users(page)).toHaveCount(1);
  await expect.poll(() => mock.requests.slice(before).some((r) => r.lastUserText.includes('Say hello'))).toBe(true);
});
