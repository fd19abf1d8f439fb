import { test, expect } from '@playwright/test';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import type { DeskHost } from './desk-host';
import { send, shots } from './agent-support';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * The context window end to end with the real CLI against the mock: the header meter from the turn's usage,
 * the suggestion past 80 %, Compact running the CLI's /compact (recorded case 37) and the divider it leaves.
 */
let mock: MockApi;
let host: DeskHost;

useDeskSuite((suite) => void ({ mock, host } = suite));

test('a nearly full window suggests compacting; Compact leaves a divider and frees the window', async ({ page }) => {
  await page.goto(host.url);
  // The mock reports 850k input tokens for this turn; the CLI's result says the model's window is 1M.
  await send(page, 'CONTEXT:850000 Hi');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const meter = page.getByTestId('context-meter');
  await expect(meter).toHaveText('85%');
  await expect(meter).toHaveAccessibleName(/850k of 1\.0M tokens/);
  await shots(page, 'context-meter-high', page.getByTestId('chat-header'));
  await meter.click();
  await expect(page.getByTestId('context-panel')).toContainText('of 1,000,000 tokens used · 85%');
  // The CLI's own breakdown (get_context_usage after the turn, recorded case 39), category by category.
  const breakdown = page.getByTestId('context-breakdown');
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'System prompt' })).toBeVisible();
  await expect(breakdown.getByRole('listitem').filter({ hasText: 'Free space' })).toContainText('%');
  await shots(page, 'context-panel', page.getByTestId('chat-header'));
  await expectNoAxeViolationsInBothThemes(page, 'context meter and its panel');
  await page.keyboard.press('Escape');

  const requestsBefore = mock.requests.length;
  await page.getByTestId('compact-button').click();
  const divider = page.getByTestId('compact-divider');
  await expect(divider).toHaveText(/^Conversation compacted · 850k → [\d.]+k? tokens$/);
  // The CLI asked the model for the summary itself: one more request, no "/compact" text sent as a prompt.
  expect(mock.requests.length).toBeGreaterThan(requestsBefore);
  expect(mock.requests.slice(requestsBefore).map((r) => r.lastUserText)).not.toContain('/compact');
  await expect(meter).toHaveText('<1%');
  await expect(page.getByTestId('compact-button')).toHaveCount(0);
  await shots(page, 'compact-divider', divider);
  await expectNoAxeViolationsInBothThemes(page, 'compacted conversation');

  // The conversation goes on after the summary.
  await send(page, 'After compacting');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Hello from the mock API.');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
});
