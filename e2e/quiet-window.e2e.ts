import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { sendAndAwaitAnswer } from './agent-support';
import { expectNoAxeViolations } from './axe';
import { put, SHOTS, SIZES } from './claude-code-setup-support';
import { startDeskHost, type DeskHost } from './desk-host';

/**
 * A window kept open all day opens without a flash and keeps its lists keyboard-light: while the last thread is
 * being reopened the chat shows a neutral header (not "New thread" and the empty state), and History's pin is a row
 * key (P) like the thread list's, not one more tab stop per row. Browser mode, the real CLI against the mock.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  // A rule Claude Code reports in effect, for the Permission rules page.
  await put(path.join(cli.home, '.claude/settings.json'), JSON.stringify({ permissions: { deny: ['Read(.env)'] } }));
  host = await startDeskHost({ env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

/** axe in both themes, and the screenshots at both sizes (CLAUDE_DESK_SHOTS). */
async function check(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await expectNoAxeViolations(page, `${name} (${theme})`);
    if (!SHOTS) continue;
    await fs.mkdir(SHOTS, { recursive: true });
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}x${height}-${theme}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
}

/**
 * The page's socket (routed from the next page load on), with the named call held back between `hold()` and
 * `release()`: the moment before its answer lands.
 */
async function holdCalls(page: Page, name: string): Promise<{ hold(): void; release(): void }> {
  const held: (() => void)[] = [];
  let holding = false;
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      const send = () => server.send(frame);
      if (holding && String(frame).includes(`"name":"${name}"`)) held.push(send);
      else send();
    });
  });
  return {
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      held.splice(0).forEach((send) => send());
    },
  };
}

test('the last thread reopens without a "New thread" flash; the composer works meanwhile', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await sendAndAwaitAnswer(page, 'Sketch a plan for the parser', 30_000);
  const title = (await page.getByTestId('chat-title').textContent())!;
  expect(title).not.toBe('New thread');

  const list = await holdCalls(page, 'listThreads');
  list.hold();
  await page.reload();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeEnabled();
  await expect(page.getByTestId('thread-list')).toHaveAttribute('aria-busy', 'true');
  // Soft: the screenshots of this moment are taken whatever it shows.
  await expect.soft(page.getByTestId('chat-title')).not.toContainText('New thread');
  await expect.soft(page.getByTestId('empty-state')).toBeHidden();
  await check(page, 'reopening');
  list.release();
  await expect(page.getByTestId('chat-title')).toHaveText(title);
  await expect(page.getByTestId('empty-state')).toBeHidden();
  await check(page, 'reopened');
});

test("History's pin is the row's P key, named, and not a tab stop of its own", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await page.getByTestId('new-thread').click();
  await sendAndAwaitAnswer(page, 'Keyboard pinning check', 30_000); // a session of its own, whatever ran before
  await page.getByTestId('tab-history').click();
  const list = page.getByTestId('history-list');
  const row = list.getByTestId('history-item').filter({ hasText: 'Keyboard pinning check' });
  await expect(row).toBeVisible();
  const pin = row.getByRole('button', { name: /^Pin / });
  await expect.soft(pin).toHaveAttribute('tabindex', '-1');
  // The keyboard: Tab from the search field reaches the row, P pins it.
  await page.getByTestId('history-search').focus();
  await page.keyboard.press('Tab');
  await expect(row.locator('.thread-open')).toBeFocused();
  await page.keyboard.press('p');
  await expect.soft(row.getByRole('button', { name: /^Unpin / })).toHaveAttribute('aria-pressed', 'true');
  await row.locator('.thread-open').focus();
  await check(page, 'history-pinned-by-key');
});

test('Permission rules asked again keep their marks: no "Asking Claude Code…" flash', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const effective = await holdCalls(page, 'getEffectiveSettings');
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-claude-code').click();
  const section = page.getByTestId('claude-code-setup');
  const rule = section.getByTestId('rules-user').getByTestId('setup-rule');
  await expect(rule).toContainText('In effect');
  // The page opened again while Claude Code's answer (from the host's cache, or a new CLI) is on its way.
  effective.hold();
  await section.getByTestId('setup-page-hooks').click();
  await section.getByTestId('setup-page-permissions').click();
  await expect(section.getByTestId('setup-permissions')).toBeVisible();
  await expect.soft(section.getByTestId('effective-status')).not.toContainText('Asking Claude Code');
  await expect.soft(rule).toContainText('In effect');
  await check(page, 'permissions-asked-again');
  effective.release();
  await expect(rule).toContainText('In effect');
});
