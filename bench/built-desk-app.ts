/**
 * The app's core as it ships, for benches that time it: src/app/desk-app.ts bundled by esbuild with the settings of
 * the command line's build (scripts/node-bundle-options.mjs, which browser mode runs) — minified, one module graph.
 * A bench that imports the TypeScript sources runs them through tsx, which keeps every function's name by wrapping
 * each definition in a `__name()` call: a turn's start defines a few dozen closures. From Enter to a kept process's
 * user line, the sources took 2.15 and 2.35 ms (medians of 22 turns, 2 runs), this bundle 2.04 and 1.93.
 * BENCH_APP=source times the sources instead.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeBundleOptions } from '../scripts/node-bundle-options.mjs';

type DeskAppModule = typeof import('../src/app/desk-app');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Which code the bench times: 'built' (default) or 'source'. */
export const benchAppCode = (): 'built' | 'source' => (process.env.BENCH_APP === 'source' ? 'source' : 'built');

/** createDeskApp and its module, bundled into a scratch folder removed when the process exits. */
export async function loadDeskApp(): Promise<DeskAppModule> {
  if (benchAppCode() === 'source') return import('../src/app/desk-app');
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-bench-app-'));
  process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  await build({
    ...nodeBundleOptions(root),
    entryPoints: [path.join(root, 'src/app/desk-app.ts')],
    outdir,
  });
  return (await import(pathToFileURL(path.join(outdir, 'desk-app.mjs')).href)) as DeskAppModule;
}
