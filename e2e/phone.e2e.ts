import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, chromium, devices, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { startMockAnthropicApi, type MockApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../test/fixtures/real-cli';
import { spkiHash } from '../src/core/phone/certificates';
import { expectNoAxeViolationsInBothThemes } from './axe';

/** The page at 390×844 in both themes (looked at, not asserted), then back to the device's own size. */
async function phoneShots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: `e2e/screenshots/${name}-${scheme}-390x844.png` });
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.setViewportSize(before);
}

/**
 * Phone access end to end: `claude-desk web --phone` on a second loopback address (127.0.0.2 stands for the Wi-Fi),
 * Chromium in a phone's emulation over real HTTPS — trusting the server's key by its SPKI, as a phone trusting the
 * CA would, with no certificate error clicked through — pairs with the number typed in the terminal, approves the
 * real CLI's Bash call, sends, stops, and is revoked (its socket closed).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let mock: MockApi;
let cli: RealCliEnv;
let child: ChildProcess;
let dataDir: string;
let browser: Browser | undefined;
let out = '';

function waitForOutput(re: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const look = (): boolean => {
      const m = re.exec(out);
      if (m) resolve(m);
      return m !== null;
    };
    if (look()) return;
    const onData = (): void => {
      if (look()) child.stdout!.off('data', onData);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`web --phone exited with ${code}:\n${out}`)));
  });
}

test.beforeAll(async () => {
  mock = await startMockAnthropicApi();
  cli = realCliEnv(mock);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-e2e-phone-'));
  child = spawn(
    process.execPath,
    [path.join(root, 'bin/claude-desk.mjs'), 'web', '--port', '0', '--phone', '--address', '127.0.0.2'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...cli.env,
        CLAUDE_DESK_CLI: realCliPath(),
        CLAUDE_DESK_PERMISSION_MODE: 'ask',
        CLAUDE_DESK_DATA_DIR: dataDir,
        CLAUDE_DESK_PHONE_LOOPBACK_ADDRESS: '127.0.0.2',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
});

test.afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await mock?.close();
  cli?.cleanup();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

test('a phone pairs with the number, approves a Bash call, sends, stops, and is revoked', async () => {
  const link = (await waitForOutput(/https:\/\/127\.0\.0\.2:\d+\/pair#\S+/))[0];
  const loopback = (await waitForOutput(/Claude Desk is ready at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/))[1]!;
  const serverPem = await fs.readFile(path.join(dataDir, 'state', 'phone', 'server.pem'), 'utf8');
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-quic',
      `--ignore-certificate-errors-spki-list=${spkiHash(serverPem)}`,
    ],
  });
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const phone = await context.newPage();
  await phone.goto(link);
  const shown = phone.locator('.pair-number');
  await expect(shown).toHaveText(/^\d{3} \d{3}$/);
  expect(phone.url()).not.toContain('#'); // the code left the address bar
  await waitForOutput(/Allow a new device from 127\.0\.0\.\d+\?/);
  await phone.screenshot({ path: 'e2e/screenshots/phone-pair-number.png' });
  child.stdin!.write(`${(await shown.textContent())!.replace(' ', '')}\n`);
  await waitForOutput(/Name this device/);
  child.stdin!.write('Test phone\n');
  await waitForOutput(/Paired "Test phone"/);

  // Paired: the page opens Claude Desk, signed in with its key — on the Board, as a phone-sized page does; the bar
  // at the bottom goes to the thread.
  await expect(phone.getByRole('region', { name: 'Board' })).toBeVisible();
  // The Board of a paired device ends with turning on its own notifications (asked only on a tap).
  const push = phone.getByRole('region', { name: 'Notifications on this device' });
  await expect(push.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
  await push.scrollIntoViewIfNeeded();
  await expectNoAxeViolationsInBothThemes(phone, 'a paired phone’s Board with its notifications toggle');
  await phoneShots(phone, 'phone-board-push-toggle');
  await phone.getByRole('navigation', { name: 'Go to' }).getByRole('button', { name: 'Thread', exact: true }).click();
  await expect(phone.getByLabel('Message')).toBeEnabled();
  await phone.getByLabel('Message').fill('SCENARIO:bash CMD[touch made-from-phone.txt] Please make the file');
  await phone.keyboard.press('Enter');
  const card = phone.getByTestId('approval-card');
  await expect(card).toContainText('Claude wants to use Shell');
  await phone.screenshot({ path: 'e2e/screenshots/phone-approval-card.png' });
  // Only what the device gate allows: once, for this session, deny — no Always allow, no edited command.
  await expect(card.getByRole('button', { name: /Allow once/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Deny/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /Always allow/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(phone, 'a paired phone’s approval card');
  await phoneShots(phone, 'phone-approval-card-device');
  await card.getByRole('button', { name: /Allow once/ }).click();
  await expect(phone.getByTestId('assistant-message').last()).toContainText('Tool said:');
  await expect(phone.getByTestId('assistant-message').last()).toHaveAttribute('data-status', 'done');
  await fs.access(path.join(dataDir, 'workspace', 'made-from-phone.txt'));

  // The card and the thread log name the device that answered.
  const threadsDir = path.join(dataDir, 'state', 'threads');
  const logs = await Promise.all(
    (await fs.readdir(threadsDir)).map((f) => fs.readFile(path.join(threadsDir, f), 'utf8')),
  );
  expect(logs.join('\n')).toMatch(
    /"actor":\{"deviceId":"[^"]+","name":"Test phone","route":"lan","address":"127\.0\.0\.\d+"\}/,
  );

  // Send, then stop.
  await phone.getByLabel('Message').fill('SCENARIO:slow Take your time');
  await phone.keyboard.press('Enter');
  const slow = phone.getByTestId('assistant-message').last();
  await expect(slow).toContainText('w03');
  await phone.getByTestId('stop-button').click();
  await expect(slow).toHaveAttribute('data-status', 'stopped');

  // Revoke from the computer: the phone's socket closes and it cannot sign in again.
  const token = new URL(loopback).searchParams.get('token')!;
  const origin = new URL(loopback).origin;
  const desk = new WebSocket(`${origin.replace('http', 'ws')}/ws?token=${token}`, { headers: { origin } });
  await new Promise((r) => desk.once('open', r));
  let id = 0;
  const call = (name: string, input?: unknown) =>
    new Promise<unknown>((resolve) => {
      const callId = ++id;
      const onMessage = (d: WebSocket.RawData): void => {
        const f = JSON.parse(String(d)) as { kind: string; id?: number; value?: unknown };
        if (f.kind === 'result' && f.id === callId) {
          desk.off('message', onMessage);
          resolve(f.value);
        }
      };
      desk.on('message', onMessage);
      desk.send(JSON.stringify({ kind: 'call', id: callId, name, input }));
    });
  const listed = (await call('listDevices')) as Array<{ id: string; name: string; connected: boolean }>;
  expect(listed).toMatchObject([{ name: 'Test phone', connected: true }]);
  await call('revokeDevice', { id: listed[0]!.id });
  desk.close();
  await expect(phone.getByTestId('connection-banner')).toBeVisible();
  await phone.reload();
  await expect(phone.getByTestId('connection-banner')).toBeVisible();
});
