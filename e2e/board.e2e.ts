import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeskApp } from '../src/app/desk-app';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { addWorktree, makeRepo } from '../test/fixtures/scratch-worktrees';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { send, sendAndAwaitAnswer } from './agent-support';

/**
 * The Board in browser mode with the real CLI (against the mock): two worktree threads of one repository, one that
 * wrote notes.md and finished, one still working, both on the board with their status, branch and +/−; the rows
 * are keyboard navigable and pass axe in both themes. SHOTS=<dir> saves the board in both themes at both sizes.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let repo: string;
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  // IS_SANDBOX: the CLI refuses to skip permissions as root otherwise (test machines run as root).
  cli = realCliEnv(mock, { extra: { IS_SANDBOX: '1' } });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-board-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'board-repo-'))));
  // Two threads whose worktrees are made as the app makes them; each thread works in its own worktree folder.
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const [title, name] of [
      ['Write the notes', 'notes'],
      ['Run the checks', 'checks'],
    ] as const) {
      const wt = addWorktree(repo, name);
      const t = await desk.services.threads.create({ title });
      await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree: wt });
    }
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({
    dataDir,
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: 'bypassPermissions' },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  if (repo) await fs.rm(repo, { recursive: true, force: true });
});

async function openThread(page: Page, title: string): Promise<void> {
  await page.getByTestId('tab-threads').click();
  await page
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByTestId('chat-header')).toContainText(title);
}

async function boardShots(page: Page): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      // A narrow window shows the sidebar over the chat: Alt+B brings it with the board.
      if (size.width < 900) await page.keyboard.press('Alt+b');
      await expect(page.getByTestId('board')).toBeVisible();
      await page.screenshot({ path: path.join(dir, `board-${scheme}-${size.width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('two worktree threads, one finished with its +/− and one working, on the board; keyboard and axe', async ({
  page,
}) => {
  await page.goto(host.url);
  await openThread(page, 'Write the notes');
  await sendAndAwaitAnswer(
    page,
    steps([{ name: 'Write', input: { file_path: '$CWD/notes.md', content: 'one\ntwo\nthree\n' } }]),
  );

  await openThread(page, 'Run the checks');
  // The CLI refuses a plain `sleep`: a command that takes a minute stands for a long check.
  const check = 'node -e "setTimeout(() => console.log(1), 60000)"';
  await send(page, steps([{ name: 'Bash', input: { command: check, description: 'Wait for the checks' } }]));
  await expect(page.locator('[data-testid=tool-card][data-tool=Bash]')).toBeVisible();

  await page.getByTestId('tab-board').click();
  const rows = page.getByTestId('board-row');
  const working = rows.filter({ hasText: 'Run the checks' });
  const finished = rows.filter({ hasText: 'Write the notes' });
  await expect(working.getByTestId('board-status')).toHaveText(/^Working — \d+/);
  await expect(working).toContainText('worktree-checks');
  await expect(working).toContainText(`Bash ${check}`);
  await expect(finished.getByTestId('board-status')).toHaveText(/^Finished \d+s ago$/);
  await expect(finished).toContainText('worktree-notes');
  await expect(finished.getByTestId('board-changes')).toHaveText('+3 −0 · 1 file');
  // Working comes before finished; the real `claude agents --json` finds nothing else running in the scratch HOME.
  await expect(rows.first()).toContainText('Run the checks');
  await expect(page.getByTestId('board')).toContainText('No other Claude Code session is running.');

  await expectNoAxeViolationsInBothThemes(page, 'the board', { include: '#thread-sidebar' });
  await boardShots(page);

  // Arrow keys move between rows; Enter opens the thread.
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(finished).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-header')).toContainText('Write the notes');
});
