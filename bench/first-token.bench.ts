/**
 * Enter → first text delta and → result, the REAL CLI against the mock Messages API, all variants
 * in one run, INTERLEAVED: round r runs turn r of every variant, the order rotated each round, so a busy
 * moment of the (shared) machine hits every variant alike. Turn 1 (a thread's first) is reported apart
 * from turns 2+ as min–median–max.
 *  (a) the app as shipped (createDeskApp: MCP server, wall, kept processes, pre-warm) through its handlers, bundled
 *      as its builds bundle it (bench/built-desk-app.ts; BENCH_APP=source times the TypeScript through tsx)
 *  (b) the same app with CLAUDE_DESK_KEEP=0: today's pre-warm only
 *  (g) the app as shipped in a thread whose project is a git repository (800 files): each turn first snapshots
 *      the work tree (for Rewind to here) — the cost most real projects pay; g/a prints it
 *  (c) Agent SDK, streaming input: one query(), each turn's message pushed into it (its docs' recommended mode)
 *  (d) Agent SDK startup() per turn (a WarmQuery started while the user types), resuming the session
 *      Both with Claude Code's own system prompt (`systemPrompt: {type: 'preset', preset: 'claude_code'}`), as the
 *      app and the floor have it. Without it the SDK's CLI gets an empty one (its initialize sends
 *      `systemPrompt: [""]`): a 225-character system prompt against Claude Code's 7,368 characters, a request no
 *      Claude Code client sends. (Measured both ways, the first delta moved less than the run-to-run spread.)
 *  (e) the raw CLI spawned on Enter
 *  floor: the raw CLI, one process, each turn's line written to its stdin — what no client can beat
 * Each variant talks to BENCH_LANES (default 2) conversations — threads, queries, processes — taking turns, and
 * round r is turn ⌊r / lanes⌋ of lane r mod lanes: two identical one-process CLIs, started alike, measured 18.2 vs
 * 19.6 ms median to their requests over 40 turns (a steady 1.5 ms apart, paired), so one process per variant
 * would measure which process was lucky as much as which client is fast. Each lane's own median is printed too, and
 * a/c and a/floor get a 95 % interval that resamples the conversations as well as their turns (bench-stats.ts): with
 * two lanes it is wide; BENCH_LANES=8 BENCH_ONLY=a,c,floor narrows it (8 lanes' medians of one variant spread 5–20 ms).
 * The app pre-warms at most two processes (WARM_MAX_PROCESSES): with more than two lanes, some of (b)'s turns and the
 * app variants' first turns start cold.
 * Every CLI is started as the app starts its own (spawnInOwnGroup: its own process group, on POSIX its own
 * session): where the scheduler groups processes by session (Linux autogroup), a CLI in the bench's session
 * and one in a session of its own are not served alike on a loaded machine — the same one-process CLI
 * measured 93 vs 186 ms median to its first delta there — and that would be measured as the client's work.
 * The SDK lives in bench/package.json (own lock file), installed on first use without its optional CLI.
 * Run: npx tsx bench/first-token.bench.ts   (BENCH_TURNS ≥ 3 per lane, default 13; BENCH_LANES, default 2;
 * BENCH_TYPING_MS, default 1500; BENCH_ONLY=a,c,floor runs those variants alone)
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { buildTurnArgs } from '../src/core/turn/build-turn-args';
import { buildUserLine } from '../src/core/turn/build-user-line';
import { spawnInOwnGroup } from '../src/core/claude-code-wire/spawned-process';
import { DEFAULT_KEEP } from '../src/core/turn/kept-process';
import type { TurnEvent } from '../src/shared/turn-events';
import { judgeAtMost, median, medianRatioInterval, quantile } from './bench-stats';
import { benchAppCode, loadDeskApp } from './built-desk-app';
import { startMockApiProcess } from './mock-api-process';
import { sdkVariants, type Sample, type Variant } from './first-token-sdk';
import { beginTurn, installTurnTimeline, printTimeline, type Marks } from './turn-timeline';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The app variants' code: bundled as the app ships it, unless BENCH_APP=source (see built-desk-app.ts). */
const { createDeskApp } = await loadDeskApp();
const TURNS = Math.max(3, Number(process.env.BENCH_TURNS) || 13);
/** Conversations per variant, taking turns (see the header): round r is turn ⌊r / LANES⌋ of lane r mod LANES. */
const LANES = Math.max(1, Math.floor(Number(process.env.BENCH_LANES) || 2));
const laneOf = (round: number) => round % LANES;
const turnOf = (round: number) => Math.floor(round / LANES);
/** One per lane. */
const perLane = <T>(make: (lane: number) => T): T[] => Array.from({ length: LANES }, (_, lane) => make(lane));
const TYPING_MS = Number(process.env.BENCH_TYPING_MS) || 1_500;
const SETTLE_MS = 5_000;
/** The variants to run, by letter (`floor` by name); all when unset. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim().replace(/^\(|\)$/g, ''));
const wanted = (key: string) => !ONLY || ONLY.includes(key);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const mock = await startMockApiProcess(); // its own process, as a remote API would be (see mock-api-process.ts)
installTurnTimeline(mock);
const cleanups: (() => void)[] = [];
const freshEnv = () => {
  const e = realCliEnv(mock);
  cleanups.push(() => e.cleanup());
  return e;
};
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-bench-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const GIT_FILES = 800;
/** A committed git repository of GIT_FILES small source files in 40 folders (skipped, with a note, without git). */
function gitProject(): string | undefined {
  const dir = tmp('git-project');
  for (let i = 0; i < GIT_FILES; i++) {
    const sub = path.join(dir, 'src', `part${i % 40}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file${i}.ts`), `export const value${i} = ${i};\n`.repeat(20));
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  try {
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'files');
    return dir;
  } catch {
    console.log('  (g) runs in a plain folder: git is not installed');
    return undefined;
  }
}

/**
 * (a)/(b): the whole app through the contract every front door calls, a thread per lane; Enter = sendMessage. The
 * app keeps DEFAULT_KEEP processes; with more lanes than that it is told to keep one per lane (CLAUDE_DESK_KEEP).
 */
async function appVariant(name: string, extraEnv: Record<string, string>, projectDir?: string): Promise<Variant> {
  const cli = freshEnv();
  const keep = LANES > DEFAULT_KEEP && extraEnv.CLAUDE_DESK_KEEP === undefined ? { CLAUDE_DESK_KEEP: `${LANES}` } : {};
  const desk = await createDeskApp({
    host: 'web',
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: tmp('app'), ...keep, ...extraEnv },
  });
  const threads: { id: string }[] = [];
  for (let lane = 0; lane < LANES; lane++) {
    const thread = await desk.handlers.createThread(
      projectDir ? { settings: { projectDir, useWorktree: false } } : undefined,
    );
    await desk.handlers.prepareTurn({ threadId: thread.id }); // the thread is opened: its first turn pre-warms
    threads.push(thread);
  }
  let listener: ((e: TurnEvent) => void) | undefined;
  desk.bus.subscribe((event, payload) => event === 'turnEvent' && listener?.(payload as TurnEvent));
  return {
    name,
    async run(round, text) {
      const thread = threads[laneOf(round)]!;
      let firstDelta = NaN;
      let t0 = 0n;
      const result = new Promise<number>((resolve, reject) => {
        listener = (e) => {
          if (e.threadId !== thread.id) return;
          if (e.type === 'text_delta' && Number.isNaN(firstDelta)) firstDelta = ms(t0);
          if (e.type === 'result') resolve(ms(t0));
          if (e.type === 'error') reject(new Error(`${name}: ${e.error.message}`));
        };
      });
      t0 = process.hrtime.bigint();
      await desk.handlers.sendMessage({ threadId: thread.id, text });
      const done = await result; // before reading firstDelta: the delta arrives first
      return { firstDelta, result: done };
    },
    close: () => desk.shutdown(),
  };
}

/** A CLI started the app's way (own group and session), its stderr drained and dropped. */
function spawnCli(file: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawnInOwnGroup(file, args, opts);
  child.stderr?.resume();
  return child as ReturnType<typeof spawnInOwnGroup> & {
    stdin: NodeJS.WritableStream;
    stdout: NodeJS.ReadableStream;
  };
}

/** Reads stream-json lines from a CLI's stdout. */
function onLines(
  stream: NodeJS.ReadableStream,
  each: (v: { type?: string; event?: { delta?: { type?: string } } }) => void,
) {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) each(JSON.parse(line));
  });
}
const isDelta = (v: { type?: string; event?: { delta?: { type?: string } } }) =>
  v.type === 'stream_event' && v.event?.delta?.type === 'text_delta';

/** (e): the raw CLI spawned on Enter, same argv as the app without MCP or wall. */
function rawSpawnVariant(): Variant {
  const cli = freshEnv();
  const cwd = tmp('raw');
  const sessionIds = perLane(() => randomUUID());
  return {
    name: '(e) raw CLI spawned on Enter',
    async run(round, text) {
      const t0 = process.hrtime.bigint();
      const sessionId = sessionIds[laneOf(round)]!;
      const resume = turnOf(round) > 0;
      const args = buildTurnArgs({ sessionId, resume, projectDir: cwd, permissionMode: 'acceptEdits' });
      const child = spawnCli(realCliPath(), args, { cwd, env: cli.env });
      child.stdin.write(`${buildUserLine(text, [])}\n`);
      let firstDelta = NaN;
      let result = NaN;
      onLines(child.stdout, (v) => {
        if (isDelta(v) && Number.isNaN(firstDelta)) firstDelta = ms(t0);
        if (v.type === 'result') {
          result = ms(t0);
          child.stdin.end();
        }
      });
      await new Promise((r) => child.on('exit', r));
      if (Number.isNaN(result)) throw new Error('raw CLI gave no result');
      return { firstDelta, result };
    },
    close: async () => undefined,
  };
}

/** floor: one raw CLI process per conversation (lane), each turn's line written on Enter (case 11c). */
function floorVariant(): Variant {
  const cli = freshEnv();
  const cwd = tmp('floor');
  const lanes = perLane(() => {
    const args = buildTurnArgs({
      sessionId: randomUUID(),
      resume: false,
      projectDir: cwd,
      permissionMode: 'acceptEdits',
    });
    const child = spawnCli(realCliPath(), args, { cwd, env: cli.env });
    const lane = {
      child,
      current: undefined as ((v: { type?: string; event?: { delta?: { type?: string } } }) => void) | undefined,
    };
    onLines(child.stdout, (v) => lane.current?.(v));
    return lane;
  });
  return {
    name: 'floor: raw CLI, one process',
    run(round, text) {
      const lane = lanes[laneOf(round)]!;
      return new Promise((resolve) => {
        let firstDelta = NaN;
        const t0 = process.hrtime.bigint();
        lane.current = (v) => {
          if (isDelta(v) && Number.isNaN(firstDelta)) firstDelta = ms(t0);
          if (v.type === 'result') resolve({ firstDelta, result: ms(t0) });
        };
        lane.child.stdin.write(`${buildUserLine(text, [])}\n`);
      });
    },
    close: async () => {
      await Promise.all(
        lanes.map(({ child }) => {
          child.stdin.end();
          return new Promise((r) => child.on('exit', r));
        }),
      );
    },
  };
}

const fmt = (xs: number[]) =>
  xs.length ? `${Math.min(...xs).toFixed(0)}–${median(xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}` : 'n/a';

const variants: Variant[] = [];
try {
  console.log(
    `first-token benchmark: ${TURNS} turns in each of ${LANES} conversation(s) per variant, interleaved, order rotated each round, ${TYPING_MS} ms typing`,
  );
  console.log(
    `  machine: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    benchAppCode() === 'built'
      ? '  app code: bundled and minified as its builds ship it (BENCH_APP=source: the TypeScript through tsx)'
      : '  app code: the TypeScript sources through tsx (BENCH_APP=source), not the shipped bundle',
  );
  // Installed (on first use) before any variant starts: the install blocks this process for seconds, and a variant's
  // CLI started before it would be timed against that.
  const { loadSdk, sdkStreamingVariant, sdkStartupVariant } = sdkVariants({
    here,
    tmp,
    freshEnv,
    spawnCli,
    perLane,
    laneOf,
  });
  const sdk = wanted('c') || wanted('d') ? await loadSdk() : undefined;
  if (wanted('a')) variants.push(await appVariant('(a) app as shipped (kept process)', {}));
  if (wanted('b')) variants.push(await appVariant('(b) app, pre-warm only (KEEP=0)', { CLAUDE_DESK_KEEP: '0' }));
  // Most real projects are git repositories: each turn snapshots the work tree first, for "Rewind to here".
  if (wanted('g')) variants.push(await appVariant(`(g) app, a git project (${GIT_FILES} files)`, {}, gitProject()));
  if (sdk !== undefined) {
    if (typeof sdk === 'string') console.log(`  (c), (d) skipped: ${sdk}`);
    else {
      if (wanted('c')) variants.push(sdkStreamingVariant(sdk));
      if (wanted('d')) variants.push(sdkStartupVariant(sdk));
    }
  }
  if (wanted('e')) variants.push(rawSpawnVariant());
  if (wanted('floor')) variants.push(floorVariant());

  // Every variant started its CLI at once above (seven on two cores): let them finish starting, as a thread opened a
  // few seconds before its first message has, so turn 1 measures a pre-warmed first turn, not the bench's start-up.
  await sleep(SETTLE_MS);
  const samples = new Map<Variant, Sample[]>(variants.map((v) => [v, []]));
  const timelines = new Map<Variant, (Marks & { delta: number })[]>(variants.map((v) => [v, []]));
  for (let round = 0; round < TURNS * LANES; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length] as Variant);
    for (const v of order) {
      await sleep(TYPING_MS);
      const marks = beginTurn();
      const sample = await v.run(round, `Turn ${turnOf(round) + 1}: say hello`);
      samples.get(v)?.push(sample);
      if (turnOf(round) > 0) timelines.get(v)?.push({ ...marks, delta: sample.firstDelta });
    }
  }
  console.log(
    `  ${'variant'.padEnd(36)} ${'turn 1 first delta'.padEnd(19)} turns 2+ first delta (min–median–max)   turns 2+ result`,
  );
  // Round order: a lane's turn 1 is one of the first LANES rounds.
  const later = (v: Variant, k: keyof Sample) => (samples.get(v) ?? []).slice(LANES).map((s) => s[k]);
  const firsts = (v: Variant) => (samples.get(v) ?? []).slice(0, LANES).map((s) => s.firstDelta);
  for (const v of variants) {
    const first = LANES > 1 ? fmt(firsts(v)) : `${firsts(v)[0]?.toFixed(0) ?? 'n/a'} ms`;
    console.log(
      `  ${v.name.padEnd(36)} ${first.padEnd(19)} ${fmt(later(v, 'firstDelta')).padEnd(38)} ${fmt(later(v, 'result'))}`,
    );
  }
  /** A variant's turns 2+ first deltas, one list per conversation (lane). */
  const byLane = (v: Variant) =>
    perLane((lane) =>
      (samples.get(v) ?? []).filter((_, round) => round >= LANES && laneOf(round) === lane).map((s) => s.firstDelta),
    );
  if (LANES > 1) {
    // Each conversation's own median (its process, for the variants that keep one): how far apart luck puts them.
    console.log(`\n  turns 2+ first delta, each conversation's median (ms), lanes 1–${LANES}`);
    for (const v of variants) {
      console.log(
        `  ${v.name.padEnd(36)} ${byLane(v)
          .map((xs) => median(xs).toFixed(1))
          .join(' / ')}`,
      );
    }
  }
  printTimeline(variants.map((v) => ({ name: v.name, marks: timelines.get(v) ?? [] })));
  const named = (prefix: string) => variants.find((x) => x.name.startsWith(prefix));
  /** '(a)' → 'a', as the ratios are printed. */
  const short = (prefix: string) => prefix.replace(/[()]/g, '');
  /** A variant's turns 2+ first deltas, by its name's start ('(a)', 'floor'); empty when it did not run. */
  const deltas = (prefix: string) => {
    const v = named(prefix);
    return v ? later(v, 'firstDelta') : [];
  };
  const med = (prefix: string) => {
    const xs = deltas(prefix);
    return xs.length ? median(xs) : NaN;
  };
  const ratio = (x: number, y: number) => (Number.isFinite(x / y) ? (x / y).toFixed(2) : 'n/a');
  const a = med('(a)');
  console.log(
    `  turns 2+, first delta medians: a/c ${ratio(a, med('(c)'))} (goal ≤ 1.0), a/floor ${ratio(a, med('floor'))} (goal ≤ 1.1), a/b ${ratio(a, med('(b)'))}, a/e ${ratio(a, med('(e)'))}, g/a ${ratio(med('(g)'), a)}`,
  );
  // How far the two ratios with a goal can be trusted: their processes were as lucky as their client was fast.
  const goals: [string, string, number][] = [
    ['(a)', '(c)', 1.0],
    ['(a)', 'floor', 1.1],
  ];
  for (const [x, y, goal] of goals) {
    const [vx, vy] = [named(x), named(y)];
    const interval = vx && vy ? medianRatioInterval(byLane(vx), byLane(vy)) : undefined;
    if (!interval) continue;
    const [nx, ny] = [short(x), short(y)];
    console.log(
      `  ${nx}/${ny} ${interval.ratio.toFixed(2)}, 95 % interval ${interval.low.toFixed(2)}–${interval.high.toFixed(2)} over ${LANES} conversations and their turns: goal ≤ ${goal.toFixed(1)} ${judgeAtMost(interval, goal)}`,
    );
  }
  if (LANES < 6 && goals.some(([x, y]) => named(x) && named(y)))
    console.log('  (the interval narrows with more conversations per variant: BENCH_LANES=8 BENCH_ONLY=a,c,floor)');
  // The same comparisons round by round (both turns of a pair ran within seconds of each other): how big the gap
  // is next to the turn-to-turn spread, which a ratio of two medians does not say.
  const paired = (x: string, y: string) => {
    const xs = deltas(x);
    const ys = deltas(y);
    if (!xs.length || !ys.length) return undefined;
    const sorted = ys
      .map((t, i) => (xs[i] ?? NaN) - t)
      .filter(Number.isFinite)
      .sort((p, q) => p - q);
    const sign = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;
    const [nx, ny] = [short(x), short(y)];
    return `${nx}−${ny} ${sign(median(sorted))} ms (quartiles ${sign(quantile(sorted, 0.25))}…${sign(quantile(sorted, 0.75))}; ${nx} first in ${sorted.filter((d) => d < 0).length} of ${sorted.length} rounds)`;
  };
  const pairs = [paired('(a)', '(c)'), paired('(a)', 'floor')].filter(Boolean);
  if (pairs.length) console.log(`  turns 2+, first delta round by round: ${pairs.join('; ')}`);
} finally {
  for (const v of variants) await v.close().catch(() => undefined);
  await mock.close();
  for (const c of cleanups) c();
}
