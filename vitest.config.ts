import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: Node for everything that runs in main/core/app/web/cli, jsdom for the renderer.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{shared,core,app,main,preload,web,command-line}/**/*.test.ts',
            'test/**/*.test.ts',
            'bin/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/*.test.ts',
          ],
          // A hang guard, not a speed check: the real-CLI and command-line tests start several processes each, and
          // on a shared 2-core runner at load 15–20 one of them (four command-line runs) took more than 60 s.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
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
