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
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-dom.ts'],
          // Whole-app renders under jsdom are slow on a shared 2-core runner; waits are bounded per find (10 s).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
