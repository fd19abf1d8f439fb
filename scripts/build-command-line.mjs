#!/usr/bin/env node
// Builds the command-line front door into out/command-line/main.mjs: ES modules of our own code
// (src/command-line, app, core, shared, web), with npm packages left as imports of node_modules. Loading
// TypeScript through tsx at run time made `claude-desk status` several times slower than the probes it runs.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// Chunk names carry hashes: start empty so no chunk of an older build is left behind.
rmSync(path.join(root, 'out/command-line'), { recursive: true, force: true });

await build({
  entryPoints: [path.join(root, 'src/command-line/main.ts')],
  outdir: path.join(root, 'out/command-line'),
  outExtension: { '.js': '.mjs' },
  // Each command and the MCP server are their own chunks, loaded when used (src/command-line/main.ts).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages are bundled too: loading zod's and execa's hundreds of module files from node_modules took longer than
  // the rest of `claude-desk status` (zod alone ~300 ms on a busy machine). Optional native add-ons stay out.
  external: ['bufferutil', 'utf-8-validate', 'fsevents'],
  // The CommonJS packages inside (cross-spawn, ignore, semver…) call require(); ES modules have none of their own.
  banner: {
    js: "import { createRequire as __deskRequire } from 'node:module'; const require = __deskRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  minify: true,
  // The same version stamp electron-vite gives the desktop build (src/app/app-version.ts).
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
