import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createDeskApp } from '../src/app/desk-app';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { addWorktree, makeRepo } from '../test/fixtures/scratch-worktrees';
import { createPhoneFake, SAMPLE_DEVICES } from '../src/renderer/src/test-support/phone-fixture';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { startDeskHost, type DeskHost } from './desk-host';
import { send } from './agent-support';

/**
 * Claude Desk at phone size (issue 51), browser mode in Chromium's mobile emulation (touch, 390×844 and 360×800), the
 * real CLI against the mock: the Board first with "Needs you" on top and the approval, question and plan cards
 * answered there with thumb-sized targets; the thumb bar between board, thread and Changes; the Changes drawer with
 * its diff and landing actions; the manifest that makes it installable. Then Settings → Phone & other devices and the
 * desktop's pairing dialog, their host answers faked on the page's socket (phone access's host side is its own
 * part). axe in both themes everywhere; SHOTS=<dir> saves every screen in both themes at 1280×800, 800×600, 390×844.
 */
let mock: MockApi;
let cli: RealCliEnv;
let host: DeskHost;
let repo: string;
let plain: string;
const steps = (s: unknown[]) => `SCENARIO:steps ${JSON.stringify(s)}`;
const ASKS = 'Run the quick check';
const QUESTION = 'Pick the database';
const PLAN = 'Plan the migration';
const LANDS = 'Fix the login redirect';
const SHOTS = process.env['SHOTS'];
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
] as const;

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-phone-'));
  repo = makeRepo(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'webapp-'))));
  plain = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'notes-')));
  const desk = await createDeskApp({ host: 'command-line', env: { ...process.env, CLAUDE_DESK_DATA_DIR: dataDir } });
  try {
    const wt = addWorktree(repo, 'login');
    await fs.writeFile(
      path.join(wt.path, 'login.ts'),
      'export function redirectAfterLogin(next: string | null): string {\n  // Only paths on this site: an absolute URL would send the user away.\n  return next?.startsWith("/") && !next.startsWith("//") ? next : "/";\n}\n',
    );
    const t = await desk.services.threads.create({ title: LANDS });
    await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree: wt });
    for (const [title, permissionMode] of [
      [ASKS, 'ask'],
      [QUESTION, 'ask'],
      [PLAN, 'plan'],
    ] as const) {
      const th = await desk.services.threads.create({ title });
      await desk.services.threads.updateSettings(th.id, { projectDir: plain, useWorktree: false, permissionMode });
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

async function phone(browser: Browser, size: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport: size, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
}

/** Screenshots in both themes at the given sizes (only with SHOTS: they are looked at, not asserted). */
async function shots(page: Page, name: string, sizes: { width: number; height: number }[], ready: Locator) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  const before = page.viewportSize()!;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expect(ready).toBeVisible();
      await ready.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-${size.width}x${size.height}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.setViewportSize(before);
}
const ALL_SIZES = [{ width: 1280, height: 800 }, { width: 800, height: 600 }, PHONES[0]];

/** Every button, radio and link the user may tap is at least 44 px high. */
async function expectThumbTargets(scope: Locator): Promise<void> {
  // In the page's own terms (no DOM types here): each visible target's text and height.
  const heights = (await scope
    .locator('button:visible, a:visible, label:has(input[type=radio]):visible')
    .evaluateAll(
      new Function(
        'els',
        'return els.map((el) => ({ text: el.textContent.trim().slice(0, 40), h: el.getBoundingClientRect().height }))',
      ) as (els: unknown[]) => { text: string; h: number }[],
    )) as { text: string; h: number }[];
  const small = heights.filter((t) => t.h < 44);
  expect(small).toEqual([]);
}

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate('document.scrollingElement.scrollWidth <= window.innerWidth')).toBe(true);
}

async function openThreadByThumb(page: Page, title: string): Promise<void> {
  await page.getByTestId('phone-nav-threads').tap();
  await page.getByTestId('thread-item').filter({ hasText: title }).locator('.thread-open').tap();
  await expect(page.getByTestId('chat-header')).toContainText(title);
}

test('at phone size: the Board first with the cards on top, a thumb bar to the thread and its Changes; axe in both themes', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const ctx = await phone(browser, PHONES[0]);
  const page = await ctx.newPage();
  await page.goto(host.url);
  // The Board first, even with nothing on it.
  await expect(page.getByTestId('board-view')).toBeVisible();
  await expect(page.getByTestId('phone-nav-board')).toHaveAttribute('aria-current', 'page');

  // Three threads stop to ask: a Bash call, a question, a plan.
  await openThreadByThumb(page, ASKS);
  await send(
    page,
    steps([{ name: 'Bash', input: { command: 'node -e "console.log(42)"', description: 'Quick check' } }]),
  );
  await expect(page.getByRole('button', { name: /^Allow once/ })).toBeVisible();
  await openThreadByThumb(page, QUESTION);
  const question = {
    question: 'Which database should we use?',
    header: 'Database',
    multiSelect: false,
    options: [
      { label: 'SQLite', description: 'A file, no server' },
      { label: 'Postgres', description: 'A server' },
    ],
  };
  await send(page, steps([{ name: 'AskUserQuestion', input: { questions: [question] } }]));
  await expect(page.getByTestId('question-card')).toBeVisible();
  await openThreadByThumb(page, PLAN);
  await send(
    page,
    steps([
      { name: 'ToolSearch', input: { query: 'select:ExitPlanMode', max_results: 1 } },
      { name: 'ExitPlanMode', input: { plan: '# Plan\n\n1. Copy the users table\n2. Switch reads to **users_v2**\n' } },
    ]),
  );
  await expect(page.getByTestId('plan-card')).toBeVisible();
  await expectThumbTargets(page.getByTestId('plan-card'));
  await shots(page, 'phone-thread-plan', [PHONES[0]], page.getByTestId('plan-card'));

  // The Board: "Needs you" on top with all three cards, each answerable by thumb.
  await page.getByTestId('phone-nav-board').tap();
  const needs = page.getByTestId('board-needs-you');
  await expect(needs.getByTestId('board-row')).toHaveCount(3);
  await expect(page.getByTestId('phone-nav-board')).toContainText('3');
  const groups = page.getByTestId('board-view').locator('.board-group');
  await expect(groups.first()).toHaveAttribute('data-testid', 'board-needs-you');
  await expectThumbTargets(needs);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolationsInBothThemes(page, 'the board at 390×844');
  // Wider, the same board groups by project only (Needs you is the phone's own group).
  await shots(page, 'phone-board', ALL_SIZES, page.getByTestId('board-view'));

  // 360×800, a second phone on the same host: the same board and cards fit.
  const small = await phone(browser, PHONES[1]);
  const page2 = await small.newPage();
  await page2.goto(host.url);
  const needs2 = page2.getByTestId('board-needs-you');
  await expect(needs2.getByTestId('board-row')).toHaveCount(3);
  await expectThumbTargets(needs2);
  await expectNoSidewaysScroll(page2);
  await expectNoAxeViolationsInBothThemes(page2, 'the board at 360×800');
  if (SHOTS) await shots(page2, 'phone-board-360', [PHONES[1]], needs2);

  // Answered on the board at 360: the Bash call allowed once runs and its row goes; the question answered.
  await needs2
    .getByTestId('board-row')
    .filter({ hasText: ASKS })
    .getByRole('button', { name: /^Allow once/ })
    .tap();
  await expect(needs2.getByTestId('board-row').filter({ hasText: ASKS })).toHaveCount(0, { timeout: 60_000 });
  const qRow = needs2.getByTestId('board-row').filter({ hasText: QUESTION });
  await qRow.getByRole('radio', { name: /Postgres/ }).tap();
  await qRow.getByRole('button', { name: 'Send answer' }).tap();
  await expect(needs2.getByTestId('board-row').filter({ hasText: QUESTION })).toHaveCount(0, { timeout: 60_000 });
  await small.close();

  // Back on the first phone: the board caught up by itself.
  await expect(needs.getByTestId('board-row')).toHaveCount(1, { timeout: 60_000 });

  // The thread by thumb, then its Changes: the drawer the width of the screen with a readable diff and land actions.
  await openThreadByThumb(page, LANDS);
  await expect(page.getByTestId('phone-nav-thread')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('phone-nav-changes').tap();
  await expect(page.getByTestId('phone-nav-changes')).toHaveAttribute('aria-current', 'page');
  const panel = page.locator('.changes-panel');
  const file = panel.getByTestId('changes-file').filter({ hasText: 'login.ts' });
  await expect(file).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(PHONES[0].width);
  await file.tap();
  await expect(panel.getByText('redirectAfterLogin', { exact: false }).first()).toBeVisible();
  await expectThumbTargets(panel.locator('.changes-actions'));
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolationsInBothThemes(page, 'Changes at 390×844');
  await shots(page, 'phone-changes', ALL_SIZES, panel);
  await page.getByTestId('phone-nav-thread').tap();
  await expect(panel).toHaveCount(0);

  // Installable: the manifest and its icons are served to the page.
  const manifest = (await page.evaluate(`(async () => {
    const link = document.querySelector('link[rel=manifest]');
    const res = await fetch(link.href, { credentials: 'include' });
    return { type: res.headers.get('content-type'), body: await res.json() };
  })()`)) as { type: string; body: { display: string; icons: { src: string }[] } };
  expect(manifest.type).toBe('application/manifest+json');
  expect(manifest.body.display).toBe('standalone');
  for (const icon of manifest.body.icons) {
    const res = await page.request.get(new URL(icon.src, host.origin).href);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await ctx.close();
});

/**
 * The page's socket with phone access's seven calls answered by the fake host's phone state (the rest go to the real
 * host), and a way to push a pairingRequest as the host does.
 */
async function fakePhoneHost(page: Page, devices = SAMPLE_DEVICES) {
  let toPage: ((frame: object) => void) | undefined;
  const emit = (name: string, payload: object) => toPage?.({ kind: 'event', name, payload });
  // The host's answer goes first, its events after (as the host's socket sends them).
  const later = (name: string, payload: object) => void Promise.resolve().then(() => emit(name, payload));
  const phoneFake = createPhoneFake(
    () => later('phoneChanged', {}),
    () => Date.now(),
    (e) => later('pairingRequest', e),
  );
  phoneFake.state.devices = [...devices];
  const handlers = phoneFake.handlers as Record<string, (input: never) => unknown>;
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    toPage = (frame) => ws.send(JSON.stringify(frame));
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { kind: string; id: number; name: string; input?: unknown };
      const handler = frame.kind === 'call' ? handlers[frame.name] : undefined;
      if (!handler) return server.send(message);
      try {
        ws.send(
          JSON.stringify({ kind: 'result', id: frame.id, ok: true, value: handler(frame.input as never) ?? null }),
        );
      } catch (err) {
        ws.send(JSON.stringify({ kind: 'result', id: frame.id, ok: false, error: (err as Error).message }));
      }
    });
  });
  return { emit, state: phoneFake.state };
}

test('Settings → Phone & other devices and the pairing dialog, at every size; axe in both themes', async ({ page }) => {
  test.setTimeout(240_000);
  const fake = await fakePhoneHost(page);
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-phone').click();
  const section = page.getByTestId('phone-section');
  await expect(section.getByTestId('phone-state')).toHaveText('Off');
  await expectNoAxeViolationsInBothThemes(page, 'phone access off');
  await shots(page, 'settings-phone-off', ALL_SIZES, section.getByTestId('phone-setup'));

  await section.getByRole('radio', { name: /Local network/ }).check();
  await section.getByTestId('phone-turn-on').click();
  await expect(section.getByTestId('phone-where')).toContainText('Listening at https://192.168.1.23:47800');
  await section.getByTestId('phone-pair-start').click();
  await expect(section.getByTestId('phone-qr')).toBeVisible();
  // The QR code is an image the browser decoded, not markup in the page.
  expect(await page.evaluate(`document.querySelector('[data-testid=phone-qr]').naturalWidth`)).toBeGreaterThan(0);
  await expect(section.getByTestId('phone-countdown')).toHaveText(/^Expires in [0-2]:\d\d$/);
  await expectNoAxeViolationsInBothThemes(page, 'phone access on, trust and pairing');
  await shots(page, 'settings-phone-on', ALL_SIZES, section.getByTestId('phone-trust'));
  await page.getByTestId('phone-devices').scrollIntoViewIfNeeded();
  await shots(page, 'settings-phone-devices', ALL_SIZES, page.getByTestId('phone-devices'));

  // The phone opened the link: the desktop asks, Deny focused.
  fake.emit('pairingRequest', { requestId: 'r1', address: '192.168.1.41', route: 'lan', at: 0 });
  const dialog = page.getByRole('alertdialog', { name: 'Allow a new device from 192.168.1.41?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('pairing-deny')).toBeFocused();
  await expect(dialog.getByTestId('pairing-allow')).toBeDisabled();
  await dialog.getByLabel('The 6-digit number the phone shows').fill('482913');
  await dialog.getByLabel('Name this device').fill('Ana’s iPad');
  await expect(dialog.getByTestId('pairing-allow')).toBeEnabled();
  await expectNoAxeViolationsInBothThemes(page, 'the pairing dialog');
  await shots(page, 'pairing-dialog', ALL_SIZES, dialog);
  await dialog.getByTestId('pairing-allow').click();
  await expect(dialog).toHaveCount(0);
  // The host's end of the request is said, and the list reads the new device.
  await expect(page.locator('.notice')).toContainText('Paired Ana’s iPad.');
  await expect(page.getByTestId('phone-device').filter({ hasText: 'Ana’s iPad' })).toBeVisible();

  // A second request, and its link redeemed twice: the dialog goes and a warning stays.
  fake.emit('pairingRequest', { requestId: 'r2', address: '192.168.1.66', route: 'lan', at: 0 });
  await expect(page.getByRole('alertdialog', { name: 'Allow a new device from 192.168.1.66?' })).toBeVisible();
  fake.emit('pairingRequest', {
    requestId: 'r2',
    ended: 'code-reused',
    message: 'That pairing link was opened twice, so someone else may have it. Pairing was cancelled: pair again.',
  });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('.notice-warning')).toContainText('opened twice');

  // At phone size the section reads in one column.
  await page.setViewportSize(PHONES[0]);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolationsInBothThemes(page, 'phone settings at 390×844');
});

test('Settings → Phone & other devices, off since the last quit because its address is gone: says why; axe in both themes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fake = await fakePhoneHost(page);
  const sentence =
    'Phone access was on at 192.168.1.23, which this computer no longer has (another network?), so it stays off: choose an address to turn it on again.';
  fake.state.access = { ...fake.state.access, route: 'lan', address: '192.168.1.23', problem: sentence };
  await page.goto(host.url);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-nav-phone').click();
  const section = page.getByTestId('phone-section');
  await expect(section.getByTestId('phone-problem')).toHaveText(sentence);
  await expect(section.getByTestId('phone-state')).toHaveText('Off');
  await expect(section.getByTestId('phone-setup')).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'phone access off: its address is gone');
  await shots(page, 'settings-phone-address-gone', ALL_SIZES, section.getByTestId('phone-problem'));
});
