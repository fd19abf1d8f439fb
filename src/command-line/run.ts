// Runs the command line straight from the sources (`node --import tsx src/command-line/run.ts …`): what
// bin/claude-desk.mjs falls back to before a build; the bench times it against the build.
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
