// How our Node-side code is bundled by esbuild: the command line's build (build-command-line.mjs, which browser mode
// runs) and the first-token bench's copy of the app (bench/built-desk-app.ts) — one definition, so the bench times
// what ships.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** esbuild options for `root`'s package, without entry points and output folder. */
export function nodeBundleOptions(root) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return {
    outExtension: { '.js': '.mjs' },
    // Each command and the MCP server are their own chunks, loaded when used (src/command-line/main.ts).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages are bundled too: loading zod's and execa's hundreds of module files from node_modules took longer
    // than the rest of `claude-desk status` (zod alone ~300 ms on a busy machine). Optional native add-ons stay out.
    external: ['bufferutil', 'utf-8-validate', 'fsevents'],
    // The CommonJS packages inside (cross-spawn, ignore, semver…) call require(); ES modules have none of their own.
    banner: {
      js: "import { createRequire as __deskRequire } from 'node:module'; const require = __deskRequire(import.meta.url);",
    },
    minify: true,
    // The same version stamp electron-vite gives the desktop build (src/app/app-version.ts).
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    logLevel: 'warning',
  };
}
