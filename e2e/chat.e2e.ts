import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDeskHost, type DeskHost } from './desk-host';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, realCliVersion } from '../test/fixtures/real-cli';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * The chat window in browser mode, driven as a user would, against the REAL Claude Code CLI talking to the
 * mock Messages API. Screenshots land in e2e/screenshots/ (git-ignored) so a person can look at them.
 */
let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;

// IS_SANDBOX: test machines run as root, where Claude Code refuses full access and the switch says so instead of
// asking to confirm it (full-access-root.e2e.ts); this file checks the confirmation itself.
const hostEnv = () => ({
  ...cli.env,
  CLAUDE_DESK_CLI: realCliPath(),
  CLAUDE_DESK_PERMISSION_MODE: undefined,
  IS_SANDBOX: '1',
});

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  host = await startDeskHost({ env: hostEnv() });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('a message streams its answer in exactly once, with a footer and the thread total', async ({ page }) => {
  await page.goto(host.url);
  await send(page, 'Hello Claude');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer).toContainText('Hello from the mock API.');
  expect((await answer.innerText()).split('Hello from the mock API.').length - 1).toBe(1);
  await expect(answer.getByTestId('turn-footer')).toBeVisible();
  await expect(page.getByTestId('thread-total')).toContainText('1 turn');
  await expect(page.getByTestId('thread-list')).toContainText('Hello Claude');
  await page.screenshot({ path: 'e2e/screenshots/chat-answer.png' });
  await expectNoAxeViolationsInBothThemes(page, 'an answered message');
});

test('three identical turns each cost the same in their footers, and the header total is their sum', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  for (let i = 1; i <= 3; i++) {
    await send(page, 'The same question');
    await expect(page.getByTestId('assistant-message')).toHaveCount(i);
    await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  }
  // The CLI reports the session's running total ($0.00014, $0.00028, $0.00042 on the mock): each footer shows its turn's share.
  await expect(page.getByTestId('turn-cost')).toHaveText(['$0.0001', '$0.0001', '$0.0001']);
  await expect(page.getByTestId('thread-total')).toContainText('$0.0004');
  await expect(page.getByTestId('thread-total')).toContainText('45 tokens · 3 turns');
  const tooltip = await page.getByTestId('thread-total').getAttribute('title');
  expect(tooltip).toContain('30 input + 0 cache reads + 0 cache writes = 30 in; 15 output');
});

test('a tool call shows as a card with its result', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await send(page, 'SCENARIO:tool:mcp__desk__memory_learn {"content":"The user likes teal","tags":["prefs"]}');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const card = answer.getByTestId('tool-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(/Memory/);
  await expect(answer).toContainText('Tool said:');
  await page.screenshot({ path: 'e2e/screenshots/chat-tool-card.png' });
  await expectNoAxeViolationsInBothThemes(page, 'a tool card with its result');
});

test('Stop keeps the partial answer, and the thread works afterwards', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await send(page, 'SCENARIO:slow count slowly');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('w03');
  await page.getByTestId('stop-button').click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(answer.getByTestId('turn-stopped')).toBeVisible();
  await expect(answer).toContainText('w00');
  await page.screenshot({ path: 'e2e/screenshots/chat-stopped.png' });

  await send(page, 'Are you still there?');
  const next = page.getByTestId('assistant-message').last();
  await expect(next).toHaveAttribute('data-status', 'done');
  await expect(next).toContainText('Hello from the mock API.');
});

test('full access needs an explicit confirmation, then shows a badge — in that thread only', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await send(page, 'A thread with its own mode');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const select = page.getByTestId('permission-select');
  await select.selectOption('bypassPermissions');
  const dialog = page.getByTestId('full-access-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/shell/i);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('full-access-badge')).toHaveCount(0);
  await expect(select).toHaveValue('acceptEdits'); // Cancel leaves the mode as it was

  await select.selectOption('bypassPermissions');
  await page.getByRole('button', { name: 'Turn on full access' }).click();
  await expect(page.getByTestId('full-access-badge')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/chat-full-access.png' });
  // The header set this thread's mode: a new thread starts in Settings' default, the first one keeps its own.
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('chat-title')).toHaveText('New thread');
  await expect(select).toHaveValue('acceptEdits');
  await expect(page.getByTestId('full-access-badge')).toHaveCount(0);
  await page.getByTestId('thread-list').getByText('A thread with its own mode').click();
  await expect(select).toHaveValue('bypassPermissions');
  await expect(page.getByTestId('full-access-badge')).toBeVisible();
  // Back to the default posture for the tests that follow.
  await select.selectOption('acceptEdits');
  await expect(page.getByTestId('full-access-badge')).toHaveCount(0);
});

test('the status card shows the CLI version and the wall', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  const card = page.getByTestId('status-card');
  await expect(card).toHaveAttribute('data-status', 'ok');
  await expect(card.getByTestId('cli-version')).toHaveText(realCliVersion());
  await expect(card.getByTestId('sandbox-line')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/settings-status-ok.png', fullPage: true });
});

test('threads survive a restart of the host', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await send(page, 'Keep this thread please');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('thread-list')).toContainText('Keep this thread please');
  await host.stop();
  host = await startDeskHost({ env: hostEnv(), dataDir: host.dataDir });
  await page.goto(host.url);
  await page.getByTestId('thread-list').getByText('Keep this thread please').click();
  await expect(page.getByTestId('user-message').first()).toContainText('Keep this thread please');
  await expect(page.getByTestId('assistant-message').first()).toContainText('Hello from the mock API.');
});

test("a thread's project folder is where Claude Code works: a file it writes appears there", async ({ page }) => {
  const project = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-project-'));
  try {
    await page.goto(host.url);
    await page.getByTestId('new-thread').click();
    await page.getByRole('button', { name: 'Thread settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thread settings' });
    // Browser mode has no native folder picker: the path is typed.
    await expect(dialog.getByRole('button', { name: 'Choose…' })).toHaveCount(0);
    await dialog.getByLabel('Project folder').fill(project);
    await page.screenshot({ path: 'e2e/screenshots/thread-settings.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const folder = page.getByTestId('chat-folder');
    await expect(folder).toHaveText(path.basename(project));
    await expect(folder).toHaveAttribute('title', project);

    await page.getByTestId('permission-select').selectOption('acceptEdits');
    await send(page, 'SCENARIO:write FILE:hello.txt');
    const answer = page.getByTestId('assistant-message').last();
    await expect(answer).toHaveAttribute('data-status', 'done');
    await expect(answer).toContainText('Tool said:');
    expect(await fs.readFile(path.join(project, 'hello.txt'), 'utf8')).toBe('hello from the tool\n');
  } finally {
    await fs.rm(project, { recursive: true, force: true });
  }
});

test('a chat at its latest message stays there when the window gets lower', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  for (let i = 1; i <= 3; i++) {
    const lines = Array.from({ length: 11 }, (_, k) => `question ${i}, line ${k + 1}`);
    await send(page, [...lines, `end of question ${i}`].join('\n'));
    await expect(page.getByText(`end of question ${i}`)).toBeInViewport();
    await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  }
  const last = page.getByTestId('assistant-message').last();
  await expect(last.getByTestId('turn-footer')).toBeInViewport({ ratio: 1 });
  // Only lower: no row changes its height, so nothing but the view's own size tells the list to follow.
  await page.setViewportSize({ width: 1280, height: 560 });
  await expect(last.getByTestId('turn-footer')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('jump-latest')).toBeHidden();
});
