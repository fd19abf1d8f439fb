import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { sendAndAwaitAnswer } from './agent-support';
import { checkPage, put } from './claude-code-setup-support';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * The Hooks page's edits and the Permission rules page's "in effect" marks, in browser mode with the real CLI
 * against the mock: a hook added on the page runs on the next message (the file it appends to shows it), switched
 * off it does not run, switched on it runs again, and removed (after a confirmation) it is gone from its file; the
 * rules of the project's local file are marked as Claude Code's own get_settings reports them.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let dataDir: string;
let workspace: string;
const HOOK = '{ cat; echo; } >> "$HOME/hook-ran.log"';

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-hooks-'));
  workspace = path.join(dataDir, 'workspace');
  // A deny rule Claude Code applies, and an allow rule it loads but that matches nothing (recorded cases 47b, 52c).
  await put(
    path.join(workspace, '.claude/settings.local.json'),
    JSON.stringify({ permissions: { deny: ['Edit(notes.md)'], allow: ['Write(notes.md)'] } }, null, 2),
  );
  host = await startDeskHost({ dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const userSettings = () => path.join(cli.home, '.claude/settings.json');
const hookRuns = async () =>
  (await fs.readFile(path.join(cli.home, 'hook-ran.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

async function openHooks(page: Page) {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  await section.getByTestId('setup-page-hooks').click();
  return section;
}

/** A message in the open thread; its answer shows the hook lines of that turn (none when no hook ran). */
async function sendAndCountHookLines(page: Page, text: string): Promise<number> {
  await page.getByRole('button', { name: /Back to chat/ }).click();
  await sendAndAwaitAnswer(page, text, 30_000);
  return page.getByTestId('assistant-message').last().getByTestId('hook-line').count();
}

test('a hook added on the page runs on the next message; switched off it does not; on again it does; removed it is gone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await sendAndAwaitAnswer(page, 'Hi', 30_000); // the thread (and its kept process) exists before the hook does

  // Permission rules: each rule marked as Claude Code reports it for this project.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  const local = section.getByTestId('rules-local');
  const rule = (text: string) => local.getByTestId('setup-rule').filter({ has: page.getByText(text, { exact: true }) });
  await expect(rule('Edit(notes.md)')).toContainText('In effect');
  await expect(rule('Write(notes.md)')).toContainText('Not in effect: Claude Code loaded it, but it matches nothing');
  await expect(section.getByTestId('effective-status')).toContainText(`when it starts in ${workspace} (asked in`);
  await checkPage(page, 'permissions-in-effect', undefined, local);

  // Add the hook to the user's own file.
  await section.getByTestId('setup-page-hooks').click();
  const form = section.getByRole('form', { name: 'Add a hook' });
  await form.getByRole('button', { name: 'Add hook' }).click();
  await expect(form.getByRole('alert')).toHaveText('A hook needs a command to run.');
  await form.getByRole('combobox', { name: 'Event' }).selectOption('PreToolUse');
  await expect(form.getByRole('textbox', { name: 'Tools' })).toBeVisible();
  await checkPage(page, 'hooks-add-form', undefined, form);
  await form.getByRole('combobox', { name: 'Event' }).selectOption('UserPromptSubmit');
  await expect(form.getByRole('textbox', { name: 'Tools' })).toBeHidden();
  await form.getByRole('textbox', { name: 'Command' }).fill(HOOK);
  await form.getByRole('combobox', { name: 'File' }).selectOption('user');
  await form.getByRole('button', { name: 'Add hook' }).click();
  await expect(section.getByRole('status')).toContainText('Saved. Takes effect on the next message');
  const row = section.getByTestId('hooks-user').getByTestId('setup-hook');
  await expect(row).toContainText('UserPromptSubmit');
  expect(JSON.parse(await fs.readFile(userSettings(), 'utf8'))).toEqual({
    hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: HOOK }] }] },
  });
  await checkPage(page, 'hooks-with-hook');

  expect(await sendAndCountHookLines(page, 'First with the hook')).toBe(1);
  expect(await hookRuns()).toBe(1);

  // Off: kept in the file under the key Claude Code ignores, not run.
  await openHooks(page);
  const toggle = section.getByRole('switch', { name: `On: run the UserPromptSubmit hook: ${HOOK}` });
  await toggle.uncheck();
  await expect(row).toContainText('Off: kept in the file, not run');
  expect(JSON.parse(await fs.readFile(userSettings(), 'utf8'))).toEqual({
    claudeDeskDisabledHooks: [{ event: 'UserPromptSubmit', hook: { type: 'command', command: HOOK } }],
  });
  await checkPage(page, 'hooks-switched-off', undefined, row);
  expect(await sendAndCountHookLines(page, 'With the hook off')).toBe(0);
  expect(await hookRuns()).toBe(1);

  // On again: it runs again.
  await openHooks(page);
  await section.getByRole('switch', { name: `On: run the UserPromptSubmit hook: ${HOOK}` }).check();
  await expect(row).not.toContainText('Off:');
  expect(await sendAndCountHookLines(page, 'With the hook on again')).toBe(1);
  expect(await hookRuns()).toBe(2);

  // Removed, after the confirmation.
  await openHooks(page);
  await section.getByRole('button', { name: `Remove the UserPromptSubmit hook: ${HOOK}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this hook?' });
  await expect(dialog).toContainText(userSettings());
  await checkPage(page, 'hooks-remove-dialog', '[data-testid="remove-hook-dialog"]');
  await dialog.getByRole('button', { name: 'Remove hook' }).click();
  await expect(section.getByTestId('hooks-user')).toContainText('No hooks in this file.');
  expect(JSON.parse(await fs.readFile(userSettings(), 'utf8'))).toEqual({});
});
