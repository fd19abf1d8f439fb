import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { shots } from './agent-support';

/**
 * "Allow for this session" with the real Claude Code CLI against the mock API in browser mode, where no process is
 * kept between turns (CLAUDE_DESK_KEEP=0): each turn of the thread is a new Claude Code process resuming the same
 * session, which is told the rules again (recorded case 55) — so the command allowed for this session runs again
 * without a card. Quitting Claude Desk ends the session's rules: after a restart the same command asks again.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost | undefined;
const env = () => ({
  ...cli.env,
  CLAUDE_DESK_CLI: realCliPath(),
  CLAUDE_DESK_PERMISSION_MODE: 'ask',
  CLAUDE_DESK_KEEP: '0',
  CLAUDE_DESK_PREWARM: '0',
});

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const ASK = 'SCENARIO:bash CMD[touch session-rule.txt] Please make the file';

async function sendAgain(page: Page, count: number): Promise<void> {
  await page.getByLabel('Message').fill(ASK);
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(count);
}

test('a command allowed for this session runs on the next Claude Code process without a card, until Claude Desk quits', async ({
  page,
}) => {
  host = await startDeskHost({ env: env() });
  const workspace = path.join(host.dataDir, 'workspace');
  const made = path.join(workspace, 'session-rule.txt');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await page.getByLabel('Message').fill(ASK);
  await page.getByLabel('Message').press('Enter');

  const card = page.getByTestId('approval-card');
  const session = card.getByRole('button', { name: 'Allow for this session' });
  await expect(session).toBeVisible({ timeout: 30_000 });
  // The card says what the scope covers, on the button (its tooltip and description) and in the rule line.
  await expect(session).toHaveAttribute('title', /Bash\(touch session-rule\.txt\) in this thread until you quit/);
  await expect(session).toHaveAccessibleDescription(/not asked again in this thread until you quit Claude Desk/);
  await expect(card.getByTestId('approval-rule')).toContainText('kept in memory, no file written');
  await shots(page, 'session-rule-card', card);
  await expectNoAxeViolationsInBothThemes(page, 'approval card');
  await session.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await fs.access(made);

  // The next turn is a new process (none is kept): the same command runs without a card.
  await fs.rm(made);
  await sendAgain(page, 2);
  const second = page.getByTestId('assistant-message').last();
  await expect(second).toHaveAttribute('data-status', 'done');
  await expect(second.getByTestId('approval-card')).toHaveCount(0);
  await fs.access(made);
  const local = await fs.readFile(path.join(workspace, '.claude', 'settings.local.json'), 'utf8').catch(() => '');
  expect(local).not.toContain('session-rule');

  // Claude Desk quits and starts again: "this session" is over, the same command asks again.
  await host.stop();
  host = await startDeskHost({ env: env(), dataDir: host.dataDir });
  await page.goto(host.url);
  await page.getByTestId('thread-list').getByText('SCENARIO:bash CMD[touch session-rule.txt]').first().click();
  await sendAgain(page, 3);
  await expect(page.getByTestId('assistant-message').last().getByTestId('approval-card')).toBeVisible({
    timeout: 30_000,
  });
  await shots(page, 'session-rule-after-restart', page.getByTestId('approval-card').last());
});
