import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * Issue 8 end to end in browser mode: the real Claude Code CLI (against the mock API) asks to run a
 * shell command, the card shows it, the user clicks "Allow once", and the tool's result comes back.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: 'ask' },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

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

  await card.getByRole('button', { name: /Allow once/ }).click();
  await expect(page.getByTestId('tool-card')).toHaveAttribute('data-approval', 'allowed'); // shown on its tool call
  // The mock answers "Tool said: <tool_result>" once the CLI ran the command and sent its result.
  await expect(page.getByTestId('assistant-message').last()).toContainText('Tool said:');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page).not.toHaveTitle(/Waiting for approval/);
  await fs.access(path.join(host.dataDir, 'workspace', 'made-by-bash.txt'));
  expect(mock.requests.at(-1)?.toolResults).toHaveLength(1);
});
