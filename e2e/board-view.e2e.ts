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
import { send } from './agent-support';

/**
 * The Board as a full-width view with 20 rows, browser mode and the real CLI against the mock: 18 worktree threads
 * of one repository with changes to land, and in another folder one thread whose Bash call waits for approval and
 * one whose answer stalls. Each row is acted on where it is: the card answered, the stalled turn stopped, a finished
 * row dismissed. axe in both themes; SHOTS=<dir> saves the view at 1280×800 and 800×600 in both themes.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let repo: string;
let plain: string;
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;
const TITLES = [
  'Add a list of every command with its flags',
  'Fix the login redirect loop',
  'Parser: handle trailing commas',
  'Write the release notes for 2.4',
  'Rename the config keys',
  'Speed up the test suite',
  'Dark mode for the settings page',
  'Migrate the database schema',
  'Document the plugin API',
  'Remove the old feature flags',
  'Retry failed uploads',
  'Cache the avatar images',
  'Translate the onboarding',
  'Audit the dependencies',
  'Split the monolith module',
  'Add keyboard shortcuts help',
  'Fix the flaky date test',
  'Tidy the CSS variables',
];
const ASKS = 'Run the quick check';
const STALLS = 'Think about the roadmap';

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-board-view-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'webapp-'))));
  plain = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'notes-')));
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const [i, title] of TITLES.entries()) {
      const wt = addWorktree(repo, `task-${i}`);
      await fs.writeFile(path.join(wt.path, `task-${i}.md`), `${title}\n`.repeat(i + 1));
      const t = await desk.services.threads.create({ title });
      await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree: wt });
    }
    for (const title of [ASKS, STALLS]) {
      const t = await desk.services.threads.create({ title });
      // Asks: Bash asks for approval in this mode (the default, Accept edits, has shell commands off).
      await desk.services.threads.updateSettings(t.id, {
        projectDir: plain,
        useWorktree: false,
        permissionMode: 'ask',
      });
    }
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({
    dataDir,
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: undefined },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  for (const dir of [repo, plain]) if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function sendIn(page: Page, title: string, text: string): Promise<void> {
  await page.getByTestId('tab-threads').click();
  await page.getByTestId('thread-item').filter({ hasText: title }).locator('.thread-open').click();
  await expect(page.getByTestId('chat-header')).toContainText(title);
  await send(page, text);
}

async function shots(page: Page): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('board-view')).toBeVisible();
      await page.screenshot({ path: path.join(dir, `board-view-${scheme}-${size.width}.png`) });
      await page.evaluate(`document.querySelector('[data-testid=board-view]').scrollTo(0, 1e6)`); // no DOM types here
      await page.screenshot({ path: path.join(dir, `board-view-${scheme}-${size.width}-end.png`) });
      await page.evaluate(`document.querySelector('[data-testid=board-view]').scrollTo(0, 0)`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('20 rows grouped by project: a card answered, a stalled turn stopped and a finished row dismissed on the board; axe in both themes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await sendIn(
    page,
    ASKS,
    steps([{ name: 'Bash', input: { command: 'node -e "console.log(42)"', description: 'Quick check' } }]),
  );
  await expect(page.getByRole('button', { name: /^Allow once/ })).toBeVisible();
  await sendIn(page, STALLS, 'SCENARIO:hang roadmap');
  await expect(page.getByTestId('stop-button')).toBeVisible();

  await page.getByTestId('tab-board').click();
  await page.getByTestId('board-open-view').click();
  const view = page.getByTestId('board-view');
  const rows = view.getByTestId('board-row');
  await expect(rows).toHaveCount(20);
  await expect(view.getByTestId('board-project')).toHaveText([
    // Each project's last 30 days beside its count (the mock's model has no price: its cost is unknown, never $0).
    new RegExp(`^${path.basename(plain)} 2Last 30 days: unknown, [\\d,]+ tokens$`),
    new RegExp(`^${path.basename(repo)} 18Last 30 days: no usage$`),
  ]);
  const row = (title: string) => rows.filter({ hasText: title });
  await expect(row(ASKS).getByTestId('board-status')).toHaveText(/^Needs you — /);
  await expect(row(STALLS).getByTestId('board-status')).toHaveText(/^Working — /);
  await expect(row(TITLES[0]!).getByTestId('board-status')).toHaveText(/^Finished /);
  // The whole title shows, not "Add a li…" as in the sidebar.
  await expect(row(TITLES[0]!).getByRole('button', { name: TITLES[0], exact: true })).toBeVisible();
  const cut = `[...document.querySelectorAll('.board-vrow-title')].filter((b) => b.scrollWidth > b.clientWidth).length`;
  expect(await page.evaluate(cut)).toBe(0);
  await expect(row(TITLES[3]!).getByTestId('board-changes')).toHaveText('+4 −0 · 1 file');
  await expectNoAxeViolationsInBothThemes(page, 'the board view', { include: '[data-testid=board-view]' });
  await shots(page);

  // The keyboard: Down from the first row's title reaches the second's; Tab reaches the row's actions.
  await rows.first().getByRole('button').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).getByRole('button').first()).toBeFocused();

  // The card answered on the board: the turn runs the command and ends; its row goes.
  await row(ASKS)
    .getByRole('button', { name: /^Allow once/ })
    .click();
  await expect(row(ASKS)).toHaveCount(0, { timeout: 60_000 });
  // The stalled turn stopped from its row.
  await row(STALLS)
    .getByRole('button', { name: `Stop ${STALLS}` })
    .click();
  await expect(row(STALLS)).toHaveCount(0, { timeout: 30_000 });
  // A finished row dismissed, and still gone after a reload.
  await row(TITLES[5]!)
    .getByRole('button', { name: `Dismiss ${TITLES[5]}` })
    .click();
  await expect(row(TITLES[5]!)).toHaveCount(0);
  await expect(rows).toHaveCount(17);
  await page.reload();
  await page.getByTestId('tab-board').click();
  await page.getByTestId('board-open-view').click();
  await expect(page.getByTestId('board-view').getByTestId('board-row')).toHaveCount(17);
});
