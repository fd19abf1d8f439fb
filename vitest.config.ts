import { readFileSync } from 'node:fs';
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
 * A test belongs to the integration lane when it starts the real Claude Code (its name says `real-cli`, or it imports
 * the real-CLI fixture), the `claude-desk` command line (it names its entry) or ccusage (installed on first use). Read
 * from the files themselves, so a new test lands in the right lane without a list to keep.
 */
const INTEGRATION_MARKS = ['fixtures/real-cli', 'claude-desk.mjs', 'fixtures/ccusage'];

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

const nodeFiles = nodeTestFiles();
const integrationFiles = nodeFiles.filter(isIntegration);
const unitFiles = nodeFiles.filter((f) => !integrationFiles.includes(f));

const nodeTest = {
  environment: 'node',
  // A hang guard, not a speed check: the real-CLI and command-line tests start several processes each, and on a
  // shared 2-core runner at load 15–20 one of them (four command-line runs) took more than 60 s.
  testTimeout: 180_000,
  hookTimeout: 180_000,
  pool: 'forks',
} as const;

// Three projects: `unit` (Node, nothing but the code under test and what it spawns of its own: git, the fake CLI),
// `renderer` (jsdom) — together the fast lane — and `integration`: the real Claude Code against the mock API and the
// `claude-desk` command line run as a user would.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: unitFiles, ...nodeTest } },
      { test: { name: 'integration', include: integrationFiles, ...nodeTest } },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts', 'src/renderer/src/test-support/setup-lazy.ts'],
          // Whole-app renders under jsdom are slow on a shared 2-core runner; waits are bounded per find (10 s).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
