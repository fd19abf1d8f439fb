#!/usr/bin/env node
// `npm start`: build and launch the desktop app. An offline install has no Electron binary (its postinstall
// downloads one); say so in one line, with the fix and the alternative, instead of a stack trace.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

const require = createRequire(import.meta.url);
let binary;
try {
  binary = require('electron');
} catch {
  binary = undefined;
}
if (typeof binary !== 'string' || !existsSync(binary)) {
  console.error(
    'Claude Desk: the Electron binary is not installed (offline install?). Fetch it with `node node_modules/electron/install.js` when online — meanwhile `npx claude-desk web` runs Claude Desk in your browser.',
  );
  process.exit(1);
}
const child = spawn('npx', ['electron-vite', 'preview', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
