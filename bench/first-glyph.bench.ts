/**
 * Enter in the window → the answer's first glyph on screen, from the user's seat: Debian's Chromium on the built page
 * in browser mode, over the real app (bundled as it ships, bench/built-desk-app.ts) and the real CLI against the mock
 * Messages API in its own process — interleaved turn by turn with the floor (one raw CLI, stdin kept open, each
 * turn's line pushed), for a 2-message and a 200-message thread. first-token.bench.ts is the in-host row beside it:
 * together they say what the app does and what the user sees.
 *  - app − floor and app/floor per round (turns 2+), median with a 95 % interval over the turns (bench-stats.ts);
 *    goal: app − floor ≤ 2 frames + 10 ms (≈ 43 ms at 60 Hz);
 *  - where the time goes (medians): Enter → the line on the CLI's stdin → the API request leaves the CLI → the first
 *    delta's frame sent (the host's event bus; the web host sends it in the same call) → the page receives it (its
 *    WebSocket) → the DOM shows the glyph → that frame done (the next animation frame's task). Page and host
 *    timestamps are on one clock: each side's high-resolution time from its epoch origin;
 *  - who used the two cores from Enter to the API request (bench/proc-cpu.ts, Linux): the page (every Chromium
 *    process), the host (this process) and Claude Code — the CLI's request waits on whatever else runs then;
 *  - a brand-new thread's first turn (cold CLI, pre-warm allowed while the person types) against the raw CLI spawned
 *    at Enter: goal ≤ 1.2×;
 *  - a new window: navigation → a usable composer (the text box in the page, enabled); goal ≤ 200 ms median.
 * Run: npx tsx bench/first-glyph.bench.ts   (BENCH_TURNS per thread, default 13; BENCH_LOADS, default 9;
 *      BENCH_NEW_THREADS, default 5; BENCH_TYPING_MS, default 1500; CHROMIUM, default /usr/bin/chromium;
 *      BENCH_RENDERER_DIR: the page built elsewhere; BENCH_RENDERER_BASE: a second build whose page loads are
 *      interleaved with this one's; BENCH_ONLY=load: the page-load row alone)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { buildTurnArgs } from '../src/core/turn/build-turn-args';
import { buildUserLine } from '../src/core/turn/build-user-line';
import { spawnInOwnGroup } from '../src/core/claude-code-wire/spawned-process';
import { startWebHost } from '../src/web/web-host';
import type { TurnEvent } from '../src/shared/turn-events';
import { median, medianRatioInterval, quantile } from './bench-stats';
import { loadDeskApp } from './built-desk-app';
import { conversation } from './chat-fixtures';
import { startMockApiProcess } from './mock-api-process';
import { beginTurn, installTurnTimeline, type Marks } from './turn-timeline';
import { cpuMs, processTree } from './proc-cpu';
import { GLYPH_PAGE_SCRIPT, type PageMarks } from './first-glyph-page';

const root = path.resolve(import.meta.dirname, '..');
const rendererDir = process.env.BENCH_RENDERER_DIR ?? path.join(root, 'out', 'renderer');
/** Another build of the page (e.g. before a change): its page loads are interleaved with this one's. */
const BASE_DIR = process.env.BENCH_RENDERER_BASE;
/** `load`: only the page-load row (quick, e.g. to compare two builds). */
const ONLY_LOAD = process.env.BENCH_ONLY === 'load';
const TURNS = Math.max(3, Number(process.env.BENCH_TURNS) || 13);
const LOADS = Math.max(3, Number(process.env.BENCH_LOADS) || 9);
const NEW_THREADS = Math.max(1, Number(process.env.BENCH_NEW_THREADS) || 5);
const TYPING_MS = Number(process.env.BENCH_TYPING_MS) || 1_500;
const FRAME_MS = 1000 / 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls an expression in the page (waitForFunction compiles its predicate, which the page's CSP refuses). */
async function until(page: Page, expression: string): Promise<void> {
  while (!(await page.evaluate<boolean>(expression))) await sleep(5);
}
/** This process's clock as epoch milliseconds, as the page's performance.timeOrigin + now() is. */
const epoch = () => performance.timeOrigin + performance.now();

if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const { createDeskApp } = await loadDeskApp();
const mock = await startMockApiProcess();
installTurnTimeline(mock);
/** Called when a Messages request reaches the mock (the CPU window Enter → the API request closes there). */
let onRequest: (() => void) | undefined;
mock.onRequest(() => onRequest?.());
const cleanups: (() => void | Promise<void>)[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-bench-glyph-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const cliEnv = () => {
  const e = realCliEnv(mock);
  cleanups.push(() => e.cleanup());
  return e.env;
};

type Line = { type?: string; event?: { delta?: { type?: string } } };
const isDelta = (v: Line) => v.type === 'stream_event' && v.event?.delta?.type === 'text_delta';
function onLines(stream: NodeJS.ReadableStream, each: (v: Line) => void): void {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) each(JSON.parse(line) as Line);
  });
}
function spawnCli(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawnInOwnGroup(realCliPath(), args, { cwd, env });
  child.stderr?.resume();
  return child as ReturnType<typeof spawnInOwnGroup> & { stdin: NodeJS.WritableStream; stdout: NodeJS.ReadableStream };
}

/** The floor: one raw CLI kept open, a turn's line pushed on Enter; resolves with Enter → first delta (ms). */
function floor() {
  const cwd = tmp('floor');
  const args = buildTurnArgs({
    sessionId: randomUUID(),
    resume: false,
    projectDir: cwd,
    permissionMode: 'acceptEdits',
  });
  const child = spawnCli(args, cwd, cliEnv());
  let current: ((v: Line) => void) | undefined;
  onLines(child.stdout, (v) => current?.(v));
  cleanups.push(() => void child.stdin.end());
  return (text: string) =>
    new Promise<number>((resolve) => {
      let first = NaN;
      const t0 = performance.now();
      current = (v) => {
        if (isDelta(v) && Number.isNaN(first)) first = performance.now() - t0;
        if (v.type === 'result') resolve(first);
      };
      child.stdin.write(`${buildUserLine(text, [])}\n`);
    });
}

/** The raw CLI spawned at Enter (a new session): Enter → first delta (ms). */
function rawSpawn(text: string): Promise<number> {
  const cwd = tmp('raw');
  const args = buildTurnArgs({
    sessionId: randomUUID(),
    resume: false,
    projectDir: cwd,
    permissionMode: 'acceptEdits',
  });
  const t0 = performance.now();
  const child = spawnCli(args, cwd, cliEnv());
  child.stdin.write(`${buildUserLine(text, [])}\n`);
  return new Promise((resolve) => {
    let first = NaN;
    onLines(child.stdout, (v) => {
      if (isDelta(v) && Number.isNaN(first)) first = performance.now() - t0;
      if (v.type === 'result') child.stdin.end();
    });
    child.on('exit', () => resolve(first));
  });
}

// The app: a 2-message and a 200-message thread, and the page on them.
const dataDir = tmp('app');
const desk = await createDeskApp({
  host: 'web',
  env: { ...cliEnv(), CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
});
cleanups.push(() => desk.shutdown());
const store = desk.services.threads;
const threads: { id: string; title: string }[] = [];
for (const n of [2, 200]) {
  const title = `A ${n}-message thread`;
  const t = await store.create({ title });
  await store.importMessages(t.id, conversation(n));
  threads.push({ id: t.id, title });
}
await store.flush();
// The page's calls to the host while a turn waits for its first delta (a send should cause no read back).
let early: string[] | null = null;
const counted = new Proxy(desk.handlers, {
  get(target, name, receiver) {
    const real = Reflect.get(target, name, receiver) as unknown;
    if (typeof real !== 'function') return real;
    return (...args: unknown[]) => {
      if (early && name !== 'sendMessage') early.push(String(name));
      return (real as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
});
const host = await startWebHost({ handlers: counted, bus: desk.bus, rendererDir });
cleanups.push(() => host.close());

// The host's side of a turn: when its first delta went out to the page, and when it ended.
let sentAt = NaN;
/** Every call the page made between a send and its first delta, over all turns. */
const calls: string[] = [];
let ended: ((e: TurnEvent) => void) | undefined;
desk.bus.subscribe((name, payload) => {
  if (name !== 'turnEvent') return;
  const e = payload as TurnEvent;
  if (e.type === 'text_delta' && Number.isNaN(sentAt)) {
    sentAt = epoch();
    if (early) calls.push(...early);
    early = null;
  }
  if (e.type === 'finished') ended?.(e);
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
cleanups.push(() => browser.close());

interface AppTurn {
  glyph: number; // Enter → the glyph in the DOM
  frame: number; // Enter → that frame done
  stdin: number;
  request: number;
  sent: number;
  received: number;
  /** CPU ms used between Enter and the API request by the page (every Chromium process), the host, the CLIs. */
  cpu: { page: number; host: number; cli: number };
}

/** Who is on the two cores: Chromium's processes, the host (this process), and the Claude Code processes. */
function cpuNow(): { page: number; host: number; cli: number } {
  const tree = processTree(process.pid).filter((pid) => pid !== process.pid);
  const page = tree.filter((pid) => cmdline(pid).includes('chrom'));
  const cli = tree.filter((pid) => cmdline(pid).includes('claude'));
  return { page: cpuMs(page), host: cpuMs([process.pid]), cli: cpuMs(cli) };
}
const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** One turn in the page: type, Enter, wait for the turn's end; the page's and host's marks on one clock. */
async function appTurn(page: Page, text: string): Promise<AppTurn> {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(text);
  await page.evaluate('window.__glyph.arm()');
  sentAt = NaN;
  early = [];
  const done = new Promise<void>((resolve) => (ended = () => resolve()));
  const hostBegin = epoch();
  const cpu0 = cpuNow();
  let cpu1: typeof cpu0 | undefined;
  onRequest = () => {
    onRequest = undefined;
    cpu1 = cpuNow();
  };
  const marks: Marks = beginTurn();
  await box.press('Enter');
  await done;
  await until(page, 'window.__glyph.marks.frame !== undefined');
  const p = await page.evaluate<PageMarks>('window.__glyph.marks');
  if (process.env.BENCH_DEBUG) console.log(JSON.stringify({ p, sentAt, hostBegin, marks }));
  const enter = p.origin + p.enter;
  const at = (ms?: number) => (ms === undefined ? NaN : hostBegin + ms);
  return {
    glyph: p.dom - p.enter,
    frame: (p.frame ?? NaN) - p.enter,
    stdin: at(marks.write) - enter,
    request: at(marks.request) - enter,
    sent: sentAt - enter,
    received: p.origin + p.received - enter,
    cpu: cpu1
      ? { page: cpu1.page - cpu0.page, host: cpu1.host - cpu0.host, cli: cpu1.cli - cpu0.cli }
      : { page: NaN, host: NaN, cli: NaN },
  };
}

async function openThread(page: Page, title: string): Promise<void> {
  await page.getByText(title).first().click();
  await page.getByLabel('Message', { exact: true }).waitFor();
}

async function turns(): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript({ content: GLYPH_PAGE_SCRIPT });
  await page.goto(host.url);
  const floors = [floor(), floor()];
  await sleep(3_000); // the floors' CLIs start, as the app's pre-warmed ones have

  const rows = new Map<string, { app: AppTurn[]; floor: number[] }>(
    threads.map((t) => [t.title, { app: [], floor: [] }]),
  );
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [i, t] of threads.entries()) {
      const text = `Turn ${turn + 1}: say hello`;
      await openThread(page, t.title);
      await sleep(TYPING_MS);
      const app = await appTurn(page, text);
      await sleep(TYPING_MS);
      const f = await floors[i]!(text);
      if (turn === 0) continue; // a thread's first turn starts its session: turns 2+ are compared
      rows.get(t.title)!.app.push(app);
      rows.get(t.title)!.floor.push(f);
    }
  }

  const goal = 2 * FRAME_MS + 10;
  console.log(`\n  turns 2+, Enter → first glyph (ms): app in the page vs the floor's first delta, paired by round`);
  for (const [title, r] of rows) {
    const glyphs = r.app.map((a) => a.glyph);
    const diffs = glyphs.map((g, k) => g - (r.floor[k] ?? NaN)).sort((a, b) => a - b);
    const interval = medianRatioInterval([glyphs], [r.floor]);
    const d = median(diffs);
    console.log(
      `  ${title.padEnd(24)} app ${ms(median(glyphs))} (frame done ${ms(median(r.app.map((a) => a.frame)))}), floor ${ms(median(r.floor))}; app − floor ${sign(d)} (quartiles ${sign(quantile(diffs, 0.25))}…${sign(quantile(diffs, 0.75))}), goal ≤ ${goal.toFixed(0)}: ${d <= goal ? 'met' : 'not met'}; app/floor ${interval ? `${interval.ratio.toFixed(2)}, 95 % interval ${interval.low.toFixed(2)}–${interval.high.toFixed(2)}` : 'n/a'}`,
    );
  }
  const tally = [...new Set(calls)].map((c) => `${c} ×${calls.filter((x) => x === c).length}`);
  console.log(
    `\n  the page's calls to the host between Enter and the first delta, all turns: ${tally.join(', ') || 'none'}`,
  );
  console.log('\n  where the time goes, turns 2+, medians (ms)');
  console.log(
    `  ${'thread'.padEnd(24)} ${'Enter→stdin'.padEnd(12)} ${'stdin→API req'.padEnd(14)} ${'delta sent→page'.padEnd(16)} ${'DOM→frame done'.padEnd(15)} Enter→glyph`,
  );
  for (const [title, r] of rows) {
    const m = (f: (a: AppTurn) => number) => median(r.app.map(f).filter(Number.isFinite));
    console.log(
      `  ${title.padEnd(24)} ${ms(m((a) => a.stdin)).padEnd(12)} ${ms(m((a) => a.request - a.stdin)).padEnd(14)} ${ms(m((a) => a.received - a.sent)).padEnd(16)} ${ms(m((a) => a.frame - a.glyph)).padEnd(15)} ${ms(m((a) => a.glyph))}`,
    );
  }
  console.log(
    '\n  CPU used from Enter to the API request, turns 2+, medians (ms; two cores): who took them from the CLI',
  );
  for (const [title, r] of rows) {
    const m = (f: (a: AppTurn) => number) => median(r.app.map(f).filter(Number.isFinite));
    console.log(
      `  ${title.padEnd(24)} window ${ms(m((a) => a.request))}, page (Chromium) ${ms(m((a) => a.cpu.page))}, host ${ms(m((a) => a.cpu.host))}, Claude Code ${ms(m((a) => a.cpu.cli))}`,
    );
  }

  // A brand-new thread's first turn (its CLI pre-warmed while the person types) against a raw CLI spawned at Enter.
  const fresh: number[] = [];
  const raw: number[] = [];
  for (let k = 0; k < NEW_THREADS; k++) {
    await page.getByTestId('new-thread').first().click();
    await page.getByLabel('Message', { exact: true }).focus();
    await sleep(TYPING_MS);
    fresh.push((await appTurn(page, `New thread ${k + 1}: say hello`)).glyph);
    await sleep(TYPING_MS);
    raw.push(await rawSpawn(`New thread ${k + 1}: say hello`));
  }
  const ratio = median(fresh) / median(raw);
  console.log(
    `\n  a new thread's first turn: app ${ms(median(fresh))} ms to the first glyph, raw CLI spawned at Enter ${ms(median(raw))} ms to its first delta; app/raw ${ratio.toFixed(2)} (goal ≤ 1.2: ${ratio <= 1.2 ? 'met' : 'not met'})`,
  );
  await page.close();
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const sign = (x: number) => `${x >= 0 ? '+' : ''}${ms(x)}`;
try {
  console.log(
    `first-glyph benchmark (Chromium, browser mode, real CLI vs the mock): ${TURNS} turns per thread, interleaved with the floor, ${TYPING_MS} ms typing`,
  );
  console.log(
    `  machine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  if (!ONLY_LOAD) await turns();

  // A new window: navigation → a usable composer; with a base build, its loads interleaved with this one's.
  const base = BASE_DIR ? await startWebHost({ handlers: desk.handlers, bus: desk.bus, rendererDir: BASE_DIR }) : null;
  if (base) cleanups.push(() => base.close());
  const builds = [{ name: 'this build', url: host.url }, ...(base ? [{ name: 'base build', url: base.url }] : [])];
  const loads = new Map<string, number[]>(builds.map((b) => [b.name, []]));
  for (let k = 0; k < LOADS; k++) {
    for (const b of k % 2 ? [...builds].reverse() : builds) {
      const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await p.addInitScript({ content: GLYPH_PAGE_SCRIPT });
      await p.goto(b.url);
      await until(p, 'window.__glyph.composerAt !== undefined');
      loads.get(b.name)!.push(await p.evaluate<number>('window.__glyph.composerAt'));
      await p.close();
    }
  }
  for (const [name, xs] of loads) {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(
      `\n  page load → usable composer (${name}): ${ms(sorted[0]!)}–${ms(median(sorted))}–${ms(sorted[sorted.length - 1]!)} ms (min–median–max of ${LOADS}); goal ≤ 200 median: ${median(sorted) <= 200 ? 'met' : 'not met'}`,
    );
  }
} finally {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
  await mock.close();
}
