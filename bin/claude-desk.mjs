#!/usr/bin/env node
// The command-line front door: the very same src/app and src/core as the desktop app and browser mode.
// It runs the build in out/command-line (`npm run build`) when that is at least as new as the sources,
// and otherwise — a fresh clone, or sources edited since — the TypeScript itself through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'out', 'command-line', 'main.mjs');
// What the command line bundles (the renderer and the Electron adapter are not part of it).
const SOURCE_DIRS = ['command-line', 'app', 'core', 'shared', 'web'].map((d) => path.join(root, 'src', d));

/** Tests are not part of the build: editing one leaves it fresh (and spares a stat per test file). */
const isTest = (name) => /\.test\.tsx?$/.test(name);

/** True when any source file under `dir` changed after `since` (ms); stops at the first one. */
function changedSince(dir, since) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return false; // no sources (an installed package): the build is all there is
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (changedSince(full, since)) return true;
    } else if (!isTest(entry.name) && fs.statSync(full).mtimeMs > since) return true;
  }
  return false;
}

function freshBuild() {
  let builtAt;
  try {
    builtAt = fs.statSync(built).mtimeMs;
  } catch {
    return false;
  }
  return !SOURCE_DIRS.some((dir) => changedSince(dir, builtAt));
}

/** tsx is a development dependency: an install without it runs whatever build there is. */
async function sourceEntry() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return pathToFileURL(path.join(root, 'src', 'command-line', 'main.ts')).href;
  } catch (err) {
    if (!fs.existsSync(built)) throw err;
    return pathToFileURL(built).href;
  }
}

const entry = freshBuild() ? pathToFileURL(built).href : await sourceEntry();
const { main } = await import(entry);
process.exitCode = await main(process.argv.slice(2));
