import { test, expect, type Page } from '@playwright/test';
import type { DeskHost } from './desk-host';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * The message queue in browser mode with the REAL CLI against the mock: a message typed during a
 * turn waits visibly above the text box and is answered after it; Send now stops the running turn and sends at
 * once; a stopped turn keeps the queue until the user sends. `SCENARIO:slow` streams for ~5 s. (After a stopped turn
 * the CLI sends its prompt again together with the next one, so the next answer is slow too.)
 */
let mock: MockApi;
let host: DeskHost;

useDeskSuite((suite) => void ({ mock, host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: undefined } });

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const answers = (page: Page) => page.getByTestId('assistant-message');
const queued = (page: Page) => page.getByTestId('queued-message');
/** The requests whose newest user text is `text` (the CLI's title and other side requests left out). */
const asked = (text: string) => mock.requests.filter((r) => r.lastUserText.includes(text));

async function newThread(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
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

test('a message sent during a running turn shows as queued and is answered after it', async ({ page }) => {
  await newThread(page);
  await box(page).fill('Tell me slowly SCENARIO:slow');
  await box(page).press('Enter');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await box(page).fill('And then the second question');
  await box(page).press('Enter');
  await expect(queued(page)).toHaveText(/And then the second question/);
  await expect(page.getByTestId('message-queue')).toContainText('sent in order when Claude finishes');
  await expect(box(page)).toHaveValue('');
  await shoot(page, 'queue-waiting');
  // Not sent while the first turn runs: the API has seen only the first question.
  expect(asked('And then the second question')).toHaveLength(0);

  await expect(page.getByTestId('user-message')).toHaveCount(2);
  await expect(page.getByTestId('message-queue')).toHaveCount(0);
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).first()).toHaveAttribute('data-status', 'done');
  await expect(answers(page).last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('user-message').last()).toContainText('And then the second question');
  await expectNoAxeViolationsInBothThemes(page, 'queued message answered after the turn');
  const second = asked('And then the second question').at(-1);
  // The second request carries the whole first answer before it: it went after the turn, not into it.
  expect(JSON.stringify(second?.body.messages)).toContain('w49');
});

test('Send now stops the running turn and sends the queued message at once', async ({ page }) => {
  await newThread(page);
  await box(page).fill('Take your time SCENARIO:slow');
  await box(page).press('Enter');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await box(page).fill('Urgent: change of plan');
  await box(page).press('Enter');
  await expect(queued(page)).toHaveText(/Urgent: change of plan/);
  await queued(page)
    .getByRole('button', { name: /Send now/ })
    .click();
  await expect(answers(page).first()).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('user-message').last()).toContainText('Urgent: change of plan');
  await expect(answers(page).last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('message-queue')).toHaveCount(0);
});

test('a stopped turn keeps the queue; edited, it goes with Send now', async ({ page }) => {
  await newThread(page);
  await box(page).fill('Take your time SCENARIO:slow');
  await box(page).press('Enter');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await box(page).fill('A follow-up with a typo');
  await box(page).press('Enter');
  await expect(queued(page)).toHaveCount(1);
  await page.getByTestId('stop-button').click();
  await expect(answers(page).first()).toHaveAttribute('data-status', 'stopped');
  const queue = page.getByTestId('message-queue');
  await expect(queue).toContainText('the turn was stopped');
  await expect(queued(page)).toHaveText(/A follow-up with a typo/);
  await page.reload(); // the host keeps the queue
  await expect(queued(page)).toHaveText(/A follow-up with a typo/);
  await queued(page).getByRole('button', { name: 'Edit queued message 1' }).click();
  const editor = queue.getByRole('textbox', { name: 'Edit queued message' });
  await editor.fill('A follow-up, fixed');
  await shoot(page, 'queue-editing');
  await editor.press('Enter');
  await expect(queued(page)).toHaveText(/A follow-up, fixed/);
  await shoot(page, 'queue-held');
  await expectNoAxeViolationsInBothThemes(page, 'a queue held after a stopped turn');
  await queued(page)
    .getByRole('button', { name: /Send now/ })
    .click();
  await expect(page.getByTestId('user-message').last()).toContainText('A follow-up, fixed');
  await expect(answers(page).last()).toHaveAttribute('data-status', 'done');
  await expect(queue).toHaveCount(0);
});
