#!/usr/bin/env node
// Runs after `npm install` / `npm ci` (npm's `prepare`): builds the command line into out/command-line, so a fresh
// clone's first `claude-desk status` runs the build (the probes start about as soon as node does) instead of the
// TypeScript through tsx (0.3–0.6 s of loader before anything else). It never fails the install: without the build,
// bin/claude-desk.mjs runs the sources, as before.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-command-line.mjs')], { stdio: 'inherit' });
if (r.status !== 0)
  console.warn('claude-desk: the command line was not built now; it runs from the sources until `npm run build`.');
