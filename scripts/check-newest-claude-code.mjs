#!/usr/bin/env node
/**
 * `npm run check:newest-claude-code`: tries the newest Claude Code the day it lands. It installs that release into a
 * scratch folder (never into node_modules; the pinned devDependency stays as it is), then runs the real-CLI tests and
 * the browser-mode e2e against it (CLAUDE_DESK_TEST_CLI, which test/fixtures/real-cli.ts's realCliPath() honours),
 * re-runs whatever failed against the pinned release, and prints what differs: `claude --help`, and the tests that
 * fail on the newest only. Exit 0 when nothing fails on the newest only.
 *
 *   npm run check:newest-claude-code [-- --version 2.1.340] [--only <part of a test file's path>] [--no-e2e] [--keep]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  realCliTestFiles,
  compareOutcomes,
  e2eOutcomesOf,
  formatReport,
  lineDiff,
  outcomesOf,
} from './newest-claude-code-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = '@anthropic-ai/claude-code';
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(file, argv, opts = {}) {
  const r = spawnSync(file, argv, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts });
  if (r.error) throw new Error(`${file} ${argv.join(' ')} could not start: ${r.error.message}`);
  return r;
}

function say(line) {
  process.stderr.write(`${line}\n`);
}

const pinnedVersion = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies[PACKAGE];
const pinnedBin = path.join(root, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
const wanted = option('--version') ?? run(npm, ['view', PACKAGE, 'version']).stdout.trim();
if (!/^\d+\.\d+\.\d+/.test(wanted)) {
  say(
    `Could not tell the newest ${PACKAGE} from the registry (got "${wanted}"). Check the network, or pass --version.`,
  );
  process.exit(2);
}
if (wanted === pinnedVersion)
  say(`The newest release is the pinned one (${pinnedVersion}); running against it anyway.`);

// A scratch folder of its own: its package.json lets the package's install script (which puts the native binary in
// place, as for the pinned one) run, and nothing of the project's own install is touched.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `claude-desk-newest-${wanted}-`));
const cleanup = () => {
  if (!flag('--keep')) fs.rmSync(scratch, { recursive: true, force: true });
};
process.on('exit', cleanup);
fs.writeFileSync(
  path.join(scratch, 'package.json'),
  JSON.stringify({ name: 'claude-desk-newest-claude-code', private: true, allowScripts: { [PACKAGE]: true } }),
);
say(`Installing ${PACKAGE}@${wanted} into ${scratch} …`);
const install = run(npm, ['install', '--no-audit', '--no-fund', '--save-exact', `${PACKAGE}@${wanted}`], {
  cwd: scratch,
});
const newestBin = path.join(scratch, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
const version = (bin) => run(bin, ['--version'], { env: { ...process.env, HOME: scratch } }).stdout.trim();
if (install.status !== 0 || !fs.existsSync(newestBin) || !version(newestBin)) {
  say(`The install of ${PACKAGE}@${wanted} failed:\n${install.stderr || install.stdout}`);
  process.exit(2);
}
say(`${version(newestBin)} installed; pinned: ${version(pinnedBin)}.`);

const help = (bin) => run(bin, ['--help'], { env: { ...process.env, HOME: scratch, COLUMNS: '200' } }).stdout;
const helpDiff = lineDiff(help(pinnedBin), help(newestBin));

/** One vitest run of the given files against one binary, its JSON report read back. */
function vitest(bin, files) {
  const out = path.join(scratch, `vitest-${path.basename(path.dirname(path.dirname(bin)))}-${Date.now()}.json`);
  run(npx, ['vitest', 'run', '--project', 'node', '--reporter=json', `--outputFile=${out}`, ...files], {
    env: { ...process.env, CLAUDE_DESK_TEST_CLI: bin },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return fs.existsSync(out) ? outcomesOf(JSON.parse(fs.readFileSync(out, 'utf8')), root) : new Map();
}

/** One Playwright run of the browser-mode specs against one binary (the build is made first, once). */
function playwright(bin, specs) {
  const out = path.join(scratch, `e2e-${Date.now()}.json`);
  run(npx, ['playwright', 'test', '--reporter=json', ...specs], {
    env: { ...process.env, CLAUDE_DESK_TEST_CLI: bin, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return fs.existsSync(out) ? e2eOutcomesOf(JSON.parse(fs.readFileSync(out, 'utf8'))) : new Map();
}

const failedFiles = (outcomes) => [
  ...new Set([...outcomes].filter(([, s]) => s === 'failed').map(([t]) => t.split(' › ')[0])),
];

say(`Real-CLI tests against ${wanted} …`);
const walk = (dir) =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? walk(rel) : [rel];
  });
const only = option('--only');
const chosen = (files) => (only ? files.filter((f) => f.includes(only)) : files);
const unitNewest = vitest(
  newestBin,
  chosen(realCliTestFiles([...walk('src'), ...walk('test').filter((f) => !f.includes('/fixtures/'))])),
);
const unitAgain = failedFiles(unitNewest);
const unitPinned = unitAgain.length ? vitest(pinnedBin, unitAgain) : new Map();
const unit = compareOutcomes(unitNewest, unitPinned);

let e2e;
if (!flag('--no-e2e')) {
  say('Building for the browser-mode e2e …');
  const build = run(npm, ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) say('The build failed: the e2e is not run.');
  else {
    // Every spec but the Electron window's: browser mode drives the same app over loopback.
    const specs = chosen(
      fs
        .readdirSync(path.join(root, 'e2e'))
        .filter((f) => f.endsWith('.e2e.ts') && f !== 'electron.e2e.ts')
        .map((f) => `e2e/${f}`),
    );
    say(`Browser-mode e2e against ${wanted} (${specs.length} specs) …`);
    const e2eNewest = playwright(newestBin, specs);
    const again = [...new Set([...e2eNewest].filter(([, s]) => s === 'failed').map(([t]) => t.split(' › ')[0]))];
    const e2ePinned = again.length
      ? playwright(
          pinnedBin,
          again.map((f) => `e2e/${path.basename(f)}`),
        )
      : new Map();
    e2e = compareOutcomes(e2eNewest, e2ePinned);
  }
}

process.stdout.write(`${formatReport({ pinned: pinnedVersion, newest: wanted, help: helpDiff, unit, e2e })}\n`);
process.exit(unit.onlyNewest.length || e2e?.onlyNewest.length ? 1 : 0);
