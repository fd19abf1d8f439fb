import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rendererCspPlugin } from './csp-plugin';
import { precompressPlugin } from './compress-plugin';

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  main: {
    define,
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } } },
  },
  preload: {
    // A sandboxed preload can only require('electron'): bundle everything into one CommonJS file.
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // The page's <meta> CSP comes from src/shared/csp.ts (also browser mode's header): one policy.
    plugins: [react(), rendererCspPlugin(), precompressPlugin()],
    // Minified (electron-vite leaves the renderer readable by default): the page parses a third of the code.
    build: {
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // Everything the first screen imports statically goes in the one first chunk. Left alone, the bundler puts
        // the modules the first screen shares with a lazy view (icons, dialogs, the highlighter's hook) in small
        // chunks of their own, which the page then fetches before it can start: 11 requests instead of 3, ~25 ms
        // of a new window's load (median of 15 loads, browser mode). The lazy views stay their own chunks.
        // anser's own file is lib/index.js: named for what it is, not "lib".
        output: {
          codeSplitting: {
            groups: [
              { name: 'index', tags: ['$initial'] },
              { name: 'anser', test: /node_modules[\\/]anser/ },
              // A tool card's body and what it shows (diffs, terminal output, a stored result), and the cards of a
              // turn that could not run: one chunk each rather than one per file, each a request (and its headers;
              // the phone listener counts requests against its rate limit).
              {
                name: 'tool-body',
                test: /src[\\/]renderer[\\/]src[\\/]features[\\/](tools[\\/](tool-body|diff-view|terminal-output|stored-result|web-body|input-list|code-excerpt)|approvals[\\/]proposed-diff)/,
              },
              {
                name: 'turn-cards',
                test: /src[\\/]renderer[\\/]src[\\/]features[\\/](chat[\\/](auth-card|context-too-long)|limits[\\/]limit-refused|settings[\\/](api-key-field|login-steps))/,
              },
            ],
          },
        },
      },
    },
  },
});
