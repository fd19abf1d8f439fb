import { test, expect } from '@playwright/test';
import path from 'node:path';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

// No CLI at all: the status card says so and offers the install commands with copy buttons.
let host: DeskHost;
test.beforeAll(async () => {
  host = await startDeskHost({ env: { CLAUDE_DESK_CLI: path.join('/nonexistent', 'claude') } });
});
test.afterAll(async () => {
  await host?.stop();
});

test('the status card explains how to install the CLI when it is not found', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  const card = page.getByTestId('status-card');
  await expect(card).toHaveAttribute('data-status', 'not_installed');
  await expect(card.getByTestId('install-command')).toHaveCount(3);
  await expect(card).toContainText('npm install -g @anthropic-ai/claude-code');
  await expect(card).toContainText('CLAUDE_DESK_CLI');
  await page.screenshot({ path: 'e2e/screenshots/settings-status-not-installed.png', fullPage: true });
  await expectNoAxeViolationsInBothThemes(page, 'settings with the CLI missing');
});

test('a message typed while CLAUDE_DESK_CLI names a missing file is kept, Send says why, one banner explains', async ({
  page,
}) => {
  await page.goto(host.url);
  const banner = page.getByTestId('cli-banner');
  await expect(banner).toHaveText(/CLAUDE_DESK_CLI points at \/nonexistent\/claude, but there is no file there\./);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Please keep this message');
  await box.press('Enter');
  await expect(box).toHaveValue('Please keep this message');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  await expect(page.getByTestId('send-button')).toHaveAttribute('title', /your message stays here/);
  await expect(page.getByTestId('composer-hint')).toContainText('Claude Code cannot run yet');
  await expect(page.getByTestId('assistant-message')).toHaveCount(0); // no failed turn beside the banner
  await expect(page.getByTestId('notices')).toHaveCount(0); // and no toast
  await page.screenshot({ path: 'e2e/screenshots/composer-cli-missing.png' });
  await expectNoAxeViolationsInBothThemes(page, 'composer with the CLI missing');
});
