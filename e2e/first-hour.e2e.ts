import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import type { LogRecord } from '../src/core/store/thread-log';
import { startDeskHostWithThreads, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';

/**
 * The screens of a first hour, in browser mode: the first launch opens on the folder picker (one heading, Plain chat
 * offered once, the completion list closed by "Use folder"); full access while Claude Desk runs as root; a worktree
 * thread's settings (the one model picker, its worktree) and its Claude Code page (where an edit goes). Both themes,
 * 1280×800 and 800×600, axe on each. No turn runs. SHOTS_DIR saves the screens.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots/first-hour';
let work: string;
let fresh: DeskHost;
let withThread: DeskHost;

test.beforeAll(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'desk-first-hour-')));
  await fs.mkdir(path.join(work, 'alpha-app'));
  await fs.mkdir(path.join(work, 'alpha-site'));
  const repo = path.join(work, 'payments-reconciliation-service');
  const wt = path.join(repo, '.claude', 'worktrees', 'fix-ledger-rounding');
  await fs.mkdir(wt, { recursive: true });
  await fs.writeFile(path.join(wt, 'CLAUDE.md'), '# Payments\n\nUse pnpm.\n');
  const at = Date.now();
  const records: LogRecord[] = [
    {
      op: 'meta',
      at,
      id: 't-wt',
      title: 'Fix the ledger rounding',
      createdAt: at,
      settings: {
        projectDir: repo,
        worktree: {
          name: 'fix-ledger-rounding',
          repo,
          path: wt,
          branch: 'worktree-fix-ledger-rounding',
          base: 'main',
          state: 'ready',
        },
      },
    },
    { op: 'user', at, message: { id: 'u1', role: 'user', createdAt: at, text: 'Where is the rounding?' } },
  ];
  [fresh, withThread] = await Promise.all([
    startDeskHostWithThreads('first-hour', {}),
    // Without IS_SANDBOX (which a container may set): as root, Claude Code would refuse full access here.
    startDeskHostWithThreads('first-hour-wt', { 't-wt': records }, { IS_SANDBOX: undefined }),
  ]);
});
test.afterAll(async () => {
  await fresh?.stop();
  await withThread?.stop();
  await fs.rm(work, { recursive: true, force: true });
});

/** Both themes at both sizes: a screenshot each, and axe on `include`. */
async function everyLook(page: Page, name: string, include: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const [w, h] of [
      [1280, 800],
      [800, 600],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${w}x${h}.png` });
      await expectNoAxeViolations(page, `${name} ${theme} ${w}×${h}`, { include });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the first launch opens on the folder picker; "Use folder" closes the completion list and starts there', async ({
  page,
}) => {
  await page.goto(fresh.url);
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading')).toHaveText(['Where should Claude work?']);
  await expect(empty).not.toContainText('Default workspace');
  await expect(empty.getByRole('button', { name: /Plain chat/ })).toHaveCount(1);
  await everyLook(page, 'first-launch', '[data-testid=empty-state]');

  const field = page.getByRole('combobox', { name: 'Folder path' });
  await field.fill(`${work}/alpha`);
  await expect(page.getByTestId('folder-suggestion')).toHaveText(['alpha-app/', 'alpha-site/']);
  await field.fill(`${work}/alpha-app`);
  await page.getByTestId('folder-path-use').click();
  await expect(page.getByTestId('project-current')).toContainText(path.join(work, 'alpha-app'));
  await expect(page.getByTestId('folder-suggestion')).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('chat-folder')).toContainText('alpha-app');
});

test('as root, the full-access switch says Claude Code refuses it and offers what works', async ({ page }) => {
  test.skip(process.getuid?.() !== 0, 'only where Claude Desk runs as root');
  await page.goto(withThread.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Fix the ledger' }).click();
  const select = page.getByTestId('permission-select');
  await expect(select.locator('option[value=bypassPermissions]')).toHaveText(/refused as root/);
  await select.selectOption('bypassPermissions');
  const dialog = page.getByTestId('root-full-access-dialog');
  await expect(dialog).toContainText('IS_SANDBOX=1');
  await everyLook(page, 'root-full-access', '[data-testid=root-full-access-dialog]');
  await dialog.getByRole('button', { name: 'Use Accept edits' }).click();
  await expect(select).toHaveValue('acceptEdits');
});

test("a worktree thread's settings and Claude Code page show its worktree, with the one model picker", async ({
  page,
}) => {
  await page.goto(withThread.url);
  await page.getByTestId('thread-item').filter({ hasText: 'Fix the ledger' }).click();
  await page.getByTestId('thread-settings-button').click();
  const dialog = page.getByTestId('thread-settings-dialog');
  await expect(dialog.getByTestId('thread-worktree')).toContainText('.claude/worktrees/fix-ledger-rounding');
  await expect(dialog.getByRole('list', { name: 'Model for this thread' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Model id' })).toBeVisible();
  await everyLook(page, 'thread-settings', '[data-testid=thread-settings-dialog]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const where = page.getByTestId('setup-project');
  await expect(where).toContainText("this thread's worktree");
  await expect(where).toContainText('is not changed');
  await page.getByTestId('setup-page-instructions').click();
  await expect(page.getByTestId('claude-code-setup')).toContainText('Use pnpm.');
  await everyLook(page, 'claude-code-worktree', '[data-testid=claude-code-setup]');
});
