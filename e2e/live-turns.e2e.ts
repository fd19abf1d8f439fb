import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeskApp } from '../src/app/desk-app';
import { startDeskHost, type DeskHost } from './desk-host';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { send } from './agent-support';

/**
 * Turns that say nothing for a while — a long tool, a stalled answer, a turn queued behind another — look the same
 * after a reload and in a second tab as in the window that sent them: status, timer, Stop, Esc, the sidebar's dot,
 * the board. What a page shows of them comes from the host, not from the events it happened to see. Browser mode,
 * the real CLI against the mock, one turn at a time (CLAUDE_DESK_MAX_TURNS=1) so the second thread's turn queues.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;
// A tool that runs for minutes, quiet all along (the turns are stopped long before it ends).
const LONG_TOOL = 'node -e "setTimeout(() => console.log(1), 300000)"';
const TOOL = 'Run the long check';
const STALLED = 'Wait behind it';

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  // IS_SANDBOX: the CLI refuses to skip permissions as root otherwise (test machines run as root).
  cli = realCliEnv(mock, { extra: { IS_SANDBOX: '1' } });
  // The two threads, named (a first message would name them, and an answer may rename them).
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-live-turns-'));
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const title of [TOOL, STALLED]) await desk.services.threads.create({ title });
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({
    dataDir,
    env: {
      ...cli.env,
      CLAUDE_DESK_CLI: realCliPath(),
      CLAUDE_DESK_PERMISSION_MODE: 'bypassPermissions',
      CLAUDE_DESK_MAX_TURNS: '1',
    },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const item = (page: Page, title: string) => page.getByTestId('thread-item').filter({ hasText: title });

async function open(page: Page, title: string): Promise<void> {
  await page.getByTestId('tab-threads').click();
  await item(page, title).locator('.thread-open').click();
  await expect(page.getByTestId('chat-header')).toContainText(title);
}

async function sendIn(page: Page, title: string, text: string): Promise<void> {
  await open(page, title);
  await send(page, text);
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
}

/** The thread on screen is working: its line and timer, Stop, the composer's "Esc to stop", and its sidebar dot. */
async function expectWorking(page: Page, title: string, line: RegExp): Promise<void> {
  await open(page, title);
  const state = page.getByTestId('assistant-message').last();
  await expect(state.getByTestId('turn-running')).toContainText(line);
  await expect(state.getByTestId('turn-running').getByTestId('elapsed')).toBeVisible();
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(page.getByTestId('composer-hint')).toContainText('Esc to stop');
  await expect(item(page, title).getByTestId('thread-running')).toBeVisible();
}

async function expectQueued(page: Page, title: string): Promise<void> {
  await open(page, title);
  await expect(page.getByTestId('turn-queued')).toHaveText('Queued — position 1');
  await expect(page.getByTestId('stop-button')).toBeVisible();
  await expect(page.getByTestId('composer-hint')).toContainText('Enter to queue');
  await expect(item(page, title).getByTestId('thread-running')).toBeVisible();
}

async function expectBoard(page: Page, rows: [string, RegExp][]): Promise<void> {
  await page.getByTestId('tab-board').click();
  for (const [title, status] of rows)
    await expect(page.getByTestId('board-row').filter({ hasText: title }).getByTestId('board-status')).toHaveText(
      status,
    );
  await page.getByTestId('tab-threads').click();
}

test('a turn in a long tool, one queued behind it, then a stalled one: the same after a reload and in a second tab, and Stop and Esc work in both', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.goto(host.url);
  const [tool, stalled] = [TOOL, STALLED];
  await sendIn(page, tool, steps([{ name: 'Bash', input: { command: LONG_TOOL, description: 'Run the long check' } }]));
  await expect(page.locator('[data-testid=tool-card][data-tool=Bash]')).toBeVisible();
  await sendIn(page, stalled, 'SCENARIO:hang behind the long check');
  await expect(page.getByTestId('turn-queued')).toHaveText('Queued — position 1');

  // A second tab, opened now, and the first one reloaded: both see both turns as the sending tab did.
  const other = await context.newPage();
  await other.goto(host.url);
  await page.reload();
  for (const p of [page, other]) {
    await expectWorking(p, tool, /Thinking|Writing/);
    await expectQueued(p, stalled);
    await expectBoard(p, [
      [tool, /^Working — /],
      [stalled, /^Queued — /],
    ]);
  }

  // Esc in the second tab stops the tool's turn; the queued one starts and stalls (the mock never answers).
  await open(other, tool);
  await other.getByRole('textbox', { name: 'Message' }).focus();
  await other.keyboard.press('Escape');
  for (const p of [page, other]) {
    await open(p, tool);
    await expect(p.getByTestId('turn-stopped')).toBeVisible();
    await expect(item(p, tool).getByTestId('thread-running')).toBeHidden();
  }
  await expectWorking(other, stalled, /Thinking/);
  await page.reload();
  await expectWorking(page, stalled, /Thinking/);
  await expectBoard(page, [[stalled, /^Working — /]]);

  // Stop in the reloaded tab ends the stalled turn, in both.
  await page.getByTestId('stop-button').click();
  for (const p of [page, other]) {
    await open(p, stalled);
    await expect(p.getByTestId('turn-stopped')).toBeVisible();
    await expect(p.getByTestId('stop-button')).toBeHidden();
    await expect(item(p, stalled).getByTestId('thread-running')).toBeHidden();
    await expect(p.getByTestId('composer-hint')).toContainText('Enter to send');
  }
});
