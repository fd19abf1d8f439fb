/**
 * The @-file picker (issue 19) on a generated 100,000-file project (1,000 folders × 100 files, a .gitignore that
 * drops a tenth of them): time until the index is ready, and the time per keystroke while typing a path.
 * Targets: index ≤ 1 s, each keystroke ≤ 30 ms (p99). Baseline in the same run: a bare fdir crawl of the same
 * folder with no filtering (what the disk costs), so the ratio shows what ignore rules + preparing add.
 * Run: npx tsx bench/file-picker.bench.ts   (BENCH_FILES=… to change the size)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fdir } from 'fdir';
import { FileIndex } from '../src/core/composer/file-index';

const total = Number(process.env.BENCH_FILES ?? 100_000);
const perDir = 100;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
const words = ['alpha', 'beta', 'gamma', 'delta', 'render', 'store', 'thread', 'composer', 'picker', 'index'];
for (let d = 0; d < total / perDir; d++) {
  const dir = path.join(root, `pkg-${words[d % 10]}`, `mod${d}`);
  fs.mkdirSync(dir, { recursive: true });
  for (let f = 0; f < perDir; f++) fs.writeFileSync(path.join(dir, `${words[f % 10]}-${f}.ts`), '');
}
fs.writeFileSync(path.join(root, '.gitignore'), 'pkg-index/\n');
fs.writeFileSync(path.join(root, 'README.md'), '# bench\n');

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

try {
  let t = process.hrtime.bigint();
  const bare = await new fdir().withRelativePaths().crawl(root).withPromise();
  const bareMs = ms(t);
  t = process.hrtime.bigint();
  const index = await FileIndex.build(root);
  const buildMs = ms(t);
  const typed = 'pkg-composer/mod57/picker-8.ts';
  const perKey: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (let i = 1; i <= typed.length; i++) {
      const k = process.hrtime.bigint();
      index.search(typed.slice(0, i));
      perKey.push(ms(k));
      if (process.env.BENCH_VERBOSE) console.log(round, typed.slice(0, i), perKey.at(-1)!.toFixed(1));
    }
  }
  const top = index.search('READ')[0]?.path;
  console.log(`files on disk: ${bare.length}, indexed: ${index.files.length} (gitignored folder left out)`);
  console.log(`bare fdir crawl (baseline): ${bareMs.toFixed(0)} ms`);
  console.log(
    `index ready: ${buildMs.toFixed(0)} ms (${(buildMs / bareMs).toFixed(2)}× the bare crawl; target ≤ 1000 ms)`,
  );
  console.log(
    `per keystroke over ${perKey.length}: p50 ${pct(perKey, 50).toFixed(2)} ms, p99 ${pct(perKey, 99).toFixed(2)} ms, max ${Math.max(...perKey).toFixed(2)} ms (target ≤ 30 ms)`,
  );
  console.log(`"READ" → ${top}`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
