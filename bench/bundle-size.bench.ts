/**
 * What the page downloads and parses: every built renderer file, raw / gzip / brotli, split into what
 * index.html loads at start and what loads on demand (the highlighter's grammars). Builds first if needed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'out', 'renderer');
if (!fs.existsSync(path.join(dir, 'index.html'))) {
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const files = fs
  .readdirSync(path.join(dir, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const raw = fs.readFileSync(path.join(dir, 'assets', f));
    return {
      file: f,
      atStart: html.includes(`assets/${f}`),
      raw: raw.length,
      gzip: zlib.gzipSync(raw, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(raw).length,
    };
  })
  .sort((a, b) => Number(b.atStart) - Number(a.atStart) || b.raw - a.raw);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('| file | loaded | raw | gzip | brotli |\n|---|---|---|---|---|');
for (const f of files)
  console.log(
    `| ${f.file} | ${f.atStart ? 'at start' : 'on demand'} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`,
  );
const start = files.filter((f) => f.atStart);
const sum = (k: 'raw' | 'gzip' | 'brotli') => start.reduce((n, f) => n + f[k], 0);
console.log(
  `\nat start: ${kb(sum('raw'))} raw, ${kb(sum('gzip'))} gzip, ${kb(sum('brotli'))} brotli (what browser mode sends)`,
);
