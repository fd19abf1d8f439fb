import { test, expect, type Locator, type Page } from '@playwright/test';

// The tests build on each other's layout (a reload and a new page restore it): one after another.
test.describe.configure({ mode: 'serial' });
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeskApp } from '../src/app/desk-app';
import { startDeskHost, type DeskHost } from './desk-host';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { expectNoAxeViolationsInBothThemes } from './axe';

/**
 * Several threads side by side, in browser mode, with the real CLI against the mock: two panes (an approval answered
 * in one while the other is stopped), four panes streaming at once, a narrow window, a reload, and one thread in two
 * tabs (its own address, Back and Forward).
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
const TITLES = ['North', 'East', 'South', 'West'] as const;
const ids: Record<string, string> = {};
const SHOTS = 'e2e/screenshots';

/** The page now, in the light and the dark theme (looked at, not asserted). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-split-'));
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    for (const title of TITLES) ids[title] = (await desk.services.threads.create({ title })).id;
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({
    dataDir,
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: 'ask', CLAUDE_DESK_MAX_TURNS: '4' },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

const row = (page: Page, title: string) => page.getByTestId('thread-item').filter({ hasText: title });
const panes = (page: Page) => page.getByRole('region', { name: /^Pane \d of \d/ });
const pane = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^Pane \\d of \\d: ${title}`) });

async function open(page: Page, title: string): Promise<void> {
  await row(page, title).locator('.thread-open').click();
  await expect(page.getByTestId('chat-title').first()).toContainText(title);
}

async function openBeside(page: Page, title: string): Promise<void> {
  const count = await panes(page).count();
  await row(page, title).hover();
  await row(page, title)
    .getByRole('button', { name: `Open ${title} beside` })
    .click();
  await expect(panes(page)).toHaveCount(Math.max(2, count + 1));
  await expect(pane(page, title).getByTestId('chat-title')).toContainText(title);
}

async function sendIn(where: Locator, text: string): Promise<void> {
  await where.getByLabel('Message').fill(text);
  await where.getByLabel('Message').press('Enter');
  await expect(where.getByTestId('user-message').filter({ hasText: text })).toHaveCount(1);
}

test('two panes: approving in one while the other is stopped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await open(page, 'North');
  await openBeside(page, 'East');
  await expect(pane(page, 'East')).toHaveAttribute('data-focused', 'true');

  const north = pane(page, 'North');
  const east = pane(page, 'East');
  await sendIn(north, 'SCENARIO:bash CMD[touch split-one.txt] Run it');
  await sendIn(east, 'SCENARIO:slow count slowly');

  const card = north.getByTestId('approval-card');
  await expect(card).toContainText('touch split-one.txt');
  const counting = east.getByTestId('assistant-message').last();
  await expect(counting).toContainText('w02');
  await east.getByTestId('stop-button').click();
  await expect(counting).toHaveAttribute('data-status', 'stopped');

  await shoot(page, 'split-two-panes-1280');
  await expectNoAxeViolationsInBothThemes(page, 'two panes with an approval card');
  await card.getByRole('button', { name: /Allow once/ }).click();
  await expect(north.getByTestId('assistant-message').last()).toContainText('Tool said:');
  await expect(north.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  // The stopped pane is untouched by the other's answer, and its composer still works.
  await expect(counting).toHaveAttribute('data-status', 'stopped');

  // Narrow: one pane shows, the window says why and the other is a click away.
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByTestId('pane-tabs')).toContainText('One pane fits at this width, of 2 open');
  await expect(panes(page)).toHaveCount(1);
  await shoot(page, 'split-narrow-800');
  await expectNoAxeViolationsInBothThemes(page, 'two panes in an 800 px window');
  await page.getByRole('button', { name: '1. North' }).click();
  await expect(panes(page)).toHaveCount(1);
  await expect(pane(page, 'North')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(panes(page)).toHaveCount(2);
});

test('four panes stream at once, as a grid on a 1920×1080 screen; a reload brings them back', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.url);
  await expect(panes(page)).toHaveCount(2); // the last test's layout, restored
  await openBeside(page, 'South');
  await openBeside(page, 'West');
  await expect(page.getByTestId('panes')).toHaveAttribute('data-arrangement', 'grid');

  for (const title of TITLES) await sendIn(pane(page, title), `SCENARIO:slow count for ${title}`);
  for (const title of TITLES)
    await expect(pane(page, title).getByTestId('assistant-message').last()).toContainText('w05');
  await shoot(page, 'split-four-panes-1920');
  for (const title of TITLES)
    await expect(pane(page, title).getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
  await expectNoAxeViolationsInBothThemes(page, 'four panes at 1920×1080');

  // The keyboard: a separator moves, F6 moves focus, the focused pane is named so.
  const sep = page.getByRole('separator', { name: 'Resize the columns' });
  await sep.focus();
  await page.keyboard.press('ArrowRight');
  await expect(sep).toHaveAttribute('aria-valuenow', '52');
  await pane(page, 'West').getByLabel('Message').fill('kept across the reload');
  const focused = page.locator('[data-pane][data-focused="true"]');
  await expect(focused).toHaveAttribute('aria-label', /: West \(focused\)$/);
  await page.keyboard.press('F6');
  await expect(focused).not.toHaveAttribute('aria-label', /: West/);
  await expect(focused).toHaveAttribute('aria-label', /\(focused\)$/);
  await expect(focused.getByLabel('Message')).toBeFocused();

  await page.reload();
  await expect(panes(page)).toHaveCount(4);
  await expect(pane(page, 'West').getByLabel('Message')).toHaveValue('kept across the reload');
  await expect(page.getByRole('separator', { name: 'Resize the columns' })).toHaveAttribute('aria-valuenow', '52');
  for (const title of TITLES)
    await expect(pane(page, title).getByTestId('assistant-message').last()).toContainText('w49');
});

test('one thread in two tabs: each at its own address, streaming in both; Back and Forward move between threads', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${host.url}#/thread/${ids['South']}`);
  await expect(page.getByTestId('chat-title')).toContainText('South');
  expect(page.url()).not.toContain('token=');
  expect(new URL(page.url()).hash).toBe(`#/thread/${ids['South']}`);
  await expect(panes(page)).toHaveCount(0); // a thread's own address shows it alone

  // The second tab, opened from the first one's row.
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    row(page, 'South')
      .locator('.thread-open')
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await second.setViewportSize({ width: 1280, height: 800 });
  await expect(second.getByTestId('chat-title')).toContainText('South');
  await expect.poll(() => second.url()).not.toContain('token=');

  // What the second tab's composer holds stays there while the first one sends to the same thread.
  await second.getByLabel('Message').fill('typed in the second tab');
  await sendIn(page.locator('main'), 'SCENARIO:bash CMD[touch split-two.txt] In both tabs');
  await expect(second.getByTestId('approval-card')).toContainText('touch split-two.txt');
  await expect(second.getByLabel('Message')).toHaveValue('typed in the second tab');
  await expect(page.getByTestId('approval-card')).toContainText('touch split-two.txt');
  await second
    .getByTestId('approval-card')
    .getByRole('button', { name: /Allow once/ })
    .click();
  await expect(page.getByTestId('approval-card').getByRole('button', { name: /Allow once/ })).toHaveCount(0);
  await expect(page.getByTestId('assistant-message').last()).toContainText('Tool said:');
  await expect(second.getByTestId('assistant-message').last()).toContainText('Tool said:');

  await open(page, 'North');
  await open(page, 'East');
  await page.goBack();
  await expect(page.getByTestId('chat-title')).toContainText('North');
  await page.goBack();
  await expect(page.getByTestId('chat-title')).toContainText('South');
  await page.goForward();
  await expect(page.getByTestId('chat-title')).toContainText('North');
  await second.close();
});

test('one thread in two panes: streams in both, a card answered in one goes from the other at once, typing in one survives the other’s send; the sidebar and the Board agree', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await open(page, 'West');
  await row(page, 'West').hover();
  await row(page, 'West').getByRole('button', { name: 'Open West beside' }).click();
  await expect(panes(page)).toHaveCount(2);
  const [first, second] = [panes(page).nth(0), panes(page).nth(1)];
  await expect(second.getByTestId('chat-title')).toContainText('West');

  // Half a message in the second pane's composer while the first sends to the same thread.
  await second.getByLabel('Message').fill('half a thought, not sent');
  await sendIn(first, 'SCENARIO:bash CMD[touch split-three.txt] Same thread twice');
  await expect(second.getByTestId('user-message').filter({ hasText: 'Same thread twice' })).toHaveCount(1);
  for (const where of [first, second])
    await expect(where.getByTestId('approval-card')).toContainText('touch split-three.txt');
  await expect(second.getByLabel('Message')).toHaveValue('half a thought, not sent');
  await expect(first.getByLabel('Message')).toHaveValue('');

  // The sidebar and the Board say the same as the panes: West waits for the user.
  await expect(row(page, 'West').getByTestId('thread-running')).toBeVisible();
  await page.getByRole('tab', { name: 'Board' }).click();
  const board = page.getByTestId('board-row').filter({ hasText: 'West' });
  const boardSays = (status: string) => board.and(page.locator(`[data-status="${status}"]`));
  await expect(board).toHaveAttribute('data-status', 'needs-you');
  await shoot(page, 'split-same-thread-1280');
  await expectNoAxeViolationsInBothThemes(page, 'one thread in two panes with its card');

  await second
    .getByTestId('approval-card')
    .getByRole('button', { name: /Allow once/ })
    .click();
  // Gone from the first pane at once: no second answer is offered there, and the Board no longer asks for one.
  await expect(first.getByTestId('approval-card').getByRole('button', { name: /Allow once/ })).toHaveCount(0);
  await expect(boardSays('needs-you')).toHaveCount(0);
  for (const where of [first, second]) {
    await expect(where.getByTestId('assistant-message').last()).toContainText('Tool said:');
    await expect(where.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  }
  // The Board counts the turn as working until Claude Code's own end after the answer (the turn's phases), then not.
  await expect(boardSays('working')).toHaveCount(0);
  await expect(second.getByLabel('Message')).toHaveValue('half a thought, not sent');
  await page.getByRole('tab', { name: 'Threads' }).click();
  await expect(row(page, 'West').getByTestId('thread-running')).toHaveCount(0);
});

test('four panes at 1280×800 and 800×600: as many as fit, the window says why and the rest are a click away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(panes(page)).toHaveCount(2); // the last test's layout, restored
  // Two fit at this width: a third and a fourth open too, the window says why they are not in sight.
  for (const [title, open] of [
    ['North', 3],
    ['East', 4],
  ] as const) {
    await row(page, title).hover();
    await row(page, title)
      .getByRole('button', { name: `Open ${title} beside` })
      .click();
    await expect(page.getByTestId('pane-tabs')).toContainText(`2 panes fit at this width, of ${open} open`);
  }
  const fit1280 = await panes(page).count();
  expect(fit1280).toBeGreaterThanOrEqual(2);
  await shoot(page, 'split-four-panes-1280');
  await expectNoAxeViolationsInBothThemes(page, 'four panes in a 1280×800 window');

  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByTestId('pane-tabs')).toContainText('One pane fits at this width, of 4 open');
  await expect(panes(page)).toHaveCount(1);
  await page.getByRole('button', { name: /^3\. North/ }).click();
  await expect(pane(page, 'North')).toBeVisible();
  await shoot(page, 'split-four-panes-800');
  await expectNoAxeViolationsInBothThemes(page, 'four panes in an 800×600 window');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(panes(page)).toHaveCount(4);
  await expect(page.getByTestId('panes')).toHaveAttribute('data-arrangement', 'grid');
});
