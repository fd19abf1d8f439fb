import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startDeskHost, type DeskHost } from './desk-host';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * The composer's pickers in browser mode with the REAL CLI: the project's own command comes from the
 * CLI's initialize answer and its expansion reaches the API (recorded case 30); the @-picker offers the project's
 * README and the CLI inlines it (case 33). The project is the default workspace folder of the data dir.
 */
let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  // Tool search off: MCP tools then sit in the request's tools[] instead of being deferred (recorded case 05b).
  host = await startDeskHost({
    env: {
      ...cli.env,
      ENABLE_TOOL_SEARCH: 'false',
      CLAUDE_DESK_CLI: realCliPath(),
      CLAUDE_DESK_PERMISSION_MODE: undefined,
    },
  });
  // A user's own MCP server, configured for Claude Code in the scratch HOME (recorded case 34b).
  const server = { type: 'stdio', command: process.execPath, args: [path.resolve('test/fixtures/tiny-stdio-mcp.mjs')] };
  await fs.writeFile(path.join(cli.home, '.claude.json'), JSON.stringify({ mcpServers: { 'my-tools': server } }));
  const workspace = path.join(host.dataDir, 'workspace');
  await fs.mkdir(path.join(workspace, '.claude', 'commands'), { recursive: true });
  await fs.writeFile(
    path.join(workspace, '.claude', 'commands', 'hello.md'),
    '---\ndescription: Greets someone by name\nargument-hint: <name>\n---\nSay hello to $ARGUMENTS in one short sentence.\n',
  );
  await fs.writeFile(path.join(workspace, 'README.md'), '# The project\nIt reads like a readme.\n');
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `e2e/screenshots/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('/ lists the project command from .claude/commands, and running it sends its expansion', async ({ page }) => {
  await page.goto(host.url);
  await box(page).fill('');
  await box(page).pressSequentially('/hel');
  const picker = page.getByTestId('command-picker');
  const option = picker.getByRole('option', { name: /\/hello/ });
  await expect(option).toContainText('Greets someone by name');
  await expect(option).toContainText('<name>');
  await shoot(page, 'composer-command-picker');
  await expectNoAxeViolationsInBothThemes(page, 'the command picker');
  await box(page).press('Enter');
  await expect(box(page)).toHaveValue('/hello ');
  await box(page).pressSequentially('world');
  await box(page).press('Enter');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  const sent = JSON.stringify(mock.requests.at(-1)?.body.messages);
  expect(sent).toContain('Say hello to world in one short sentence.');
});

test('@READ offers README.md from the project, and the sent message carries @README.md', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await box(page).fill('Summarise ');
  await box(page).pressSequentially('@READ');
  await expect(box(page)).toHaveValue('Summarise @READ');
  const picker = page.getByTestId('file-picker');
  await expect(picker.getByRole('option', { name: /README\.md/ })).toBeVisible();
  await shoot(page, 'composer-file-picker');
  await box(page).press('Tab');
  await expect(box(page)).toHaveValue('Summarise @README.md ');
  // A file made while the turn runs (as the agent would) is offered once the turn has ended, not 30 s later.
  await fs.writeFile(path.join(host.dataDir, 'workspace', 'made-in-the-turn.md'), 'new\n');
  await box(page).press('Enter');
  await expect(page.getByTestId('user-message').last()).toContainText('Summarise @README.md');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const sent = JSON.stringify(mock.requests.at(-1)?.body.messages);
  expect(sent).toContain('Summarise @README.md');
  expect(sent).toContain('It reads like a readme.'); // the CLI inlined the file (case 33)
  await box(page).pressSequentially('@made-in');
  await expect(picker.getByRole('option', { name: /made-in-the-turn\.md/ })).toBeVisible();
  await box(page).fill('');
});

test('/clear starts a fresh session: a divider, and the next request carries no earlier turn', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await box(page).fill('Remember the word pineapple');
  await box(page).press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await box(page).fill('/clear');
  await box(page).press('Enter');
  await expect(page.getByTestId('clear-divider')).toBeVisible();
  await box(page).fill('What was the word?');
  await box(page).press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const sent = JSON.stringify(mock.requests.at(-1)?.body.messages);
  expect(sent).toContain('What was the word?');
  expect(sent).not.toContain('pineapple');
  await expect(page.getByTestId('stop-button')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Message' }).fill('/cost');
  await box(page).press('Enter');
  await expect(page.getByTestId('cost-panel')).toContainText('2');
  await shoot(page, 'composer-clear-and-cost');
});

test("a user's MCP server from ~/.claude.json is connected in the MCP panel and its tool reaches the API", async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await box(page).fill('Which tools do you have?');
  await box(page).press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const tools = (mock.requests.at(-1)?.body.tools as { name: string }[]).map((t) => t.name);
  expect(tools).toContain('mcp__my-tools__echo_back');
  await box(page).fill('/mcp');
  await box(page).press('Enter');
  const panel = page.getByTestId('mcp-panel');
  const row = panel.getByTestId('mcp-server').filter({ hasText: 'my-tools' });
  await expect(row).toContainText('connected');
  await expect(row).toContainText('user');
  await expect(panel.getByTestId('mcp-server').filter({ hasText: 'Claude Desk' })).toContainText('connected');
  await shoot(page, 'composer-mcp-panel');
  await expectNoAxeViolationsInBothThemes(page, 'the MCP panel');

  // Off for this thread: the next turn's request no longer offers its tool (recorded case 34e).
  await row.getByRole('switch', { name: 'my-tools in this thread' }).uncheck();
  await expect(row).toContainText('off in this thread');
  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shoot(page, `composer-mcp-off-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole('button', { name: 'Close' }).click();
  await box(page).fill('And now which tools?');
  await box(page).press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2);
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const after = (mock.requests.at(-1)?.body.tools as { name: string }[]).map((t) => t.name);
  expect(after).not.toContain('mcp__my-tools__echo_back');
  expect(after.some((t) => t.startsWith('mcp__desk__'))).toBe(true);
});

test('the attach button adds a picked image and a text file as chips, and both reach the API', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach images or files' }).click();
  // A 1×1 PNG and a small text file, as the OS's file dialog would hand them over.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await (
    await chooser
  ).setFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: png },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('The launch is on Thursday.\n') },
  ]);
  await expect(page.getByTestId('attachment')).toHaveText([/dot\.png/, /notes\.txt/]);
  await box(page).fill('When is the launch?');
  for (const [w, h] of [
    [1280, 800],
    [800, 600],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shoot(page, `composer-attachments-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolationsInBothThemes(page, 'attachment chips in the composer');
  await box(page).press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('attachment')).toHaveCount(0);
  const sent = JSON.stringify(mock.requests.at(-1)?.body.messages);
  expect(sent).toContain('notes.txt:');
  expect(sent).toContain('The launch is on Thursday.');
  expect(sent).toContain('"type":"image"');
});
