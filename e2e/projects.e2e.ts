import { test, expect } from '@playwright/test';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { send, shots } from './agent-support';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { syntheticSession } from '../test/fixtures/synthetic-sessions';

/**
 * Projects first, in browser mode with the real CLI against the mock: a new thread's empty state offers a folder
 * used only from the terminal (a CLI session under the scratch ~/.claude/projects), the thread runs there once it is
 * picked, a folder that is gone says so, the path field completes folder names, and the sidebar groups threads by
 * project. Axe on the empty state and the grouped sidebar in both themes; SHOTS=<dir> saves the screens.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let work: string;
/** Used only from the terminal: a git repository on `main`. */
let terminalApp: string;
/** A terminal session's folder that was moved away since. */
let movedAway: string;
let site: string;

/** A Claude Code transcript for `cwd` under the scratch home, as the CLI writes it from a terminal. */
async function terminalSession(cwd: string, sessionId: string, title: string): Promise<void> {
  const dir = path.join(cli.home, '.claude', 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `${sessionId}.jsonl`),
    syntheticSession({ sessionId, cwd, turns: 1, title, startAt: Date.now() - 60_000 }),
  );
}

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'desk-projects-e2e-')));
  terminalApp = path.join(work, 'terminal-app');
  movedAway = path.join(work, 'moved-away');
  site = path.join(work, 'site');
  await fs.mkdir(terminalApp);
  await fs.mkdir(site);
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: terminalApp });
  await terminalSession(terminalApp, '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'Terminal work');
  await terminalSession(movedAway, '2e3f4051-6b7c-4d8e-9fa0-1b2c3d4e5f60', 'Old place');
  const env = { ...cli.env, CLAUDE_DESK_CLI: realCliPath() };
  host = await startDeskHost({ env: { ...env, CLAUDE_DESK_PERMISSION_MODE: undefined } });
  // Two threads of Claude Desk, in a project and in the default workspace, made from the command line.
  const chat = (args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(root, 'bin/claude-desk.mjs'), 'chat', ...args],
        { env: { ...env, CLAUDE_DESK_DATA_DIR: host.dataDir }, timeout: 120_000 },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  await chat(['--thread', 'Site copy', '--project', site, 'Hello site']);
  await chat(['--thread', 'Plain question', 'Hello there']);
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

test('a new thread offers the terminal-only folder, runs there once picked, and a moved folder says so', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  const recent = page.getByTestId('recent-projects');
  const terminal = recent.locator(`[data-testid=recent-project][data-path="${terminalApp}"]`);
  await expect(terminal).toContainText('terminal-app');
  await expect(terminal).toContainText('main'); // its checked-out branch
  await expect(terminal).toContainText('terminal');
  await expect(recent.locator(`[data-path="${site}"]`)).toBeVisible();
  // The folder that moved away is listed with its sentence and cannot be chosen.
  await expect(recent.getByTestId('recent-project-problem')).toContainText(`${movedAway} no longer exists`);
  await expectNoAxeViolationsInBothThemes(page, 'the empty state', { include: '[data-testid=empty-state]' });
  await shots(page, 'projects-empty-state', page.getByTestId('empty-state'));

  await terminal.click();
  await expect(page.getByTestId('chat-folder')).toContainText('terminal-app');
  await expect(page.getByTestId('project-current')).toContainText(terminalApp);
  // In a git project the own-worktree switch is there (on by default); off, the thread works in the folder itself.
  const own = page.getByRole('switch', { name: /Own worktree/ });
  await expect(own).toBeChecked();
  await own.uncheck();
  await expect(own).not.toBeChecked();
  // The project's own switch for all its new threads: Never says plainly where they work, and this thread follows it.
  const projectSwitch = page.getByRole('combobox', { name: 'New threads in terminal-app' });
  await expect(projectSwitch).toHaveValue('');
  await own.check();
  await projectSwitch.selectOption('never');
  await expect(page.getByTestId('project-worktrees-note')).toContainText(
    `Threads of this project work in ${terminalApp} itself`,
  );
  await expect(own).not.toBeChecked();
  await expectNoAxeViolationsInBothThemes(page, 'the project picker', { include: '#project-picker' });
  await shots(page, 'projects-worktree-switch', page.locator('.project-worktrees'));

  await send(
    page,
    `SCENARIO:steps ${JSON.stringify([{ name: 'Write', input: { file_path: '$CWD/landed.txt', content: 'here\n' } }])}`,
  );
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  // The CLI ran in the picked folder: its environment message names it, and the file it wrote is there.
  expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain(`Primary working directory: ${terminalApp}`);
  expect(await fs.readFile(path.join(terminalApp, 'landed.txt'), 'utf8')).toBe('here\n');
  // After the first message the chip only shows the folder, its full path in the tooltip.
  const chip = page.getByTestId('chat-folder');
  await expect(chip).toHaveAttribute('title', terminalApp);
  await expect(page.getByRole('button', { name: /^Project:/ })).toHaveCount(0);
});

test('browser mode’s path field completes folder names, and a missing folder gets its sentence', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  const field = page.getByRole('combobox', { name: 'Folder path' });
  await field.fill(`${work}/ter`);
  const option = page.getByTestId('folder-suggestion');
  await expect(option).toHaveText(['terminal-app/']);
  await shots(page, 'projects-path-completion', page.locator('.folder-suggestions'));
  await field.press('ArrowDown');
  await field.press('Tab');
  await expect(field).toHaveValue(`${terminalApp}/`);

  await field.fill(`${work}/not-here`);
  await field.press('Enter');
  await expect(page.getByTestId('folder-problem')).toContainText(`${work}/not-here no longer exists`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});

test('the sidebar groups threads by project, pins and folds a group, and passes axe', async ({ page }) => {
  await page.goto(host.url);
  const groups = page.getByTestId('project-group');
  await expect(groups.filter({ hasText: 'Default workspace' })).toBeVisible();
  const siteToggle = groups.filter({ hasText: 'site' }).getByRole('button', { name: /^site/ });
  await expect(page.getByTestId('thread-list')).toContainText('Site copy');
  await expectNoAxeViolationsInBothThemes(page, 'the grouped sidebar', { include: '#thread-sidebar' });
  // P on a project's heading pins it on top; a click folds it.
  await siteToggle.focus();
  await siteToggle.press('p');
  await expect(groups.first()).toContainText('site');
  await siteToggle.click();
  await expect(page.getByTestId('thread-list')).not.toContainText('Site copy');
  await expect(siteToggle).toHaveAttribute('aria-expanded', 'false');
  await expectNoAxeViolationsInBothThemes(page, 'the grouped sidebar, one group pinned and folded', {
    include: '#thread-sidebar',
  });
  await shots(page, 'projects-sidebar', page.locator('#thread-sidebar'));
});
