/**
 * Turn-engine benchmarks, one run, no network:
 *  1. Reader throughput on a ≥100 MB stream built from the recorded CLI events, fed in 64 KiB chunks,
 *     against the baseline `split('\n') + JSON.parse` in the same process → ratio (target ≥ 0.8).
 *  2. Added latency per text delta: from the moment a stdout chunk of the (fake) CLI reaches us to the
 *     moment the TurnEvent is emitted, over 10,000 deltas → p50/p99 (target p99 < 2 ms).
 * Run: npx tsx bench/reader.bench.ts   (BENCH_MB=… to change the stream size)
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordedCases } from '../test/fixtures/recorded-cases';
import { SessionsStore } from '../src/core/store/sessions-store';
import { JsonlReader } from '../src/core/claude-code-wire/jsonl-reader';
import { type Spawner, spawnInOwnGroup } from '../src/core/claude-code-wire/spawned-process';
import { TurnEngine } from '../src/core/turn/turn-engine';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHUNK = 64 * 1024;

function buildStream(minBytes: number): Buffer[] {
  const one = Buffer.concat(recordedCases().map((c) => c.bytes));
  const copies = Math.ceil(minBytes / one.length);
  const all = Buffer.concat(Array.from({ length: copies }, () => one));
  const chunks: Buffer[] = [];
  for (let i = 0; i < all.length; i += CHUNK) chunks.push(all.subarray(i, i + CHUNK));
  return chunks;
}

function baseline(chunks: Buffer[]): number {
  let n = 0;
  let rest = '';
  for (const c of chunks) {
    const lines = (rest + c.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) if (l) n += JSON.parse(l) ? 1 : 0;
  }
  if (rest) n += JSON.parse(rest) ? 1 : 0;
  return n;
}

function reader(chunks: Buffer[]): number {
  let n = 0;
  const r = new JsonlReader({ onValue: (v) => (n += v ? 1 : 0) });
  for (const c of chunks) r.push(c);
  r.end();
  return n;
}

function time(fn: () => number): { ms: number; n: number } {
  const t0 = process.hrtime.bigint();
  const n = fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

function throughput(): void {
  const mb = Number(process.env.BENCH_MB ?? 100);
  const chunks = buildStream(mb * 1024 * 1024);
  const bytes = chunks.reduce((s, c) => s + c.length, 0);
  const base: number[] = [];
  const ours: number[] = [];
  let lines = 0;
  for (let round = 0; round < 5; round++) {
    // Alternate so that GC and JIT warm-up hit both alike.
    const b = time(() => baseline(chunks));
    const r = time(() => reader(chunks));
    if (b.n !== r.n) throw new Error(`line count differs: baseline ${b.n}, reader ${r.n}`);
    lines = r.n;
    base.push(b.ms);
    ours.push(r.ms);
  }
  const mbps = (ms: number) => bytes / 1024 / 1024 / (ms / 1000);
  const ratio = mbps(median(ours)) / mbps(median(base));
  console.log(`reader throughput: ${(bytes / 1024 / 1024).toFixed(0)} MB, ${lines} lines, median of 5`);
  console.log(`  baseline split+JSON.parse: ${mbps(median(base)).toFixed(1)} MB/s`);
  console.log(`  JsonlReader:               ${mbps(median(ours)).toFixed(1)} MB/s`);
  console.log(
    `  ratio reader/baseline:     ${ratio.toFixed(3)}  (target >= 0.8) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
  );
}

async function latency(): Promise<void> {
  const DELTAS = 10_000;
  const text = Array.from({ length: DELTAS }, (_, i) => `w${i}`).join(' ');
  let lastChunkAt = 0n;
  const spawner: Spawner = (file, args, opts) => {
    const child = spawnInOwnGroup(file, args, opts);
    // Registered before the engine's own listener, so it runs first for every chunk.
    child.stdout?.on('data', () => (lastChunkAt = process.hrtime.bigint()));
    return child;
  };
  const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-bench-')));
  const engine = new TurnEngine({
    sessions: new SessionsStore(path.join(dir, 'sessions.json')),
    env: { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'text', FAKE_CLAUDE_TEXT: text },
    spawner,
  });
  const samples: number[] = [];
  const outcome = await engine.run(
    {
      threadId: 'bench',
      turnId: 'bench-1',
      content: { text: 'go' },
      earlierMessages: async () => [],
      settings: {},
      permissionMode: 'acceptEdits',
      cli: { path: path.join(here, '..', 'test', 'fixtures', 'fake-claude.mjs') },
      mcp: null,
      layout: { workspaceDir: path.join(dir, 'workspace') },
    },
    (e) => {
      if (e.type === 'text_delta') samples.push(Number(process.hrtime.bigint() - lastChunkAt) / 1e6);
    },
  ).done;
  await import('node:fs/promises').then((fs) => fs.rm(dir, { recursive: true, force: true }));
  if (outcome.status !== 'done' || samples.length !== DELTAS) {
    throw new Error(`latency run failed: ${outcome.status}, ${samples.length} deltas`);
  }
  const p99 = pct(samples, 0.99);
  console.log(`delta latency (stdout chunk -> TurnEvent), ${samples.length} deltas:`);
  console.log(
    `  p50 ${pct(samples, 0.5).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, max ${Math.max(...samples).toFixed(3)} ms (target p99 < 2 ms) ${p99 < 2 ? 'OK' : 'ABOVE TARGET'}`,
  );
}

throughput();
await latency();
