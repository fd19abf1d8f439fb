import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * Two Claude Desk processes on one data dir (two browser-mode hosts here, as two windows would be; and the
 * command line). What one does to threads — a new thread, its answer, a rename, a delete — shows in the other's
 * sidebar without a reload, through the same threadsChanged event its own changes use.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fakeClaude = path.join(root, 'test/fixtures/fake-claude.mjs');
const env = {
  CLAUDE_DESK_CLI: fakeClaude,
  FAKE_CLAUDE_MODE: 'text',
  ANTHROPIC_API_KEY: 'sk-ant-test',
  CLAUDE_DESK_SANDBOX: '0',
};
let dataDir: string;
let a: DeskHost;
let b: DeskHost;

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-two-'));
  a = await startDeskHost({ env, dataDir });
  b = await startDeskHost({ env, dataDir });
});
test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('a thread made, answered, renamed and deleted in another Claude Desk shows in this window without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A context of its own (not browser.newPage()): axe opens a helper page in the page's context to finish its run.
  const first = await (await browser.newContext()).newPage();
  const second = await browser.newPage();
  await first.goto(a.url);
  await second.goto(b.url);
  const list = first.getByTestId('thread-list');
  await expect(first.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // Made and answered in the other window.
  await second.getByTestId('new-thread').click();
  await send(second, 'Plan the database migration');
  await expect(second.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await expect(list).toContainText('Plan the database migration');
  await list.getByText('Plan the database migration').click();
  await expect(first.getByTestId('assistant-message')).toContainText('Hello from the mock API.');

  // Renamed there: the row and the open thread's header here follow.
  await second.getByRole('button', { name: 'Rename Plan the database migration' }).click();
  const field = second.getByRole('textbox', { name: 'Thread name' });
  await field.fill('Migration plan, v2');
  await field.press('Enter');
  await expect(list).toContainText('Migration plan, v2');
  await expect(first.getByTestId('chat-title')).toHaveText('Migration plan, v2');
  await expectNoAxeViolationsInBothThemes(first, 'a thread renamed in another window');

  // From the command line, a third front door on the same data dir.
  const chat = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      [path.join(root, 'bin/claude-desk.mjs'), 'chat', '--thread', 'From the terminal', 'hello'],
      { cwd: root, env: { ...process.env, ...env, CLAUDE_DESK_DATA_DIR: dataDir }, timeout: 60_000 },
      (err, _stdout, stderr) => resolve({ code: err ? 1 : 0, stderr }),
    ),
  );
  expect(chat).toEqual({ code: 0, stderr: '' });
  await expect(list).toContainText('From the terminal');

  // Deleted there: gone here.
  await second.getByRole('button', { name: 'Delete Migration plan, v2' }).click();
  await second.getByRole('button', { name: 'Delete thread' }).click();
  await expect(list).not.toContainText('Migration plan, v2');
  await expect(list).toContainText('From the terminal');
});
