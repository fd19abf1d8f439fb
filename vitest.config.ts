import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fdir } from 'fdir';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Where the Node tests live; the renderer's run under jsdom in their own project. */
const NODE_TEST_DIRS = ['src/shared', 'src/core', 'src/app', 'src/main', 'src/preload', 'src/web', 'src/command-line'];
const NODE_TEST_ROOTS = ['test', 'bin', 'scripts'];

/**
 * A test belongs to the integration lane when it starts another program: the real Claude Code (its name says
 * `real-cli`, or it imports the real-CLI fixture), the `claude-desk` command line (it names its entry), ccusage
 * (installed on first use), git (a scratch repository, or a git runner), the fake Claude Code (directly or through the
 * turn harness) or any child process. Read from the files themselves, so a new test lands in the right lane without a
 * list to keep; the unit lane is what runs in Node alone (its temp files included).
 */
const INTEGRATION_MARKS = [
  'fixtures/real-cli',
  'claude-desk.mjs',
  'fixtures/ccusage',
  'fixtures/scratch-repo',
  'fixtures/scratch-worktrees',
  "'git'",
  'runGit',
  'fixtures/turn-harness',
  'fake-claude',
  'child_process',
  'execa',
];

function nodeTestFiles(): string[] {
  const found: string[] = [];
  const crawl = (dir: string, maxDepth?: number): void => {
    const api = new fdir().withRelativePaths().filter((p) => p.endsWith('.test.ts'));
    const files = (maxDepth === undefined ? api : api.withMaxDepth(maxDepth)).crawl(path.join(root, dir)).sync();
    for (const f of files) found.push(path.posix.join(dir, f.split(path.sep).join('/')));
  };
  for (const dir of NODE_TEST_DIRS) crawl(dir);
  for (const dir of NODE_TEST_ROOTS) crawl(dir);
  crawl('bench', 0);
  return found.filter((f) => !f.includes('/node_modules/')).sort();
}

function isIntegration(file: string): boolean {
  if (file.includes('real-cli')) return true;
  const text = readFileSync(path.join(root, file), 'utf8');
  return INTEGRATION_MARKS.some((mark) => text.includes(mark));
}

/** A file that replaces a module (`vi.mock`) gets a module registry of its own; the rest share one per worker. */
function mocksModules(file: string): boolean {
  return readFileSync(path.join(root, file), 'utf8').includes('vi.mock(');
}

const nodeFiles = nodeTestFiles();
const integrationFiles = nodeFiles.filter(isIntegration);
const unitFiles = nodeFiles.filter((f) => !integrationFiles.includes(f));
const unitMockFiles = unitFiles.filter(mocksModules);

const rendererFiles = new fdir()
  .withRelativePaths()
  .filter((p) => /\.test\.tsx?$/.test(p))
  .crawl(path.join(root, 'src/renderer'))
  .sync()
  .map((f) => path.posix.join('src/renderer', f.split(path.sep).join('/')))
  .filter((f) => !f.includes('/node_modules/'))
  .sort();
const rendererMockFiles = rendererFiles.filter(mocksModules);

const nodeTest = {
  environment: 'node',
  // A hang guard, not a speed check: the real-CLI and command-line tests start several processes each, and on a
  // shared 2-core runner at load 15–20 one of them (four command-line runs) took more than 60 s.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  pool: 'forks',
} as const;

/**
 * The pure Node tests run first, one worker per core (Vitest's default leaves one core to its main process, which
 * needs little here); then the rest with Vitest's default. Projects of one group must agree on their workers.
 */
const pureLane = { maxWorkers: availableParallelism(), sequence: { groupOrder: 0 } };

const rendererTest = {
  environment: 'jsdom' as const,
  setupFiles: [
    'test/setup-dom.ts',
    'src/renderer/src/test-support/setup-lazy.ts',
    'src/renderer/src/test-support/setup-app.ts',
  ],
  // Whole-app renders under jsdom are slow on a shared 2-core runner; waits are bounded per find (10 s).
  testTimeout: 30_000,
  pool: 'threads' as const,
  ...pureLane,
};

// Five projects: `unit` and `unit-mocks` (Node, nothing but the code under test: the fast lane), `renderer` and
// `renderer-mocks` (jsdom) and `integration` (git, the fake or real Claude Code against the mock API, the `claude-desk` command line).
export default defineConfig({
  test: {
    projects: [
      // Threads start faster than forks, and files that share a worker's module registry (isolate: false) import the
      // code once instead of once per file: 2.5 times faster. Nothing in this lane starts a process or needs one of
      // its own; a file that mocks a module runs isolated (`unit-mocks`).
      {
        test: {
          name: 'unit',
          include: unitFiles.filter((f) => !unitMockFiles.includes(f)),
          ...nodeTest,
          pool: 'threads',
          isolate: false,
          ...pureLane,
        },
      },
      { test: { name: 'unit-mocks', include: unitMockFiles, ...nodeTest, pool: 'threads', ...pureLane } },
      // One file at a time (Vitest's default on 2 cores): two at once, at load 20, had a kept Claude Code replaced
      // in mcp-in-initialize and stop-right-after-send, which pass alone.
      { test: { name: 'integration', include: integrationFiles, ...nodeTest, sequence: { groupOrder: 1 } } },
      // The renderer's files, each isolated, with the pure lanes, a worker per core. Sharing a worker's registry and
      // window (isolate: false) passed each part alone but, with every part merged, left a worker running after the
      // last file and a limit card's test failing after another file: not yet. A file that mocks a module runs in
      // `renderer-mocks`.
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: rendererFiles.filter((f) => !rendererMockFiles.includes(f)),
          ...rendererTest,
        },
      },
      // Its setup imports no feature: a module a setup file imported is cached before the test file's vi.mock, and
      // would not be mocked (the lazy parts a feature declares load on demand here, as on the page).
      {
        plugins: [react()],
        test: {
          name: 'renderer-mocks',
          include: rendererMockFiles,
          ...rendererTest,
          setupFiles: [
            'test/setup-dom.ts',
            'src/renderer/src/test-support/setup-lazy-views.ts',
            'src/renderer/src/test-support/setup-app.ts',
          ],
        },
      },
    ],
  },
});
