/**
 * `npm run bench`: every bench/*.bench.ts, one after another, each in its own `npx tsx` process (so one
 * benchmark's heap, timers or child processes never skew the next). Exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync('npx', ['tsx', path.join(here, file)], { stdio: 'inherit', cwd: path.join(here, '..') });
  if (r.status !== 0) failed.push(`${file} (exit ${r.status ?? r.signal})`);
}
console.log(
  `\n${files.length - failed.length} of ${files.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);
