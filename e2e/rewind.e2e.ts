import { test, expect, type Page } from '@playwright/test';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { filesTurnResponder } from '../test/fixtures/rewind-scenarios';

/**
 * "Rewind to here" in browser mode with the real CLI: the dry run lists the files, confirming restores them and
 * puts the message back in the composer, and the thread marks where the other branch went.
 */
let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;
let dataDir: string;
let project: string;
/** A second project two threads share: one changes c.txt between the other's turns. */
let shared: string;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  mock.setResponder(filesTurnResponder());
  cli = realCliEnv(mock);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-rewind-'));
  project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-rewind-proj-')));
  execFileSync('git', ['init', '-q'], { cwd: project });
  await fs.writeFile(path.join(project, 'b.txt'), 'original b\n');
  const env = { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir };
  // The turn to undo, made from the command line into the same data dir the window then opens.
  const chat = (thread: string, dir: string, text: string, extra: NodeJS.ProcessEnv = {}) =>
    new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(root, 'bin/claude-desk.mjs'), 'chat', '--thread', thread, '--project', dir, text],
        { env: { ...env, ...extra }, timeout: 120_000 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  await chat('Rewind me', project, 'FILES change a and b');
  shared = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-rewind-shared-')));
  execFileSync('git', ['init', '-q'], { cwd: shared });
  await fs.writeFile(path.join(shared, 'b.txt'), 'original b\n');
  await chat('Shared A', shared, 'first question');
  // The shell is off in the default mode: the other thread's turn runs with every tool allowed.
  await chat('Shared B', shared, 'BASH[echo from-other > c.txt]', {
    CLAUDE_DESK_PERMISSION_MODE: 'bypass',
    IS_SANDBOX: '1',
  });
  await chat('Shared A', shared, 'FILES change a and b');
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: undefined },
    dataDir,
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(project, { recursive: true, force: true });
  await fs.rm(shared, { recursive: true, force: true });
});

/** Where the review's screenshots go (outside the repository when asked). */
const shots = process.env.REWIND_SHOTS_DIR ?? 'e2e/screenshots';

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: path.join(shots, `${name}-${theme}-1280.png`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Rewind to here lists the files first, restores them on confirm, and the thread keeps the other branch', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByText('Rewind me').first().click();
  const bubble = page.getByTestId('user-message').first();
  await expect(bubble).toContainText('FILES change a and b');
  await bubble.hover();
  await bubble.getByRole('button', { name: 'Rewind to here' }).click();

  const dialog = page.getByRole('dialog', { name: 'Rewind to before this message' });
  await expect(dialog.getByTestId('rewind-file')).toHaveCount(2);
  await expect(dialog.getByTestId('rewind-file').filter({ hasText: 'a.txt' })).toContainText('Remove');
  // Every diff is open from the start (a click on the summary would fold it away).
  await expect(dialog.getByLabel('Changes to b.txt')).toContainText('added: original b');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `e2e/screenshots/rewind-dialog-${theme}-1280.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 800, height: 600 });
  await page.screenshot({ path: 'e2e/screenshots/rewind-dialog-dark-800.png', animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: 'e2e/screenshots/rewind-dialog-light-800.png', animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByTestId('rewind-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('FILES change a and b');
  await expect(page.getByTestId('user-message')).toHaveCount(0);
  expect(await fs.readFile(path.join(project, 'b.txt'), 'utf8')).toBe('original b\n');
  await expect(fs.access(path.join(project, 'a.txt'))).rejects.toThrow();

  // A different message in its place: the thread marks the branch point, and the old branch can be looked at.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('something else instead');
  await box.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const marker = page.getByTestId('branch-marker');
  await expect(marker).toContainText('Rewound here · the other branch has 2 messages');
  await marker.getByRole('button', { name: 'Show the other branch' }).click();
  const other = page.getByRole('dialog', { name: 'The other branch' });
  await expect(other).toContainText('FILES change a and b');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `e2e/screenshots/branch-dialog-${theme}-1280.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 800, height: 600 });
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.screenshot({ path: `e2e/screenshots/branch-dialog-${theme}-800.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await other.getByTestId('branch-switch').click();
  await expect(other).toHaveCount(0);
  await expect(page.getByTestId('user-message').first()).toContainText('FILES change a and b');
  expect(await fs.readFile(path.join(project, 'b.txt'), 'utf8')).toBe('edited b\n');
});

test("in a folder two threads share, the dialog shows each file's diff, the three choices, and the other thread's file apart and unticked", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByText('Shared A').first().click();
  const bubble = page.getByTestId('user-message').first();
  await expect(bubble).toContainText('first question');
  await bubble.hover();
  await bubble.getByRole('button', { name: 'Rewind to here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rewind to before this message' });
  await expect(dialog.getByTestId('rewind-file').first()).toBeVisible();
  await shoot(page, 'rewind-shared');

  // Every file's diff is open at once: nothing to trust blind.
  await expect(dialog.getByLabel('Changes to b.txt')).toBeVisible();
  await expect(dialog.getByLabel('Changes to b.txt')).toContainText('added: original b');
  const choices = dialog.getByRole('radiogroup', { name: 'What to rewind' });
  await expect(choices.getByRole('radio')).toHaveCount(3);
  for (const name of ['Code and conversation', 'Conversation only', 'Code only'])
    await expect(choices.getByRole('radio', { name, exact: true })).toHaveCount(1);
  await expect(choices.getByRole('radio', { name: 'Code and conversation' })).toBeChecked();
  const mine = dialog.getByRole('list', { name: 'Files that will change' });
  await expect(mine.getByTestId('rewind-file')).toHaveCount(2);
  const others = dialog.getByRole('list', { name: 'Changed by another thread' });
  await expect(others.getByTestId('rewind-file')).toHaveCount(1);
  await expect(others).toContainText('c.txt');
  await expect(others).toContainText('Shared B');
  await expect(others.getByRole('checkbox', { name: 'Remove c.txt too' })).not.toBeChecked();
  await expect(dialog.getByTestId('rewind-confirm')).toHaveText('Rewind and restore 2 files');

  await expectNoAxeViolationsInBothThemes(page, 'rewind dialog');

  // The other two choices, as the user sees them before confirming.
  await choices.getByText('Code only', { exact: true }).click();
  await expect(dialog.getByTestId('rewind-confirm')).toHaveText('Restore 2 files');
  await shoot(page, 'rewind-shared-code-only');
  await choices.getByText('Conversation only', { exact: true }).click();
  await expect(dialog.getByTestId('rewind-confirm')).toHaveText('Rewind the conversation');
  await expect(dialog.getByTestId('rewind-file')).toHaveCount(0);
  await shoot(page, 'rewind-shared-conversation-only');
  await choices.getByText('Code and conversation', { exact: true }).click();

  await dialog.getByTestId('rewind-confirm').click();
  await expect(dialog).toHaveCount(0);
  expect(await fs.readFile(path.join(shared, 'b.txt'), 'utf8')).toBe('original b\n');
  expect(await fs.readFile(path.join(shared, 'c.txt'), 'utf8')).toBe('from-other\n');
});
