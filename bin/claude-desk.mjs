#!/usr/bin/env node
// The command-line front door. A thin launcher: load the TypeScript entry through tsx so the command line
// runs the very same src/app and src/core as the desktop app and browser mode.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register();
const entry = new URL('../src/command-line/main.ts', import.meta.url);
const { main } = await import(fileURLToPath(entry));
process.exitCode = await main(process.argv.slice(2));
