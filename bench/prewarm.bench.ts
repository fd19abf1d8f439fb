/**
 * Pre-warm benchmark (issue 9), end to end against the mock Messages API in one run, the REAL CLI:
 * Enter → first text delta and Enter → result, medians over BENCH_TURNS (≥10) turns of one conversation,
 *  (a) the app's TurnEngine with pre-warm: the next turn's CLI is started after each turn, then the
 *      "user types" for BENCH_TYPING_MS before pressing Enter;
 *  (b) the same engine without pre-warm;
 *  (c) the raw CLI spawned per turn (same argv as the app), the line written right after spawn;
 *  (d) the official Agent SDK's query() with the same mock and the same CLI binary.
 * The SDK lives in bench/package.json (own lock file, out of the app's tree) and is installed here on
 * first use with `npm ci --prefix bench --omit=optional` — the optional dependency is the SDK's own
 * ~350 MB CLI, which we don't need: query() gets our CLI through pathToClaudeCodeExecutable.
 * Run: npx tsx bench/prewarm.bench.ts   (BENCH_TURNS, BENCH_TYPING_MS)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { createHarness } from '../test/fixtures/turn-harness';
import { buildTurnArgs } from '../src/core/turn/build-turn-args';
import { buildUserLine } from '../src/core/turn/build-user-line';

const here = path.dirname(fileURLToPath(import.meta.url));
const TURNS = Math.max(10, Number(process.env.BENCH_TURNS) || 10);
const TYPING_MS = Number(process.env.BENCH_TYPING_MS) || 2_000;
const ANSWER = 'Hello from the mock API.';

interface Sample {
  firstDelta: number;
  result: number;
}
type Variant = (turn: number, text: string) => Promise<Sample>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? NaN) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

const mock = await startMockAnthropicApi();
const homes: { cleanup(): void }[] = [];
const freshEnv = () => {
  const e = realCliEnv(mock);
  homes.push(e);
  return e;
};

/** (a) and (b): the app's engine, one thread, a TurnRequest per turn exactly as the app builds it. */
function engineVariant(prewarm: boolean): { run: Variant; close(): Promise<void>; reused(): number } {
  const h = createHarness(realCliPath());
  const cli = freshEnv();
  const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: prewarm ? '1' : '0' });
  return {
    async run(_turn, text) {
      // After the previous turn (and on composer focus) the app warms the next one; then the user types.
      if (prewarm) await engine.warm.warm(h.request('bench', ''));
      await sleep(TYPING_MS);
      let firstDelta = NaN;
      let result = NaN;
      const t0 = process.hrtime.bigint();
      const outcome = await engine.run(h.request('bench', text), (e) => {
        if (e.type === 'text_delta' && Number.isNaN(firstDelta)) firstDelta = ms(t0);
        if (e.type === 'result') result = ms(t0); // not `done`: that also waits for the CLI to exit
      }).done;
      if (outcome.status !== 'done') throw new Error(`engine turn ${outcome.status}: ${outcome.error?.message}`);
      return { firstDelta, result };
    },
    async close() {
      await engine.stopAll();
      h.cleanup();
    },
    reused: () => engine.warm.stats.reused,
  };
}

/** (c) the raw CLI, spawned when Enter is pressed, its stdout parsed with a plain split/JSON.parse. */
function rawVariant(): { run: Variant } {
  const cli = freshEnv();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-raw-'));
  const sessionId = randomUUID();
  return {
    async run(turn, text) {
      await sleep(TYPING_MS);
      const t0 = process.hrtime.bigint();
      const args = buildTurnArgs({ sessionId, resume: turn > 0, projectDir: cwd, permissionMode: 'acceptEdits' });
      const child = spawn(realCliPath(), args, { cwd, env: cli.env, stdio: ['pipe', 'pipe', 'ignore'] });
      child.stdin.write(`${buildUserLine(text, [])}\n`);
      let firstDelta = NaN;
      let result = NaN;
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          const v = JSON.parse(line) as { type?: string; event?: { delta?: { type?: string } } };
          if (v.type === 'stream_event' && v.event?.delta?.type === 'text_delta' && Number.isNaN(firstDelta)) {
            firstDelta = ms(t0);
          }
          if (v.type === 'result') {
            result = ms(t0);
            child.stdin.end();
          }
        }
      });
      await new Promise((r) => child.on('exit', r));
      if (Number.isNaN(result)) throw new Error('raw CLI gave no result');
      return { firstDelta, result };
    },
  };
}

/** Minimal shape of the SDK's query(), typed here so the app's typecheck never needs bench/node_modules. */
type SdkMessage = { type: string; event?: { delta?: { type?: string } }; session_id?: string; is_error?: boolean };
type SdkQuery = (params: { prompt: string; options: Record<string, unknown> }) => AsyncIterable<SdkMessage>;

async function loadSdk(): Promise<SdkQuery | string> {
  const entry = path.join(here, 'node_modules', '@anthropic-ai', 'claude-agent-sdk', 'sdk.mjs');
  if (!fs.existsSync(entry)) {
    try {
      console.log('installing the Agent SDK into bench/node_modules (npm ci --prefix bench) …');
      execFileSync('npm', ['ci', '--prefix', here, '--omit=optional', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    } catch (err) {
      return `could not install the Agent SDK (${(err as Error).message.split('\n')[0]})`;
    }
  }
  const sdk = (await import(pathToFileURL(entry).href)) as { query: SdkQuery };
  return sdk.query;
}

/** (d) the Agent SDK: one query() per turn, resuming the session of the previous one. */
function sdkVariant(query: SdkQuery): { run: Variant } {
  const cli = freshEnv();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-sdk-'));
  let sessionId: string | undefined;
  return {
    async run(_turn, text) {
      await sleep(TYPING_MS);
      let firstDelta = NaN;
      let result = NaN;
      const t0 = process.hrtime.bigint();
      const options = {
        cwd,
        env: cli.env,
        pathToClaudeCodeExecutable: realCliPath(),
        includePartialMessages: true,
        permissionMode: 'acceptEdits',
        ...(sessionId ? { resume: sessionId } : {}),
      };
      for await (const m of query({ prompt: text, options })) {
        if (m.type === 'stream_event' && m.event?.delta?.type === 'text_delta' && Number.isNaN(firstDelta)) {
          firstDelta = ms(t0);
        }
        if (m.type === 'result') {
          result = ms(t0);
          if (m.is_error) throw new Error('SDK turn ended with is_error');
          sessionId = m.session_id;
        }
      }
      if (Number.isNaN(result)) throw new Error('SDK gave no result');
      return { firstDelta, result };
    },
  };
}

async function measure(name: string, run: Variant): Promise<Sample[]> {
  const samples: Sample[] = [];
  const before = mock.requests.length;
  for (let i = 0; i < TURNS; i++) samples.push(await run(i, `Turn ${i + 1}: say hello`));
  const requests = mock.requests.length - before;
  if (requests !== TURNS) console.log(`  note: ${name} made ${requests} API requests for ${TURNS} turns`);
  return samples;
}

const rows: { name: string; firstDelta: number; result: number }[] = [];
const report = (name: string, samples: Sample[]) => {
  const row = {
    name,
    firstDelta: median(samples.map((s) => s.firstDelta)),
    result: median(samples.map((s) => s.result)),
  };
  rows.push(row);
  console.log(
    `  ${name.padEnd(34)} first delta ${row.firstDelta.toFixed(0).padStart(5)} ms   result ${row.result.toFixed(0).padStart(5)} ms`,
  );
};

try {
  console.log(
    `pre-warm benchmark: ${TURNS} turns per variant, ${TYPING_MS} ms of "typing" before each Enter, answer "${ANSWER}"`,
  );
  const warm = engineVariant(true);
  report('(a) app engine, pre-warm', await measure('(a)', warm.run));
  console.log(`      warm process used for ${warm.reused()} of ${TURNS} turns`);
  await warm.close();
  const cold = engineVariant(false);
  report('(b) app engine, no pre-warm', await measure('(b)', cold.run));
  await cold.close();
  report('(c) raw CLI spawned per turn', await measure('(c)', rawVariant().run));
  const query = await loadSdk();
  if (typeof query === 'string') console.log(`  (d) skipped: ${query}`);
  else report('(d) Agent SDK query()', await measure('(d)', sdkVariant(query).run));

  const [a, , c, d] = rows;
  const ratio = (x?: number, y?: number) => (x !== undefined && y !== undefined ? (x / y).toFixed(2) : 'n/a');
  console.log(`  a/c: first delta ${ratio(a?.firstDelta, c?.firstDelta)}, result ${ratio(a?.result, c?.result)}`);
  const ad = a && d ? a.firstDelta / d.firstDelta : NaN;
  console.log(
    `  a/d: first delta ${ratio(a?.firstDelta, d?.firstDelta)}, result ${ratio(a?.result, d?.result)} (goal first delta ≤ 0.3) ${Number.isNaN(ad) ? '' : ad <= 0.3 ? 'OK' : 'ABOVE GOAL'}`,
  );
} finally {
  await mock.close();
  for (const h of homes) h.cleanup();
}
