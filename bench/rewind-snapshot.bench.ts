/**
 * What rewind's git snapshots cost a turn. The REAL CLI against the mock Messages API, through the app's
 * handlers, in a git project of BENCH_REWIND_FILES files (default 2,000, ~4 KB each, a few changed and untracked):
 *  (a) the app as shipped: a snapshot of the work tree before the turn (on the way to the first token) and after it
 *  (b) the same app with rewindSnapshots: false — the same turn without snapshots
 * INTERLEAVED with the order rotated each round, so a busy moment of the shared machine hits both alike; each variant
 * has its own copy of the project. Prints min–median–max of Enter → first text delta and → result, and a/b.
 * Also times one snapshot by itself (GitCheckpoints.snapshot) on the same project: the part the turn waits for.
 * Run: npx tsx bench/rewind-snapshot.bench.ts   (BENCH_TURNS ≥ 3, default 9)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { createDeskApp } from '../src/app/desk-app';
import { GitCheckpoints } from '../src/core/rewind/git-checkpoints';
import type { TurnEvent } from '../src/shared/turn-events';

const TURNS = Math.max(3, Number(process.env.BENCH_TURNS) || 9);
const FILES = Math.max(10, Number(process.env.BENCH_REWIND_FILES) || 2_000);

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[]) =>
  `${sorted(xs)[0]!.toFixed(0)}–${median(xs).toFixed(0)}–${sorted(xs).at(-1)!.toFixed(0)} ms`;

const cleanups: (() => void)[] = [];
const tmp = (name: string) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-bench-${name}-`)));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A committed project of FILES files in 20 folders, then a few edits and untracked files as a user has them. */
function makeProject(name: string): string {
  const dir = tmp(name);
  const line = 'export const value = "some typical source line of a project file";\n';
  for (let i = 0; i < FILES; i++) {
    const sub = path.join(dir, `src${i % 20}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file${i}.ts`), `// ${i}\n${line.repeat(60)}`);
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'project');
  for (let i = 0; i < 5; i++) fs.appendFileSync(path.join(dir, `src${i}`, `file${i}.ts`), '// edited\n');
  for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(dir, `new${i}.ts`), line);
  return dir;
}

interface Sample {
  firstDelta: number;
  result: number;
}

async function appVariant(name: string, snapshots: boolean) {
  const mock = await startMockAnthropicApi();
  const cli = realCliEnv(mock);
  cleanups.push(() => cli.cleanup());
  const desk = await createDeskApp({
    host: 'web',
    env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: tmp('data') },
    rewindSnapshots: snapshots,
  });
  const project = makeProject(snapshots ? 'with' : 'without');
  const thread = await desk.handlers.createThread({ settings: { projectDir: project, useWorktree: false } });
  let listener: ((e: TurnEvent) => void) | undefined;
  desk.bus.subscribe((event, payload) => event === 'turnEvent' && listener?.(payload as TurnEvent));
  return {
    name,
    project,
    async run(text: string): Promise<Sample> {
      let firstDelta = NaN;
      let t0 = 0n;
      const finished = new Promise<number>((resolve, reject) => {
        listener = (e) => {
          if (e.type === 'text_delta' && Number.isNaN(firstDelta)) firstDelta = ms(t0);
          if (e.type === 'result') resolve(ms(t0));
          if (e.type === 'error') reject(new Error(`${name}: ${e.error.message}`));
        };
      });
      t0 = process.hrtime.bigint();
      await desk.handlers.sendMessage({ threadId: thread.id, text });
      const result = await finished;
      // The after-snapshot runs once the turn is over; the next turn waits for the thread to be idle.
      while (desk.services.turns.isBusy(thread.id)) await new Promise((r) => setTimeout(r, 20));
      return { firstDelta, result };
    },
    async close() {
      await desk.shutdown();
      await mock.close();
    },
  };
}

const variants = [await appVariant('(a) with snapshots', true), await appVariant('(b) without snapshots', false)];
const samples = new Map(variants.map((v) => [v.name, [] as Sample[]]));
const snapshotMs: number[] = [];
const checkpoints = new GitCheckpoints();
try {
  for (let round = 0; round < TURNS; round++) {
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) samples.get(v.name)!.push(await v.run(`turn ${round} of ${v.name}`));
    const t0 = process.hrtime.bigint();
    await checkpoints.snapshot(variants[0]!.project, 'bench', `m${round}`, 'before');
    snapshotMs.push(ms(t0));
  }
} finally {
  for (const v of variants) await v.close();
}

// Turn 1 starts the thread's first CLI process; the steady state is turns 2+.
const steady = (name: string) => samples.get(name)!.slice(1);
console.log(`rewind snapshots, ${FILES} files in git, ${TURNS} turns each (turn 1 left out), min–median–max:`);
for (const v of variants) {
  const s = steady(v.name);
  console.log(
    `  ${v.name.padEnd(24)} first token ${spread(s.map((x) => x.firstDelta))}, result ${spread(s.map((x) => x.result))}`,
  );
}
const a = steady(variants[0]!.name);
const b = steady(variants[1]!.name);
console.log(
  `  a/b first token ${(median(a.map((x) => x.firstDelta)) / median(b.map((x) => x.firstDelta))).toFixed(2)}, ` +
    `result ${(median(a.map((x) => x.result)) / median(b.map((x) => x.result))).toFixed(2)}`,
);
console.log(`  one snapshot by itself: ${spread(snapshotMs)}`);
for (const c of cleanups.reverse()) c();
