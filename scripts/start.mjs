#!/usr/bin/env node
// `npm start`: the desktop app, or browser mode when Electron's binary is missing and cannot be fetched (an offline
// install) or there is no display. The decision lives in start-plan.ts (tested); the real steps in start-steps.ts.
import { register } from 'tsx/esm/api';

register();
const { start } = await import('./start-plan.ts');
const { realSteps } = await import('./start-steps.ts');
process.exitCode = await start(realSteps(process.argv.slice(2)));
