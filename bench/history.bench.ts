/**
 * History benchmarks on a synthetic corpus in the real CLI's line shapes (test/fixtures/synthetic-sessions.ts),
 * generated in a temp folder and deleted afterwards:
 *  1. Cold index throughput vs the parsing floor (read the same files, split lines, JSON.parse each) → ratio, target ≥ 0.8.
 *  2. Kept copies (gzip members) made after the index: MB/s and compression.
 *  3. Warm start (index on disk): open + list → ms, target ≤ 300.
 *  4. Search: p95 over queries once texts are loaded (target ≤ 100 ms); the first search (loads texts) apart.
 *  5. Open a 50 MB session's last screen: ms (target ≤ 500) and memory growth vs the bytes shown (target ≤ 3×).
 *  6. RSS with the whole corpus indexed and searched (target < 300 MB).
 * Default corpus: the issue's 1,000 sessions ≈ 1 GB with four of 50 MB. BENCH_HISTORY_SMALL=1: 1,000 sessions
 * ≈ 250 MB with two of 50 MB, for a quicker look.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HistoryIndex } from '../src/core/history/history-index';
import { readTranscriptPage } from '../src/core/history/transcript-pages';
import { projectSlug } from '../src/core/history/cli-projects-dir';
import { syntheticSessionLines } from '../test/fixtures/synthetic-sessions';

const FULL = process.env.BENCH_HISTORY_SMALL !== '1';
// BENCH_HISTORY_SESSIONS / _MB / _BIG_MB shrink it further for a quick look.
const SESSIONS = Number(process.env.BENCH_HISTORY_SESSIONS ?? 1000);
const BIG = FULL ? 4 : 2;
const TOTAL_MB = Number(process.env.BENCH_HISTORY_MB ?? (FULL ? 1000 : 250));
const BIG_MB = Number(process.env.BENCH_HISTORY_BIG_MB ?? 50);
const TURN_BYTES = 13_500; // what one synthetic turn weighs with the defaults below (measured at generation)

const mb = (b: number) => b / 1024 / 1024;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const hex = (n: number, w: number) => n.toString(16).padStart(w, '0');
const idOf = (i: number) => `${hex(i, 8)}-0000-4000-8000-${hex(i, 12)}`;

async function generate(projects: string): Promise<{ bytes: number; bigIds: string[]; nonces: string[] }> {
  const smallMb = (TOTAL_MB - BIG * BIG_MB) / (SESSIONS - BIG);
  let bytes = 0;
  const bigIds: string[] = [];
  const nonces: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const id = idOf(i + 1);
    const big = i < BIG;
    if (big) bigIds.push(id);
    const cwd = `/home/me/project-${i % 40}`;
    const dir = path.join(projects, projectSlug(cwd));
    fs.mkdirSync(dir, { recursive: true });
    // Sizes vary around the mean (real histories are skewed: many short sessions, a few long ones).
    const targetMb = big ? BIG_MB : smallMb * (0.3 + ((i * 7919) % 140) / 100);
    const turns = Math.max(1, Math.round((targetMb * 1024 * 1024) / TURN_BYTES));
    const nonce = i % 100 === 7 ? `zqx-nonce-${i}x` : undefined;
    if (nonce) nonces.push(nonce);
    const fd = fs.openSync(path.join(dir, `${id}.jsonl`), 'w');
    let buf = '';
    for (const line of syntheticSessionLines({
      sessionId: id,
      cwd,
      turns,
      startAt: Date.UTC(2026, 0, 1) + i * 3_600_000,
      prompt: (t) => `Question ${t} about module ${(i * 31 + t) % 997} in project ${i % 40}`,
      answer: (t) =>
        `Answer ${t}: the function handles case ${(i + t) % 113}${nonce && t === Math.ceil(turns / 2) ? ` ${nonce}` : ''}.`,
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
  return { bytes, bigIds, nonces };
}

/** The floor: the same bytes read in 1 MiB chunks, split on '\n', every line JSON.parse'd. */
async function floor(projects: string): Promise<number> {
  let n = 0;
  for (const slug of fs.readdirSync(projects)) {
    for (const name of fs.readdirSync(path.join(projects, slug))) {
      const h = await fsp.open(path.join(projects, slug, name), 'r');
      let rest = '';
      const buf = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const { bytesRead } = await h.read(buf, 0, buf.length, null);
        if (!bytesRead) break;
        const lines = (rest + buf.toString('utf8', 0, bytesRead)).split('\n');
        rest = lines.pop() ?? '';
        for (const l of lines) if (l && JSON.parse(l)) n++;
      }
      await h.close();
    }
  }
  return n;
}

async function main(): Promise<void> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'desk-history-bench-'));
  const projects = path.join(root, 'claude', 'projects');
  const state = path.join(root, 'state');
  try {
    const g0 = now();
    const { bytes, bigIds, nonces } = await generate(projects);
    console.log(
      `corpus: ${SESSIONS} sessions, ${mb(bytes).toFixed(0)} MB (${BIG} of ${BIG_MB} MB), generated in ${((now() - g0) / 1000).toFixed(1)} s${FULL ? '' : '  [BENCH_HISTORY_SMALL=1: the quick corpus; unset it for ~1 GB]'}`,
    );

    // 1. Floor vs cold index (copies off: measured apart). Floor first and again after, to even out the page cache.
    const f0 = now();
    await floor(projects);
    const floorMs = now() - f0;
    let keep = false;
    const cold = await HistoryIndex.open({
      stateDir: state,
      projectsDir: projects,
      keepCopies: () => keep,
      saveDelayMs: 60_000,
    });
    const i0 = now();
    await cold.refreshAll();
    await cold.flush();
    const indexMs = now() - i0;
    const f1 = now();
    await floor(projects);
    const floorMs2 = now() - f1;
    const floorBest = Math.min(floorMs, floorMs2);
    console.log(
      `cold index: ${indexMs.toFixed(0)} ms (${(mb(bytes) / (indexMs / 1000)).toFixed(0)} MB/s); floor split+JSON.parse: ${floorBest.toFixed(0)} ms (${(mb(bytes) / (floorBest / 1000)).toFixed(0)} MB/s) → ratio ${(floorBest / indexMs).toFixed(2)}× (target ≥ 0.8)`,
    );

    // 2. Kept copies.
    keep = true;
    const c0 = now();
    await cold.refreshAll();
    await cold.flush();
    const copyMs = now() - c0;
    const stats = await cold.stats();
    console.log(
      `kept copies: ${copyMs.toFixed(0)} ms (${(mb(stats.keptRawBytes) / (copyMs / 1000)).toFixed(0)} MB/s), ${mb(stats.keptBytes).toFixed(1)} MB on disk for ${mb(stats.keptRawBytes).toFixed(0)} MB (${(stats.keptRawBytes / stats.keptBytes).toFixed(1)}×)`,
    );
    cold.close();

    // 3. Warm start.
    const w0 = now();
    const warm = await HistoryIndex.open({ stateDir: state, projectsDir: projects, saveDelayMs: 60_000 });
    const listed = warm.list();
    const warmMs = now() - w0;
    const r0 = now();
    await warm.refreshAll();
    const statMs = now() - r0;
    console.log(
      `warm start: open + list ${listed.length} sessions in ${warmMs.toFixed(0)} ms (target ≤ 300); background stat pass ${statMs.toFixed(0)} ms`,
    );

    // 4. Search.
    const queries = [
      ...nonces,
      'module 42',
      'case 7 function',
      'question 3',
      'no-such-word-anywhere',
      'project 12',
      'answer handles',
      'zqx',
    ];
    const s0 = now();
    await warm.search(queries[0]!);
    const firstMs = now() - s0;
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const q of queries) {
        const t = now();
        const hits = await warm.search(q, 50);
        times.push(now() - t);
        if (q.startsWith('zqx-nonce') && hits.length !== 1)
          throw new Error(`search ${q} found ${hits.length} sessions`);
      }
    }
    console.log(
      `search: first (loads texts) ${firstMs.toFixed(0)} ms; then p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms over ${times.length} (target p95 ≤ 100)`,
    );

    // 5. Open a 50 MB session at its end.
    global.gc?.();
    const before = process.memoryUsage();
    const o0 = now();
    const page = await readTranscriptPage(warm, bigIds[0]!);
    const openMs = now() - o0;
    const after = process.memoryUsage();
    const shown = Buffer.byteLength(JSON.stringify(page.messages));
    const grew = after.rss - before.rss;
    console.log(
      `open ${BIG_MB} MB session: last page (${page.messages.length} messages, ${(shown / 1024).toFixed(0)} KB) in ${openMs.toFixed(0)} ms (target ≤ 500); RSS grew ${mb(Math.max(0, grew)).toFixed(1)} MB, heap ${mb(Math.max(0, after.heapUsed - before.heapUsed)).toFixed(1)} MB (target ≤ 3× shown = ${mb(shown * 3).toFixed(2)} MB)`,
    );
    const p0 = now();
    await readTranscriptPage(warm, bigIds[0]!, page.before);
    console.log(`  page above: ${(now() - p0).toFixed(0)} ms`);

    // 6. RSS.
    console.log(
      `RSS with ${SESSIONS} sessions indexed and searched: ${mb(process.memoryUsage().rss).toFixed(0)} MB (target < 300)`,
    );
    warm.close();
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
}

await main();
