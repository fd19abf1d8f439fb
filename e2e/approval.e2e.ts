import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { MockApi } from '../test/fixtures/mock-anthropic-api';
import type { DeskHost } from './desk-host';
import { expectNoJsonInCards } from './card-text';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { useDeskSuite } from './desk-suite';

/**
 * Approvals end to end in browser mode: the real Claude Code CLI (against the mock API) asks to run a
 * shell command, the card shows it, the user clicks "Allow once", and the tool's result comes back.
 */
let mock: MockApi;
let host: DeskHost;

useDeskSuite((suite) => void ({ mock, host } = suite), { env: { CLAUDE_DESK_PERMISSION_MODE: 'ask' } });

test('a command waits on an approval card; Allow once runs it and the answer shows the result', async ({ page }) => {
  await page.goto(host.url);
  await page.getByLabel('Message').fill('SCENARIO:bash CMD[touch made-by-bash.txt] Please make the file');
  await page.keyboard.press('Enter');

  const card = page.getByTestId('approval-card');
  await expect(card).toContainText('Claude wants to use Shell');
  await expect(card.getByTestId('approval-command')).toContainText('touch made-by-bash.txt');
  await expect(card).toContainText('.claude/settings.local.json');
  await expect(page.getByTestId('turn-running')).toContainText('Waiting for your approval');
  // The tab (or window) title says so too, for a user looking at another window.
  await expect(page).toHaveTitle(/^● Waiting for approval — .+ — Claude Desk$/);
  await page.screenshot({ path: 'e2e/screenshots/approval-card.png' });
  await expectNoAxeViolationsInBothThemes(page, 'approval card waiting');

  await card.getByRole('button', { name: /Allow once/ }).click();
  await expect(page.getByTestId('tool-card')).toHaveAttribute('data-approval', 'allowed'); // shown on its tool call
  // The mock answers "Tool said: <tool_result>" once the CLI ran the command and sent its result.
  await expect(page.getByTestId('assistant-message').last()).toContainText('Tool said:');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page).not.toHaveTitle(/Waiting for approval/);
  await fs.access(path.join(host.dataDir, 'workspace', 'made-by-bash.txt'));
  await expectNoAxeViolationsInBothThemes(page, 'answer after an allowed command');
  expect(mock.requests.at(-1)?.toolResults).toHaveLength(1);
});

test('in Ask mode a "y" typed in the empty composer is text; Alt+R focuses the card and Y allows once', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  const box = page.getByLabel('Message');
  await box.fill('SCENARIO:bash CMD[touch typed-y.txt] Please make the file');
  await box.press('Enter');
  const card = page.getByTestId('approval-card');
  await expect(card).toHaveAttribute('data-outcome', 'waiting');
  await expect(box).toBeFocused();
  await page.keyboard.press('y');
  await expect(box).toHaveValue('y');
  await expect(card).toHaveAttribute('data-outcome', 'waiting');
  await expect(card.getByTestId('approval-keys-hint')).toContainText('Alt+R to answer with keys');
  await page.screenshot({ path: 'e2e/screenshots/approval-card-keys-hint.png' });

  await page.keyboard.press('Alt+r');
  await expect(card).toBeFocused();
  await page.keyboard.press('y');
  await expect(page.getByTestId('tool-card').last()).toHaveAttribute('data-approval', 'allowed');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(box).toHaveValue('y'); // the draft is still the user's
  await fs.access(path.join(host.dataDir, 'workspace', 'typed-y.txt'));
});

test('an edited command shows, after Allow, as the command that ran', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await page.getByLabel('Message').fill('SCENARIO:bash CMD[touch proposed.txt] Please make the file');
  await page.getByLabel('Message').press('Enter');
  const card = page.getByTestId('approval-card');
  await card.getByRole('button', { name: /Edit command/ }).click();
  const editor = card.getByRole('textbox', { name: /Command/ });
  await editor.fill('touch edited.txt');
  await card.getByRole('button', { name: /Allow once/ }).click();

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const tool = answer.getByTestId('tool-card');
  await expect(tool).toContainText('touch edited.txt');
  await expect(tool.getByTestId('tool-edited')).toContainText('Edited before allowing');
  await fs.access(path.join(host.dataDir, 'workspace', 'edited.txt'));
  const head = tool.getByRole('button').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click(); // Bash cards open by themselves
  await expect(tool.getByTestId('tool-proposed')).toContainText('touch proposed.txt');
  await expectNoJsonInCards(page);
  await page.screenshot({ path: 'e2e/screenshots/tool-card-edited.png' });

  // What ran is what is kept: after a reload the card still shows the edit.
  await page.reload();
  await page.getByTestId('thread-list').getByText('SCENARIO:bash CMD[touch proposed.txt]').click();
  const again = page.getByTestId('assistant-message').last().getByTestId('tool-card');
  await expect(again).toContainText('touch edited.txt');
  await expect(again.getByTestId('tool-edited')).toBeVisible();
});
