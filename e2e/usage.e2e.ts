import { test, expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startDeskHost, type DeskHost } from './desk-host';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { makeUsageHome, USAGE_SESSIONS } from '../test/fixtures/usage-sessions';
import { ccusageEntry } from '../test/fixtures/ccusage';
import { createDeskApp } from '../src/app/desk-app';
import { callHandler } from '../src/app/dispatch-call';

/**
 * The Usage view in browser mode over sessions the REAL CLI wrote (several days and models, a fork, a sub-agent,
 * cache tokens, a model without a price): its 30-day total equals ccusage's on the same HOME, every chart has its
 * table, a session opens in History, axe is clean in both themes. SHOTS=<dir> keeps screenshots of both themes at
 * 1280×800 and 800×600.
 */
const pexec = promisify(execFile);
let host: DeskHost;
let cli: ReturnType<typeof realCliEnv>;
let work: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'desk-usage-e2e-')));
  const mock = await startMockAnthropicApi();
  cli = realCliEnv(mock, { home: work });
  try {
    await makeUsageHome(mock, work);
  } finally {
    await mock.close();
  }
  // Two threads continuing sessions of two folders: the sidebar groups them by project.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-usage-e2e-data-'));
  const env = { ...process.env, ...cli.env, CLAUDE_DESK_DATA_DIR: dataDir, CLAUDE_DESK_CLI: realCliPath() };
  const desk = await createDeskApp({ host: 'command-line', env });
  try {
    await callHandler(desk.handlers, 'refreshHistory', undefined);
    for (const sessionId of [USAGE_SESSIONS.first, USAGE_SESSIONS.haiku])
      await callHandler(desk.handlers, 'continueSession', { sessionId });
  } finally {
    await desk.shutdown();
  }
  host = await startDeskHost({ dataDir, env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath() } });
});
test.afterAll(async () => {
  await host?.stop();
  await fs.rm(work, { recursive: true, force: true });
});

async function shots(page: Page): Promise<void> {
  const dir = process.env['SHOTS'];
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('usage-day-chart').locator('canvas').first()).toBeVisible();
      await page.screenshot({ path: path.join(dir, `usage-${scheme}-${size.width}.png`) });
      await page.getByTestId('usage-day-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `usage-charts-${scheme}-${size.width}.png`) });
      await page.getByTestId('usage-blocks').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `usage-limits-${scheme}-${size.width}.png`) });
      await page.getByTestId('usage-sessions').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `usage-tables-${scheme}-${size.width}.png`) });
      await page.evaluate(`document.querySelector('[data-testid="usage-view"]').scrollTo(0, 0)`); // no DOM types here
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('Usage: totals equal ccusage, a chart and a table per day, limits, blocks, sessions; axe in both themes', async ({
  page,
}) => {
  const { stdout } = await pexec(process.execPath, [await ccusageEntry(), 'daily', '--json', '--offline'], {
    env: { HOME: work, PATH: process.env['PATH'] ?? '', ...(process.env['TZ'] ? { TZ: process.env['TZ'] } : {}) },
  });
  const cc = JSON.parse(stdout) as { totals: { totalTokens: number } };

  await page.goto(host.url);
  await page.getByTestId('open-usage').click();
  const month = page.getByTestId('usage-total-month');
  await expect(month).toContainText(`${cc.totals.totalTokens.toLocaleString('en-US')} tokens`);
  await expect(month).toContainText('plus a cost unknown');
  await expect(page.getByTestId('usage-estimates')).toContainText('no price for claude-opus-5-5');
  await expect(page.getByTestId('usage-day-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('usage-api-spend')).toContainText('Signed in with an API key');
  await expect(page.getByTestId('usage-blocks').getByRole('row')).not.toHaveCount(1);
  await expect(page.getByTestId('usage-models')).toContainText('claude-haiku-4-5');

  await page.getByText('Per day as a table').click();
  await expect(page.getByTestId('usage-day-table').getByRole('row')).toHaveCount(31); // header + 30 days
  await expectNoAxeViolationsInBothThemes(page, 'Usage view');
  await shots(page);

  await page.getByRole('button', { name: 'By project' }).click();
  await expect(page.getByTestId('usage-day-chart')).toContainText('alpha');
  const sessions = page.getByTestId('usage-sessions');
  await sessions.getByRole('button', { name: 'An unknown model' }).click();
  await expect(page.getByTestId('session-title')).toContainText('An unknown model');
  expect(USAGE_SESSIONS.unknownModel).toBeTruthy();
});

test('Budgets: set in Usage, a turn over one asks first in the composer; plan windows kept from before; axe in both themes', async ({
  page,
}) => {
  // The windows an earlier run saw (as the app keeps them): shown "as of" their time.
  const saved = {
    info: {
      status: 'allowed_warning',
      rateLimitType: 'five_hour',
      unifiedWindows: {
        five_hour: { utilization: 0.82, resetsAt: Math.floor(Date.now() / 1000) + 5400, status: 'allowed_warning' },
        seven_day: { utilization: 0.41, resetsAt: Math.floor(Date.now() / 1000) + 3 * 86400, status: 'allowed' },
      },
    },
    seenAt: Date.now() - 40 * 60_000,
  };
  await fs.mkdir(path.join(host.dataDir, 'state', 'usage'), { recursive: true });
  await fs.writeFile(path.join(host.dataDir, 'state', 'usage', 'plan-windows.json'), JSON.stringify(saved));

  await page.goto(host.url);
  await page.getByTestId('open-usage').click();
  await expect(page.getByTestId('usage-plan-as-of')).toContainText('As of');
  await expect(page.getByTestId('usage-plan-windows').getByRole('meter').first()).toHaveAttribute(
    'aria-valuenow',
    '82',
  );
  const budgets = page.getByTestId('usage-budgets');
  await budgets.getByLabel('Amount ($)').fill('0.000001');
  await budgets.getByLabel('Per', { exact: true }).selectOption('month');
  await budgets.getByRole('button', { name: 'Set budget' }).click();
  await expect(budgets.getByRole('meter', { name: 'Overall budget used' })).toBeVisible();
  await budgets.getByLabel('Amount ($)').fill('500');
  await budgets.getByLabel('For', { exact: true }).selectOption({ index: 1 });
  await budgets.getByLabel('Per', { exact: true }).selectOption('day');
  await budgets.getByRole('button', { name: 'Set budget' }).click();
  await expect(budgets.getByRole('meter')).toHaveCount(2);
  await expectNoAxeViolationsInBothThemes(page, 'Usage view with budgets');
  const dir = process.env['SHOTS'];
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      if (!dir) break;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.getByTestId('usage-plan-windows').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `usage-plan-as-of-${scheme}-${size.width}.png`) });
      await budgets.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(dir, `usage-budgets-${scheme}-${size.width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Over the monthly budget (every month of this HOME's sessions costs more than a cent): a new turn asks first.
  await page.getByRole('button', { name: 'Close Usage' }).click();
  await page.getByLabel('Message').fill('One more question');
  await page.getByLabel('Message').press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Over budget' });
  await expect(ask).toContainText('of $0.000001 this month');
  await expect(ask.getByRole('button', { name: 'Send anyway' })).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'Composer asking over a budget');
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      if (!dir) break;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(dir, `budget-confirm-${scheme}-${size.width}.png`) });
    }
  }
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveValue('One more question');
});

test("a project's heading in the sidebar tells its last 30 days on hover and on focus, read as its description; axe in both themes", async ({
  page,
}) => {
  await page.goto(host.url);
  const sidebar = page.getByRole('navigation', { name: 'Threads' });
  const alpha = sidebar.getByRole('button', { name: /^alpha/ });
  const beta = sidebar.getByRole('button', { name: /^beta/ });
  await expect(alpha).toBeVisible();
  const tipOf = (heading: typeof alpha) => heading.locator('xpath=ancestor::li[1]').getByTestId('project-usage');
  await expect(tipOf(alpha)).toBeHidden();
  // Alpha holds a session of a model without a price: its cost says so; the rest is the price table's estimate.
  await alpha.focus();
  await expect(tipOf(alpha)).toBeVisible();
  await expect(tipOf(alpha)).toContainText(/Last 30 days: ~\$[\d.]+ \+ unknown, [\d,.]+k? tokens/);
  await expect(alpha).toHaveAccessibleDescription(/alpha ?: ?Last 30 days: ~\$[\d.]+ \+ unknown, [\d,.]+k? tokens/);
  await expectNoAxeViolationsInBothThemes(page, 'Sidebar project heading with its 30 days');
  await page.keyboard.press('Tab'); // away: the tooltip goes
  await beta.locator('xpath=ancestor::li[1]').hover();
  await expect(tipOf(beta)).toBeVisible();
  await expect(tipOf(beta)).toContainText(/Last 30 days: ~\$[\d.]+, [\d,.]+k? tokens/);
  await expect(tipOf(alpha)).toBeHidden();
  const dir = process.env['SHOTS'];
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 800, height: 600 },
    ]) {
      if (!dir) break;
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      const toggle = page.getByTestId('sidebar-toggle');
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await page.mouse.move(size.width - 10, size.height - 10);
      await alpha.focus();
      await expect(tipOf(alpha)).toBeVisible();
      await page.screenshot({ path: path.join(dir, `project-usage-${scheme}-${size.width}.png`) });
    }
  }
});
