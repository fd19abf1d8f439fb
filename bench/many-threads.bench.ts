/**
 * Many agents at once: 8 threads, each in its own git worktree of one repository, sent a message at the same moment
 * through the app (createDeskApp's handlers, bundled as it ships: built-desk-app.ts), against 8 raw `claude -p`
 * started at the same moment in the same 8 folders — the real CLI against the mock API (its own process). Measured:
 * the time until all 8 have answered (their `result`), in interleaved rounds (round r runs every variant, the order
 * rotated), for the app with its default cap on CLI processes and with the cap at 8; ratios to the raw CLIs with a
 * 95 % interval (bench-stats.ts; each round is one sample). Also the host's own RSS while the 8 answer — this
 * process, which is the app's core plus this small harness; the CLIs are child processes and not counted — and, in
 * one more round, the open window's longest main-thread task (Chromium tracing, main-thread-tasks.ts).
 *
 * The worktrees are made with `git worktree add` in the CLI's layout (<repo>/.claude/worktrees/<name> on
 * worktree-<name>) and set on each thread, which works in its worktree folder — as the app's own worktree threads do.
 *
 * Run: npx tsx bench/many-threads.bench.ts   (BENCH_ROUNDS, default 3; BENCH_THREADS, default 8)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { spawnInOwnGroup } from '../src/core/claude-code-wire/spawned-process';
import { DEFAULT_MAX_TURNS } from '../src/core/turn/turn-queue';
import type { TurnEvent } from '../src/shared/turn-events';
import { judgeAtMost, median, medianRatioInterval } from './bench-stats';
import { loadDeskApp } from './built-desk-app';
import { startMockApiProcess } from './mock-api-process';
import { describeInside, mainThreadTasks, TASK_CATEGORIES, type Task } from './main-thread-tasks';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { startWebHost } from '../src/web/web-host';

const { createDeskApp } = await loadDeskApp();
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);
const N = Math.max(2, Number(process.env.BENCH_THREADS) || 8);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const mock = await startMockApiProcess();
const cleanups: (() => void)[] = [];
const tmp = (name: string) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-bench-${name}-`)));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore' });

/** A repository with one commit and N worktrees in the CLI's layout. */
function repoWithWorktrees(): { repo: string; worktrees: { name: string; path: string; branch: string }[] } {
  const repo = tmp('repo');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Bench');
  git(repo, 'config', 'user.email', 'bench@example.invalid');
  for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(repo, `file${i}.ts`), `export const v${i} = ${i};\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'files');
  fs.appendFileSync(path.join(repo, '.git', 'info', 'exclude'), '/.claude/worktrees/\n');
  const worktrees = Array.from({ length: N }, (_, i) => {
    const name = `agent${i + 1}`;
    const wt = path.join(repo, '.claude', 'worktrees', name);
    git(repo, 'worktree', 'add', '-q', '-b', `worktree-${name}`, wt, 'main');
    return { name, path: wt, branch: `worktree-${name}` };
  });
  return { repo, worktrees };
}

interface Variant {
  name: string;
  /** The app's variants: its services, and its threads. */
  desk?: Awaited<ReturnType<typeof createDeskApp>>;
  /** Sends N messages at once; resolves with the ms until all N answered and the peak RSS meanwhile. */
  run(round: number): Promise<{ allMs: number; peakRss: number }>;
  close(): Promise<void>;
}

/** Samples this process's RSS every 50 ms until stopped; the peak. */
function rssSampler(): () => number {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage.rss());
  };
}

async function appVariant(label: string, extraEnv: Record<string, string>): Promise<Variant> {
  const cli = realCliEnv(mock);
  cleanups.push(() => cli.cleanup());
  const { repo, worktrees } = repoWithWorktrees();
  const desk = await createDeskApp({
    host: 'web',
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: tmp('app'), ...extraEnv },
  });
  const threads: string[] = [];
  for (const wt of worktrees) {
    const t = await desk.handlers.createThread({ title: wt.name });
    const worktree = { ...wt, repo, base: 'main', state: 'ready' as const };
    await desk.services.threads.updateSettings(t.id, { projectDir: wt.path, worktree });
    threads.push(t.id);
  }
  return {
    name: label,
    desk,
    async run(round) {
      const answered = new Set<string>();
      let done!: () => void;
      const all = new Promise<void>((r) => (done = r));
      const off = desk.bus.on('turnEvent', (e: TurnEvent) => {
        if ((e.type === 'result' || e.type === 'error') && threads.includes(e.threadId)) {
          answered.add(e.threadId);
          if (answered.size === threads.length) done();
        }
      });
      const peak = rssSampler();
      const t0 = process.hrtime.bigint();
      await Promise.all(threads.map((threadId) => desk.handlers.sendMessage({ threadId, text: `Hi, round ${round}` })));
      await all;
      const allMs = ms(t0);
      const peakRss = peak();
      off();
      // Every turn's end (snapshots, saves) is over before the next variant runs.
      await Promise.all(threads.map((t) => desk.services.turns.settled(t)));
      return { allMs, peakRss };
    },
    close: () => desk.shutdown(),
  };
}

/** N raw `claude -p` (stream-json out, as the app reads it) started at once in the same kind of worktrees. */
function rawVariant(): Variant {
  const cli = realCliEnv(mock);
  cleanups.push(() => cli.cleanup());
  const { worktrees } = repoWithWorktrees();
  const one = (cwd: string, text: string) =>
    new Promise<void>((resolve, reject) => {
      const args = ['-p', text, '--output-format', 'stream-json', '--verbose', '--permission-mode', 'acceptEdits'];
      const child = spawnInOwnGroup(realCliPath(), args, { cwd, env: cli.env });
      child.stderr?.resume();
      let out = '';
      let answered = false;
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        if (!answered && /"type":"result"/.test(out)) {
          answered = true;
          resolve();
        }
      });
      child.on('exit', () => (answered ? undefined : reject(new Error('a raw CLI gave no result'))));
    });
  return {
    name: `raw: ${N} × claude -p`,
    async run(round) {
      const peak = rssSampler();
      const t0 = process.hrtime.bigint();
      await Promise.all(worktrees.map((wt) => one(wt.path, `Hi, round ${round}`)));
      return { allMs: ms(t0), peakRss: peak() };
    },
    close: async () => undefined,
  };
}

/**
 * One more round of `v` with its window open in Chromium (browser mode over the same app, the Board tab showing, so
 * its rows follow the 8 turns), traced: the longest main-thread task by CPU time (and its wall time), goal ≤ 50 ms.
 */
async function windowWhileStreaming(v: Variant, round: number): Promise<string> {
  const rendererDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'out', 'renderer');
  if (!v.desk || !fs.existsSync(path.join(rendererDir, 'index.html')))
    return 'not measured (run `npm run build` first)';
  const host = await startWebHost({ handlers: v.desk.handlers, bus: v.desk.bus, rendererDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(host.url);
    await page.getByTestId('tab-board').click();
    await page.getByTestId('board').waitFor();
    await browser.startTracing(page, { categories: TASK_CATEGORIES });
    const { allMs } = await v.run(round);
    const tasks = mainThreadTasks((await browser.stopTracing()).toString('utf8'));
    const byCpu = tasks.reduce((a, b) => (b.cpu > a.cpu ? b : a), { cpu: 0, wall: 0 } as Task);
    const byWall = tasks.reduce((a, b) => (b.wall > a.wall ? b : a), { cpu: 0, wall: 0 } as Task);
    return `longest main-thread task ${byCpu.cpu.toFixed(1)} ms CPU (${byCpu.wall.toFixed(1)} ms wall; goal ≤ 50 ms CPU: ${byCpu.cpu <= 50 ? 'met' : 'not met'}), longest by wall ${byWall.wall.toFixed(1)} ms, ${tasks.length} tasks over ${allMs.toFixed(0)} ms${byCpu.inside?.length ? `; in it: ${describeInside(byCpu)}` : ''}`;
  } finally {
    await browser.close();
    await host.close();
  }
}

const variants = [
  await appVariant(`app, default cap (${DEFAULT_MAX_TURNS})`, {}),
  await appVariant(`app, cap ${N}`, { CLAUDE_DESK_MAX_TURNS: `${N}` }),
  rawVariant(),
];
const results = variants.map(() => [] as number[]);
const rss = variants.map(() => [] as number[]);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < variants.length; k++) {
      const i = (k + round) % variants.length;
      const { allMs, peakRss } = await variants[i]!.run(round);
      results[i]!.push(allMs);
      rss[i]!.push(peakRss);
      console.log(`  round ${round + 1} ${variants[i]!.name}: all ${N} answered in ${allMs.toFixed(0)} ms`);
    }
  }
  const windowed = variants[1]!;
  const window = await windowWhileStreaming(windowed, ROUNDS);
  console.log(
    `\n${N} threads in ${N} worktrees sent a message at once vs ${N} raw CLIs started at once (${ROUNDS} rounds)`,
  );
  const raw = results.at(-1)!;
  for (let i = 0; i < variants.length; i++) {
    const line = `  ${variants[i]!.name.padEnd(24)} median ${median(results[i]!).toFixed(0)} ms`;
    if (i === variants.length - 1) {
      console.log(line);
      continue;
    }
    const interval = medianRatioInterval(
      results[i]!.map((x) => [x]),
      raw.map((x) => [x]),
    );
    const mb = Math.max(...rss[i]!) / 1024 / 1024;
    console.log(
      `${line}  /raw ${interval ? `${interval.ratio.toFixed(2)}× [${interval.low.toFixed(2)}–${interval.high.toFixed(2)}] (goal ≤ 1.2: ${judgeAtMost(interval, 1.2)})` : 'n/a'}  host RSS peak ${mb.toFixed(0)} MB (goal ≤ 300)`,
    );
  }
  console.log(
    `  the open window (browser mode, Chromium, the Board tab open) while ${N} threads stream through "${windowed.name}": ${window}`,
  );
} finally {
  for (const v of variants) await v.close();
  await mock.close();
  for (const c of cleanups) c();
}
