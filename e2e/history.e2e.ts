import { test, expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolations } from './axe';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { syntheticSession } from '../test/fixtures/synthetic-sessions';

/**
 * The History in browser mode: the History tab lists sessions the REAL CLI made in two folders (plus a long one),
 * opens a session at its end and pages backwards, and Continue here sends a message that resumes the session.
 */
const pexec = promisify(execFile);
const REAL = '0b5e4c1d-7a8f-4e2b-9c3d-5f6a7b8c9d0e';
const LONG = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

let mock: MockApi;
let cli: ReturnType<typeof realCliEnv>;
let host: DeskHost;
let work: string;
let alpha: string;
let beta: string;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'desk-history-e2e-')));
  alpha = path.join(work, 'alpha-app');
  beta = path.join(work, 'beta-site');
  await fs.mkdir(alpha);
  await fs.mkdir(beta);
  await pexec(realCliPath(), ['-p', '--session-id', REAL, 'Plan the alpha release E2E-NONCE-31'], {
    cwd: alpha,
    env: cli.env,
  });
  // A long session in the other folder (the CLI's line shapes, made up words): 40 turns.
  const dir = path.join(cli.home, '.claude', 'projects', beta.replace(/[^A-Za-z0-9]/g, '-'));
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, `${LONG}.jsonl`),
    syntheticSession({ sessionId: LONG, cwd: beta, turns: 40, title: 'A long refactor' }),
  );
  host = await startDeskHost({
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_PERMISSION_MODE: undefined },
  });
});
test.afterAll(async () => {
  await host?.stop();
  await mock?.close();
  cli?.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

test('History lists both folders, opens a long session at its end, and pages back on scroll', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  const list = page.getByTestId('history-list');
  await expect(list.getByTestId('history-project')).toHaveCount(2);
  await expect(list).toContainText('alpha-app');
  await expect(list).toContainText('Plan the alpha release E2E-NONCE-31');
  await expect(list).toContainText('A long refactor');
  await page.screenshot({ path: 'e2e/screenshots/history-list.png' });
  await expectNoAxeViolations(page, 'History list');

  await list.getByText('A long refactor').click();
  const transcript = page.getByTestId('session-transcript');
  await expect(transcript).toContainText('Answer 40');
  await expect(transcript.getByTestId('tool-card').last()).toBeVisible();
  // Opened at its end: the last answer is on screen.
  await expect(transcript.getByText('Answer 40', { exact: true })).toBeInViewport();
  await page.screenshot({ path: 'e2e/screenshots/history-session.png' });

  // Scrolling up pages older turns in above, until the first one.
  await transcript.hover();
  await expect(async () => {
    await page.mouse.wheel(0, -20_000);
    await expect(transcript.getByText('Question 1', { exact: true })).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.setViewportSize(size);
      await page.screenshot({ path: `e2e/screenshots/history-${scheme}-${size.width}.png` });
      await expectNoAxeViolations(page, `History session (${scheme}, ${size.width})`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('search finds a session by a word in it, with the word marked', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-search').fill('e2e-nonce-31');
  const hit = page.getByTestId('history-snippet').first();
  await expect(hit.locator('mark')).toHaveText(/E2E-NONCE-31/i);
});

test('Continue here opens a thread in the session’s folder whose next message resumes the CLI session', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-list').getByText('Plan the alpha release E2E-NONCE-31').click();
  await expect(page.getByTestId('session-transcript')).toContainText('Hello from the mock API.');
  await page.getByTestId('continue-here').click();
  // The thread shows the session so far and works in its folder.
  await expect(page.getByTestId('chat-title')).toHaveText('Plan the alpha release E2E-NONCE-31');
  await expect(page.getByTestId('user-message').first()).toContainText('E2E-NONCE-31');
  mock.requests.length = 0;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('What did we plan?');
  await box.press('Enter');
  await expect(page.getByTestId('assistant-message')).toHaveCount(2); // the session's answer, then the new one
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const sent = JSON.stringify(mock.requests.at(-1)!.body.messages);
  expect(sent).toContain('Plan the alpha release E2E-NONCE-31'); // the CLI resumed the session
  expect(sent).not.toContain('conversation-history');
  await page.screenshot({ path: 'e2e/screenshots/history-continued.png' });
  // Back in the History, the session says it lives on in a thread (and grew by the new turn).
  await page.getByTestId('tab-history').click();
  const row = page.locator('[data-testid="history-item"]', { hasText: 'Plan the alpha release' });
  await expect(row).toContainText('in a thread');
  await expect(row).toContainText('4 messages');
});

test('Continue here on an 80-message session keeps all of it: scrolling to the top shows its first message', async ({
  page,
}) => {
  const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/history-continued-long-${name}.png` });
  await page.goto(host.url);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-list').getByText('A long refactor').click();
  await expect(page.getByTestId('session-transcript')).toContainText('Answer 40');
  await page.getByTestId('continue-here').click();
  await expect(page.getByTestId('chat-title')).toHaveText('A long refactor');
  const list = page.getByTestId('message-scroller');
  await expect(list.getByText('Answer 40', { exact: true })).toBeInViewport();
  // The header says what the session cost before (40 turns of $0.0123 in its cost-state lines), not a turn's cost.
  await expect(page.getByTestId('thread-total')).toHaveText('$0.492 before continuing');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await shot(`end-${scheme}`);
  }
  // Scrolled to the top, the thread begins where the session began.
  await list.hover();
  await expect(async () => {
    await page.mouse.wheel(0, -20_000);
    await expect(list).toHaveJSProperty('scrollTop', 0, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await shot(`top-${scheme}`);
  }
  await expect(list.getByText('Question 1', { exact: true })).toBeInViewport();
  await expect(page.getByTestId('user-message').first()).toHaveText(/^Question 1\D/); // not 11–19

  // A turn here: the resumed CLI's running total includes the session's $0.492, the thread's own cost does not.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('What did we refactor?');
  await box.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  const total = page.getByTestId('thread-total');
  await expect(total).toHaveText(/^\$0\.492 before · \$[\d.]+ here · 1 turn$/);
  const here = Number(/· \$([\d.]+) here/.exec((await total.textContent()) ?? '')?.[1]);
  expect(here).toBeLessThan(0.1);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await shot(`turn-${scheme}`);
    // The whole screen with the header's new words, in either theme: axe finds nothing.
    await expectNoAxeViolations(page, `continued thread after a turn (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
});
