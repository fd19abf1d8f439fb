import { test, expect } from '@playwright/test';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import type { DeskHost } from './desk-host';
import { send, shots } from './agent-support';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * Plan limits end to end with the real CLI against the mock: a subscription-style login (no API key, an
 * OAuth token; recorded cases 38, 38c) gets the unified rate-limit headers, so the CLI emits rate_limit_event.
 */
let mock: MockApi;
let host: DeskHost;

useDeskSuite((suite) => void ({ mock, host } = suite), {
  env: { ANTHROPIC_API_KEY: undefined, CLAUDE_CODE_OAUTH_TOKEN: 'sk-ant-oat01-test' },
});

test('a rate-limit warning appears as a usage indicator with its windows', async ({ page }) => {
  await page.goto(host.url);
  await send(page, 'SCENARIO:ratelimit STATUS:allowed_warning UTIL:0.91 Hi');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const chip = page.getByTestId('plan-limit');
  await expect(chip).toContainText('5-hour limit · 91%');
  await shots(page, 'plan-limit-warning', page.getByTestId('chat-header'));
  await chip.click();
  const panel = page.getByTestId('plan-limit-panel');
  await expect(panel.getByRole('listitem').first()).toContainText(
    /5-hour limit\s*91% used · resets (tomorrow )?\d\d:\d\d/,
  );
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Weekly limit');
  await shots(page, 'plan-limit-panel', page.getByTestId('chat-header'));
  await expectNoAxeViolationsInBothThemes(page, 'plan limit chip and panel');
  await page.keyboard.press('Escape');
});

test('a refused message says when the limit resets and is sent again automatically at the reset', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New thread' }).click();
  const prompt = 'SCENARIO:ratelimit429once RESET:6 Summarise the notes';
  await send(page, prompt);
  const refused = page.getByTestId('limit-refused');
  await expect(refused).toContainText(/You've hit your 5-hour limit\. It resets (tomorrow )?at \d\d:\d\d\./);
  await expect(page.getByTestId('plan-limit')).toContainText('5-hour limit reached');
  await shots(page, 'limit-refused', refused);
  await refused.getByRole('button', { name: /^Send (tomorrow )?at / }).click();
  await expect(refused.getByTestId('send-scheduled')).toContainText('Your message goes again at');
  await shots(page, 'limit-scheduled', refused);
  await expectNoAxeViolationsInBothThemes(page, 'refused message scheduled for the reset');

  // Reset (6 s) plus the app's margin after it: the message goes again by itself and this time is answered.
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Hello from the mock API.', { timeout: 60_000 });
  await expect(answer).toHaveAttribute('data-status', 'done');
  expect(mock.requests.filter((r) => r.lastUserText.includes('Summarise the notes')).length).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('send-scheduled')).toHaveCount(0);
});

test('messages queued during a turn the limit refuses wait for the reset, say when they go, then go by themselves', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New thread' }).click();
  // Refused after 4 s (the mock's DELAY), so there is time to queue a message behind it.
  await send(page, 'SCENARIO:ratelimit429once RESET:5 DELAY:4000 Plan the week');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'running');
  await send(page, 'And the weekend too');
  const queue = page.getByTestId('message-queue');
  await expect(queue.getByTestId('queued-message')).toContainText('And the weekend too');

  await expect(page.getByTestId('limit-refused')).toBeVisible();
  await expect(queue).toContainText(
    /1 message queued · plan limit reached: it goes (tomorrow )?at \d\d:\d\d, after the reset/,
  );
  expect(mock.requests.some((r) => r.lastUserText.includes('And the weekend too'))).toBe(false);
  await shots(page, 'queue-at-limit', page.getByTestId('composer'));

  // After the reset (5 s) and the queue's margin, the queued message goes by itself and is answered.
  await expect(queue).toHaveCount(0, { timeout: 60_000 });
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Hello from the mock API.', { timeout: 60_000 });
  await expect(answer).toHaveAttribute('data-status', 'done');
  expect(mock.requests.some((r) => r.lastUserText.includes('And the weekend too'))).toBe(true);
});
