/**
 * Phone access, from the phone's seat: Debian's Chromium on the built page over the phone listener (HTTPS on
 * 127.0.0.2, a paired device's key, every call through the device gate), the real app (bundled as it ships) and the
 * real CLI against the mock Messages API in its own process.
 *  - Enter → first glyph over the phone listener against the loopback page's figure, interleaved turn by turn in
 *    the same run (each page on a 2-message thread of its own; both at 1280×800, so the difference is the listener's
 *    path — TLS, the device's session, the gate and the event filter — not the layout); goal: phone − loopback
 *    ≤ 20 ms, median of the paired differences, with the ratio's 95 % interval (bench-stats.ts);
 *  - wake to up to date: a phone-sized page (Pixel 7) on the Board sleeps — frozen where Chromium allows it, its socket cut as a
 *    phone's OS cuts it — while 5 threads stop to ask for approval; woken, the time until "Needs you" shows all 5
 *    (told visibilitychange as a phone's browser does on waking; then the reconnect, the device's signature, the
 *    resync); goal ≤ 500 ms median.
 * Run: npx tsx bench/phone.bench.ts   (BENCH_TURNS per page, default 11; BENCH_WAKES, default 7; BENCH_TYPING_MS,
 *      default 1500; CHROMIUM, default /usr/bin/chromium; BENCH_RENDERER_DIR: the page built elsewhere; BENCH_ONLY=wake:
 *      the wakes alone)
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, devices, type Browser, type Page } from 'playwright-core';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { makeCertificateAuthority, makeServerCertificate, spkiHash } from '../src/core/phone/certificates';
import { startPhoneHost, type PhoneHost } from '../src/web/phone-host';
import { startWebHost } from '../src/web/web-host';
import type { PhoneDevices } from '../src/app/phone/phone-devices';
import type { TurnEvent } from '../src/shared/turn-events';
import { median, medianRatioInterval, quantile } from './bench-stats';
import { loadDeskApp } from './built-desk-app';
import { conversation } from './chat-fixtures';
import { startMockApiProcess } from './mock-api-process';
import { GLYPH_PAGE_SCRIPT, type PageMarks } from './first-glyph-page';

const root = path.resolve(import.meta.dirname, '..');
const rendererDir = process.env.BENCH_RENDERER_DIR ?? path.join(root, 'out', 'renderer');
const TURNS = Math.max(3, Number(process.env.BENCH_TURNS) || 11);
const WAKES = Math.max(3, Number(process.env.BENCH_WAKES) || 7);
const TYPING_MS = Number(process.env.BENCH_TYPING_MS) || 1_500;
const step = (what: string) => process.env.BENCH_DEBUG && console.error(`[phone bench] ${what}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const epoch = () => performance.timeOrigin + performance.now();
async function until(page: Page, expression: string): Promise<void> {
  while (!(await page.evaluate<boolean>(expression))) await sleep(5);
}
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const sign = (x: number) => `${x >= 0 ? '+' : ''}${ms(x)}`;

if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const cleanups: (() => void | Promise<void>)[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-bench-phone-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
step('loading the app');
const { createDeskApp } = await loadDeskApp();
step('mock');
const mock = await startMockApiProcess();
const cli = realCliEnv(mock);
cleanups.push(() => cli.cleanup());
const desk = await createDeskApp({
  host: 'web',
  env: {
    ...cli.env,
    CLAUDE_DESK_CLI: realCliPath(),
    CLAUDE_DESK_DATA_DIR: tmp('app'),
    // Five threads wait for approval at once while the phone sleeps: each holds its place under the cap (4 by default).
    CLAUDE_DESK_MAX_TURNS: '6',
  },
});
cleanups.push(() => desk.shutdown());
const phoneDevices = desk.services.phone.devices as unknown as PhoneDevices;

/** A phone listener as phone access starts one (a CA for the address, its server certificate, HTTPS). */
async function phoneListener(address: string, bind = address, port = 0, originPort?: number) {
  const ca = makeCertificateAuthority(address);
  const server = makeServerCertificate(ca, address);
  const host = await startPhoneHost({
    devices: phoneDevices,
    bus: desk.bus,
    rendererDir,
    bindAddress: bind,
    port,
    origin: (p) => `https://${address}:${originPort ?? p}`,
    route: 'lan',
    tls: { cert: server.certPem, key: server.keyPem },
  });
  cleanups.push(() => host.close());
  return { host, spki: spkiHash(server.certPem) };
}
type Listener = Awaited<ReturnType<typeof phoneListener>>;

/** Pairs a page as a person does: the link opened, the number read off the page and typed at the computer. */
async function pairPage(page: Page, host: PhoneHost): Promise<void> {
  const { code } = phoneDevices.codes.start();
  const asked = new Promise<string>((resolve) => {
    const off = desk.bus.on('pairingRequest', (p) => {
      if ('address' in p) {
        off();
        resolve(p.requestId);
      }
    });
  });
  step(`pairing at ${host.origin}`);
  await page.goto(`${host.origin}/pair#${code}`);
  const shown = page.locator('.pair-number');
  await shown.waitFor({ timeout: 60_000 });
  step('the number shown');
  const number = ((await shown.textContent()) ?? '').replace(/\s/g, '');
  const answer = await phoneDevices.answer({ requestId: await asked, allow: true, number, name: 'Bench phone' });
  if (!answer.ok) throw new Error(answer.message);
  step('paired');
  await page.getByLabel('Message', { exact: true }).or(page.getByTestId('board-view')).first().waitFor();
}

const store = desk.services.threads;
async function thread(title: string, messages: number): Promise<void> {
  const t = await store.create({ title });
  if (messages) await store.importMessages(t.id, conversation(messages));
}

let ended: (() => void) | undefined;
desk.bus.subscribe((name, payload) => {
  if (name === 'turnEvent' && (payload as TurnEvent).type === 'finished') ended?.();
});

/** One turn in a page: type, Enter, the turn's end; Enter → the glyph in the DOM (the page's own clock). */
async function glyphTurn(page: Page, title: string, text: string): Promise<number> {
  await page.getByText(title).first().click();
  const box = page.getByLabel('Message', { exact: true });
  await box.waitFor();
  await box.fill(text);
  await sleep(TYPING_MS);
  await page.evaluate('window.__glyph.arm()');
  const done = new Promise<void>((resolve) => (ended = resolve));
  await box.press('Enter');
  await done;
  await until(page, 'window.__glyph.marks.frame !== undefined');
  const p = await page.evaluate<PageMarks>('window.__glyph.marks');
  return p.dom - p.enter;
}

async function glyphs(browser: Browser, direct: Listener): Promise<void> {
  await thread('Loopback thread', 2);
  await thread('Phone thread', 2);
  const loopbackHost = await startWebHost({ handlers: desk.handlers, bus: desk.bus, rendererDir });
  cleanups.push(() => loopbackHost.close());
  const loopback = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await loopback.addInitScript({ content: GLYPH_PAGE_SCRIPT });
  await loopback.goto(loopbackHost.url);
  const phone = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await phone.addInitScript({ content: GLYPH_PAGE_SCRIPT });
  await pairPage(phone, direct.host);

  const rows = { loopback: [] as number[], phone: [] as number[] };
  for (let turn = 0; turn < TURNS; turn++) {
    const order = turn % 2 ? (['phone', 'loopback'] as const) : (['loopback', 'phone'] as const);
    for (const which of order) {
      const page = which === 'phone' ? phone : loopback;
      const g = await glyphTurn(
        page,
        which === 'phone' ? 'Phone thread' : 'Loopback thread',
        `Turn ${turn + 1}: hello`,
      );
      if (turn > 0) rows[which].push(g); // a thread's first turn starts its session: turns 2+ are compared
    }
  }
  const diffs = rows.phone.map((p, k) => p - (rows.loopback[k] ?? NaN)).sort((a, b) => a - b);
  const d = median(diffs);
  const interval = medianRatioInterval([rows.phone], [rows.loopback]);
  console.log(`\n  turns 2+, Enter → first glyph (ms), ${rows.phone.length} rounds interleaved`);
  console.log(
    `  loopback page ${ms(median(rows.loopback))}, phone listener ${ms(median(rows.phone))}; phone − loopback ${sign(d)} (quartiles ${sign(quantile(diffs, 0.25))}…${sign(quantile(diffs, 0.75))}), goal ≤ +20: ${d <= 20 ? 'met' : 'not met'}; phone/loopback ${interval ? `${interval.ratio.toFixed(3)}, 95 % interval ${interval.low.toFixed(3)}–${interval.high.toFixed(3)}` : 'n/a'}`,
  );
  await loopback.close();
  await phone.close();
}

/** Counts a board's "Needs you" rows in the page, and marks (page clock) when it first shows `want`. */
const WAKE_SCRIPT = `(() => {
  const w = (window.__wake = { want: -1, at: undefined });
  w.arm = (n) => { w.want = n; w.at = undefined; };
  const count = () => document.querySelectorAll('[data-testid="board-needs-you"] [data-testid="board-row"]').length;
  w.count = count;
  new MutationObserver(() => {
    if (w.want >= 0 && w.at === undefined && count() === w.want) w.at = performance.timeOrigin + performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

/** A TCP hop between the page and the listener: asleep, it cuts the page's sockets and takes no new one. */
async function cuttableHop(from: string) {
  const open = new Set<net.Socket>();
  const to = { address: '', port: 0 };
  let asleep = false;
  const server = net.createServer((client) => {
    // Asleep, the phone is off the network: nothing connects until it wakes.
    if (asleep) return void client.destroy();
    const upstream = net.connect(to.port, to.address);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => open.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, from, resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    port: (server.address() as net.AddressInfo).port,
    to,
    sleep: () => {
      asleep = true;
      open.forEach((s) => s.destroy());
    },
    wake: () => void (asleep = false),
  };
}

async function wakes(browser: Browser, listener: Listener, hop: Hop): Promise<void> {
  const titles = Array.from({ length: 5 }, (_, i) => `Asleep ${i + 1}`);
  await desk.handlers.updateSettings({ permissionMode: 'ask' });
  const ids: string[] = [];
  for (const t of titles) ids.push((await desk.handlers.createThread({ title: t })).id);
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  await page.addInitScript({ content: WAKE_SCRIPT });
  await pairPage(page, listener.host);
  await page.getByTestId('board-view').waitFor();
  step('the board shown');
  const cdp = await context.newCDPSession(page);

  const times: number[] = [];
  for (let round = 0; round < WAKES; round++) {
    await until(page, 'window.__wake.count() === 0');
    step(`round ${round + 1}: asleep`);
    // Asleep: the page frozen, its sockets cut.
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
    hop.sleep();
    const asked: Array<{ threadId: string; turnId: string; requestId: string }> = [];
    const allAsked = new Promise<void>((resolve) => {
      const off = desk.bus.on('turnEvent', (e) => {
        if (e.type !== 'approval_request') return;
        asked.push({ threadId: e.threadId, turnId: e.turnId, requestId: e.request.requestId });
        if (asked.length === ids.length) {
          off();
          resolve();
        }
      });
    });
    for (const id of ids)
      await desk.handlers.sendMessage({ threadId: id, text: `SCENARIO:bash CMD[touch asleep-${round}.txt] Go` });
    await allAsked;
    step('all five ask');
    await sleep(300); // the board's rows settle on the host
    // Woken.
    const t0 = epoch();
    hop.wake();
    await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    step('woken');
    // Shown again, as a phone's browser tells a page when the screen comes on (headless Chromium has no screen).
    const before = await page.evaluate<number>(
      `(() => { const n = window.__wake.count(); window.__wake.arm(${ids.length}); document.dispatchEvent(new Event('visibilitychange')); return n; })()`,
    );
    if (before === ids.length) throw new Error('the page showed the rows before it woke');
    await until(page, 'window.__wake.at !== undefined');
    times.push((await page.evaluate<number>('window.__wake.at')) - t0);
    step(`woke in ${ms(times[times.length - 1]!)} ms`);
    // Answered at the computer, for the next round.
    const finished = ids.map(
      (threadId) =>
        new Promise<void>((resolve) => {
          const off = desk.bus.on('turnEvent', (e) => {
            if (e.type === 'finished' && e.threadId === threadId) {
              off();
              resolve();
            }
          });
        }),
    );
    for (const a of asked) await desk.handlers.answerApproval({ ...a, decision: { behavior: 'deny' } });
    await Promise.all(finished);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const interval = medianRatioInterval([times], [[1]]);
  console.log(
    `\n  wake → "Needs you" shows the 5 threads that asked while asleep (ms): ${ms(sorted[0]!)}–${ms(median(sorted))}–${ms(sorted[sorted.length - 1]!)} (min–median–max of ${WAKES}; median's 95 % interval ${interval ? `${ms(interval.low)}–${ms(interval.high)}` : 'n/a'}); goal ≤ 500: ${median(sorted) <= 500 ? 'met' : 'not met'}`,
  );
  await context.close();
}

type Hop = Awaited<ReturnType<typeof cuttableHop>>;

try {
  console.log(
    `phone benchmark (Chromium, the phone listener over HTTPS vs the loopback page, real CLI vs the mock): ${TURNS} turns, ${WAKES} wakes; machine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // One listener on 127.0.0.2 for the glyphs; for the wakes, one on 127.0.0.3 reached through a hop on 127.0.0.4
  // (the origin the page knows), which cuts the page's sockets while it sleeps.
  step('listeners');
  const direct = await phoneListener('127.0.0.2');
  const hop = await cuttableHop('127.0.0.4');
  const behindHop = await phoneListener('127.0.0.4', '127.0.0.3', 0, hop.port);
  Object.assign(hop.to, { address: '127.0.0.3', port: behindHop.host.port });
  // Chromium trusts each listener's key by its SPKI, as a phone trusting the CA does: no certificate error clicked.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [`--ignore-certificate-errors-spki-list=${[direct.spki, behindHop.spki].join(',')}`],
  });
  cleanups.push(() => browser.close());
  step('glyphs');
  if (process.env.BENCH_ONLY !== 'wake') await glyphs(browser, direct);
  step('wakes');
  await wakes(browser, behindHop, hop);
} finally {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  await mock.close();
}
