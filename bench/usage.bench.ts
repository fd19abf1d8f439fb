/**
 * Usage benchmarks over History's benchmark corpus (the synthetic sessions of history.bench.ts, in the real CLI's line
 * shapes, here with per-session message and request ids and three priced models over 60 days), made in a temp HOME and
 * deleted afterwards, measured beside ccusage (`ccusage daily --json --offline`, test/fixtures/ccusage.ts) on the same
 * HOME in the same run:
 *  1. Cold: the first `claude-desk usage --json` (History index + usage ledger built) → s, beside ccusage's.
 *  2. Warm: `claude-desk usage --json` (built, out/command-line) against `ccusage daily --json --offline`, in
 *     rounds of alternating order → medians and the ratio with a 95 % interval (bench-stats.ts), a process start's
 *     floor, and where the time goes in-process (open, report, JSON lines). Goal ≤ 300 ms. BENCH_USAGE_BEFORE:
 *     another checkout's built bin/claude-desk.mjs in the same rounds (before/after with an interval).
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
import { median, medianRatioInterval } from './bench-stats';
import { openUsageOnly } from '../src/app/usage/usage-wiring';
import { rowsOut } from '../src/command-line/usage-command';
import { dataDirLayout } from '../src/core/store/data-dir';
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

/** Where a warm `usage --json` spends its time, in this process (the same functions the command calls). */
async function warmSteps(env: NodeJS.ProcessEnv): Promise<void> {
  const layout = dataDirLayout(env.CLAUDE_DESK_DATA_DIR!);
  const steps = new Map<string, number[]>();
  for (let i = 0; i < RUNS; i++) {
    let t = process.hrtime.bigint();
    const lap = (name: string) => {
      const list = steps.get(name) ?? [];
      list.push(ms(t));
      steps.set(name, list);
      t = process.hrtime.bigint();
    };
    const only = (await openUsageOnly({ env, layout }))!;
    lap('open (index as on disk, ledger, sessions)');
    const report = await only.usage.report({ by: 'day', blocks: false });
    lap('report (a stat per file, the rollup, rows)');
    rowsOut(report.rows, 'day', true);
    lap('JSON lines');
    only.close();
  }
  console.log(
    `steps (in-process, medians): ${[...steps].map(([name, xs]) => `${name} ${median(xs).toFixed(1)} ms`).join('; ')}`,
  );
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
      fs.rmSync(path.join(home, 'desk-before'), { recursive: true, force: true });
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

    // Warm: each figure is one process (its own group for the interval), in rounds whose order alternates.
    // BENCH_USAGE_BEFORE: another checkout's bin/claude-desk.mjs (built), measured in the same rounds.
    const before = process.env.BENCH_USAGE_BEFORE;
    const ours: number[] = [];
    const theirs: number[] = [];
    const older: number[] = [];
    // The other build keeps its own data dir (its ledger may be of another format), made once before the rounds.
    const beforeEnv = { ...env, CLAUDE_DESK_DATA_DIR: path.join(home, 'desk-before') };
    const usageRun = (launcher: string) =>
      run(process.execPath, [launcher, 'usage', '--json'], launcher === bin ? env : beforeEnv).ms;
    if (before) usageRun(before);
    for (let i = 0; i < RUNS; i++) {
      const steps = [
        () => ours.push(usageRun(bin)),
        () => theirs.push(run(ccusage, ccArgs(['daily', '--json', '--offline']), env).ms),
        ...(before ? [() => older.push(usageRun(before))] : []),
      ];
      for (let k = 0; k < steps.length; k++) steps[(k + i) % steps.length]!();
    }
    const each = (xs: number[]) => xs.map((x) => [x]);
    const vsCc = medianRatioInterval(each(ours), each(theirs))!;
    console.log(
      `warm: claude-desk usage --json median ${median(ours).toFixed(0)} ms (goal ≤ 300; min ${Math.min(...ours).toFixed(0)}, max ${Math.max(...ours).toFixed(0)}), ` +
        `ccusage daily --json median ${median(theirs).toFixed(0)} ms; ratio ${vsCc.ratio.toFixed(3)} ` +
        `[95 % ${vsCc.low.toFixed(3)}–${vsCc.high.toFixed(3)}] (${RUNS} rounds)`,
    );
    if (before) {
      const vsOld = medianRatioInterval(each(ours), each(older))!;
      console.log(
        `before: ${median(older).toFixed(0)} ms median; after/before ${vsOld.ratio.toFixed(3)} [95 % ${vsOld.low.toFixed(3)}–${vsOld.high.toFixed(3)}]`,
      );
    }
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) floor.push(run(process.execPath, ['-e', ''], env).ms);
    console.log(`floor: node -e '' median ${median(floor).toFixed(0)} ms (a process start, on this machine now)`);
    await warmSteps(env);

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
