import fs from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import type { WindowState } from '../src/shared/window-state';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';

/** Continuity: a reload, or a restart of the host, comes back to the thread, place and draft. */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
/** The id of the thread the test reads in (its sidebar row says it). */
let openId = '';
const LONG = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  mock.setResponder((req) =>
    JSON.stringify(req).includes('LONGANSWER') ? { kind: 'text', chunks: [LONG] } : undefined,
  );
  cli = realCliEnv(mock);
  host = await startDeskHost({ env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
});

test('after a reload and after a restart the last thread is open, at its place, with the draft', async ({ page }) => {
  await page.goto(host.url);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Please write LONGANSWER');
  await composer.press('Enter');
  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('chat-title')).toHaveText('Write LONGANSWER');

  // A second, empty thread in front, then back: the reload must reopen the one that was open last.
  await page.getByTestId('new-thread').click();
  // Its row is in the list before the other is clicked: a row that moves under the pointer takes the click.
  await expect(page.getByTestId('thread-item')).toHaveCount(2);
  await page.getByTestId('thread-item').filter({ hasText: 'LONGANSWER' }).click();
  await expect(answer).toContainText('Line 60');
  openId = (await page.locator('.thread-item.active .thread-open').getAttribute('data-thread-id'))!;
  // Scroll up to the start of the answer and leave a draft.
  const scroller = page.getByTestId('message-scroller');
  await scroller.hover();
  await page.mouse.wheel(0, -100_000);
  await expect(page.getByTestId('jump-latest')).toBeVisible();
  await composer.fill('a draft I was writing');
  await expect(page.getByText('Line 1 of a long answer.', { exact: true })).toBeInViewport();
  // The host keeps the place (a fraction of a second after the last keystroke or scroll).
  const saved = path.join(host.dataDir, 'state', 'window-state.json');
  await expect
    .poll(async () => JSON.parse(await fs.readFile(saved, 'utf8').catch(() => '{}')) as WindowState)
    .toMatchObject({ drafts: { [openId]: 'a draft I was writing' }, scroll: { [openId]: { offset: 0 } } });

  await page.reload();
  await expect(page.getByTestId('chat-title')).toHaveText('Write LONGANSWER');
  await expect(composer).toHaveValue('a draft I was writing');
  await expect(page.getByText('Line 1 of a long answer.', { exact: true })).toBeInViewport();
  await expect(page.getByText('Line 60 of a long answer.', { exact: true })).not.toBeInViewport();

  // A restart of the host (a new port, so a new page origin): the same place again.
  await host.stop();
  host = await startDeskHost({ dataDir: host.dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
  await page.goto(host.url);
  await expect(page.getByTestId('chat-title')).toHaveText('Write LONGANSWER');
  await expect(composer).toHaveValue('a draft I was writing');
  await expect(page).toHaveTitle('Write LONGANSWER — Claude Desk');
  await expectNoAxeViolationsInBothThemes(page, 'thread reopened after a restart with its draft');
});
