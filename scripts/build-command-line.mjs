#!/usr/bin/env node
// Builds the command-line front door into out/command-line/main.mjs: ES modules of our own code
// (src/command-line, app, core, shared, web), with npm packages left as imports of node_modules. Loading
// TypeScript through tsx at run time made `claude-desk status` several times slower than the probes it runs.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBundleOptions } from './node-bundle-options.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Chunk names carry hashes: start empty so no chunk of an older build is left behind.
rmSync(path.join(root, 'out/command-line'), { recursive: true, force: true });

await build({
  ...nodeBundleOptions(root),
  entryPoints: [path.join(root, 'src/command-line/main.ts')],
  outdir: path.join(root, 'out/command-line'),
  sourcemap: 'linked',
});
