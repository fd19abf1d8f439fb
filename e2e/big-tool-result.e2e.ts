import { test, expect } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * A 64 MiB tool result, then a streamed answer. The thread reopens complete after a reload, the card
 * shows the result's head and says so, and "Show all" pages the whole output from disk, down to its last bytes.
 * A fake claude sends the line (the real CLI caps its own tool output far below this).
 */
const fakeClaude = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/fake-claude.mjs');
let host: DeskHost;

test.beforeAll(async () => {
  host = await startDeskHost({
    env: {
      CLAUDE_DESK_CLI: fakeClaude,
      FAKE_CLAUDE_MODE: 'big-tool-result:64',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      CLAUDE_DESK_SANDBOX: '0',
    },
  });
});
test.afterAll(async () => {
  await host?.stop();
});

test('a 64 MiB tool result: the thread reopens complete, and Show all pages it to its end', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(host.url);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Read the big file');
  await box.press('Enter');
  await expect(page.getByText('Read it all.')).toBeVisible({ timeout: 120_000 });

  await page.reload();
  await expect(page.getByTestId('user-message')).toHaveText(/Read the big file/);
  await expect(page.getByText('Read it all.')).toBeVisible();
  const card = page.getByTestId('tool-card').filter({ hasText: 'big.txt' });
  await card.getByRole('button', { expanded: false }).click();
  const stored = card.getByTestId('stored-result');
  await expect(stored).toContainText('The output is 67,108,864 characters; this card shows the first 16,384.');
  await stored.getByRole('button', { name: 'Show all' }).click();
  await expect(stored.getByTestId('stored-result-range')).toHaveText('0 B–128.0 KB of 64.0 MB');
  await stored.getByRole('button', { name: 'Last' }).click();
  await expect(stored.getByTestId('stored-result-range')).toHaveText('63.9 MB–64.0 MB of 64.0 MB');
  await expect(stored.getByTestId('terminal-output')).toHaveText(/yEND$/);
  await expect(stored.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectNoAxeViolationsInBothThemes(page, 'a stored 64 MiB tool result paged to its end');

  for (const theme of ['light', 'dark'] as const) {
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: w, height: h });
      await stored.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/screenshots/big-tool-result-${theme}-${w}x${h}.png` });
    }
  }
});
