/**
 * Usage benchmarks over History's benchmark corpus (the synthetic sessions of history.bench.ts, in the real CLI's line
 * shapes, here with per-session message and request ids and three priced models over 60 days), made in a temp HOME and
 * deleted afterwards, measured beside ccusage (`ccusage daily --json --offline`, test/fixtures/ccusage.ts) on the same
 * HOME in the same run:
 *  1. Cold: the first `claude-desk usage --json` (History index + usage ledger built) → s, beside ccusage's.
 *  2. Warm: `claude-desk usage --json` (built, out/command-line) against `ccusage daily --json --offline`, in
 *     alternating rounds → medians and the median ratio. Goal ≤ 300 ms.
 *  3. The Usage view's first paint, warm: the built page in browser mode in Chromium, from the click on Usage to the
 *     frame after the per-day chart's canvas is in → median over BENCH_RUNS opens (the very first apart: its chunk and
 *     uPlot's load then). Goal ≤ 150 ms.
 *  4. Token totals of both (they must be equal).
 * Default corpus: 1,000 sessions ≈ 1.3 GB with four of 50 MB (the issue's); BENCH_USAGE_MB / BENCH_USAGE_SESSIONS shrink
 * it. Needs `npm run build`. Run: npx tsx bench/usage.bench.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createDeskApp } from '../src/app/desk-app';
import { startWebHost } from '../src/web/web-host';
import { projectSlug } from '../src/core/history/cli-projects-dir';
import { syntheticSessionLines } from '../test/fixtures/synthetic-sessions';
import { median } from './bench-stats';
import { ccusageEntry } from '../test/fixtures/ccusage';

const root = path.resolve(import.meta.dirname, '..');
const SESSIONS = Number(process.env.BENCH_USAGE_SESSIONS ?? 1000);
const TOTAL_MB = Number(process.env.BENCH_USAGE_MB ?? 1300);
const BIG = TOTAL_MB >= 600 ? 4 : 1;
const BIG_MB = Math.min(50, TOTAL_MB / 10);
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS) || 9);
const TURN_BYTES = 13_500;
const MODELS = ['claude-sonnet-4-5', 'claude-opus-4-5', 'claude-haiku-4-5'];
const DAY = 86_400_000;
const built = path.join(root, 'out', 'command-line', 'main.mjs');
/** What a user runs: the launcher, which takes the build when it is fresh. */
const bin = path.join(root, 'bin', 'claude-desk.mjs');
let ccusage = '';
const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

function generate(projects: string): number {
  const smallMb = (TOTAL_MB - BIG * BIG_MB) / (SESSIONS - BIG);
  let bytes = 0;
  const now = Date.now();
  for (let i = 0; i < SESSIONS; i++) {
    const id = `${hex(i + 1, 8)}-0000-4000-8000-${hex(i + 1, 12)}`;
    const cwd = `/home/me/project-${i % 40}`;
    const dir = path.join(projects, projectSlug(cwd));
    fs.mkdirSync(dir, { recursive: true });
    const targetMb = i < BIG ? BIG_MB : smallMb * (0.3 + ((i * 7919) % 140) / 100);
    const turns = Math.max(1, Math.round((targetMb * 1024 * 1024) / TURN_BYTES));
    const fd = fs.openSync(path.join(dir, `${id}.jsonl`), 'w');
    let buf = '';
    for (const line of syntheticSessionLines({
      sessionId: id,
      cwd,
      turns: Math.min(turns, 1400), // a turn a minute: at most a day
      startAt: now - (i % 60) * DAY - 2 * DAY,
      model: MODELS[i % MODELS.length],
      uniqueIds: true,
    })) {
      buf += line;
      if (buf.length > 1 << 20) {
        bytes += fs.writeSync(fd, buf);
        buf = '';
      }
    }
    bytes += fs.writeSync(fd, buf);
    fs.closeSync(fd);
  }
  return bytes;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): { ms: number; stdout: string } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(file, args, { env, cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const elapsed = ms(t0);
  if (r.status !== 0) throw new Error(`${path.basename(file)} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms: elapsed, stdout: r.stdout };
}

async function firstPaints(env: NodeJS.ProcessEnv): Promise<{ first: number; warm: number[] }> {
  const desk = await createDeskApp({ host: 'web', env });
  const host = await startWebHost({
    handlers: desk.handlers,
    bus: desk.bus,
    rendererDir: path.join(root, 'out', 'renderer'),
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await page.getByTestId('open-usage').waitFor();
    // In-page code is a string: this file is type-checked for Node, without the DOM's types.
    const open = `new Promise((done) => {
      const t0 = performance.now();
      document.querySelector('[data-testid="open-usage"]').click();
      const check = () => document.querySelector('[data-testid="usage-day-chart"] canvas')
        ? requestAnimationFrame(() => done(performance.now() - t0))
        : requestAnimationFrame(check);
      check();
    })`;
    const close = `document.querySelector('[data-testid="open-usage"]').click()`;
    const first = await page.evaluate<number>(open);
    await page.evaluate(close);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.getByTestId('usage-view').waitFor({ state: 'detached' });
      warm.push(await page.evaluate<number>(open));
      await page.evaluate(close);
    }
    return { first, warm };
  } finally {
    await browser.close();
    await host.close();
    await desk.shutdown();
  }
}

async function main(): Promise<void> {
  const entry = await ccusageEntry();
  ccusage = process.execPath;
  const ccArgs = (args: string[]) => [entry, ...args];
  if (!fs.existsSync(built)) throw new Error('out/command-line is missing: run `npm run build` first.');
  // BENCH_USAGE_HOME: a corpus kept between runs (made there when missing, never deleted).
  const kept = process.env.BENCH_USAGE_HOME;
  const home = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-usage-'));
  const projects = path.join(home, '.claude', 'projects');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    CLAUDE_DESK_DATA_DIR: path.join(home, 'desk'),
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
  try {
    const t0 = process.hrtime.bigint();
    if (kept && fs.existsSync(projects)) {
      console.log(`corpus: kept in BENCH_USAGE_HOME; its data dir removed so the first run is cold`);
      fs.rmSync(env.CLAUDE_DESK_DATA_DIR!, { recursive: true, force: true });
    } else {
      const bytes = generate(projects);
      console.log(
        `corpus: ${SESSIONS} sessions, ${(bytes / 1024 / 1024).toFixed(0)} MB (made in ${(ms(t0) / 1000).toFixed(0)} s)`,
      );
    }

    const cold = run(process.execPath, [bin, 'usage', '--json'], env);
    const ccCold = run(ccusage, ccArgs(['daily', '--json', '--offline']), env);
    console.log(
      `cold: claude-desk usage --json ${(cold.ms / 1000).toFixed(1)} s (index + ledger built); ccusage daily ${(ccCold.ms / 1000).toFixed(1)} s`,
    );

    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0;
      const a = order ? run(process.execPath, [bin, 'usage', '--json'], env) : undefined;
      const b = run(ccusage, ccArgs(['daily', '--json', '--offline']), env);
      const c = a ?? run(process.execPath, [bin, 'usage', '--json'], env);
      ours.push(c.ms);
      theirs.push(b.ms);
      ratios.push(c.ms / b.ms);
    }
    console.log(
      `warm: claude-desk usage --json median ${median(ours).toFixed(0)} ms (goal ≤ 300), ccusage daily --json median ${median(theirs).toFixed(0)} ms, ratio ${median(ratios).toFixed(2)} (${RUNS} rounds)`,
    );

    const total = JSON.parse(cold.stdout.trim().split('\n').at(-1)!) as { totalTokens: number };
    const cc = JSON.parse(ccCold.stdout) as { totals: { totalTokens: number } };
    console.log(
      `tokens: claude-desk ${total.totalTokens.toLocaleString('en-US')}, ccusage ${cc.totals.totalTokens.toLocaleString('en-US')}: ${total.totalTokens === cc.totals.totalTokens ? 'equal' : 'DIFFERENT'}`,
    );

    const paints = await firstPaints(env);
    console.log(
      `view: first open ${paints.first.toFixed(0)} ms (chunk + uPlot load), warm first paint median ${median(paints.warm).toFixed(0)} ms (goal ≤ 150), max ${Math.max(...paints.warm).toFixed(0)} ms (${RUNS} opens)`,
    );
  } finally {
    if (!kept) fs.rmSync(home, { recursive: true, force: true });
  }
}

await main();
