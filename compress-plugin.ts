import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** `file.br` and `file.gz` beside `file` (each only if smaller), at the strongest settings: this runs once per build. */
export async function precompress(file: string): Promise<{ br?: number; gz?: number }> {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const out: { br?: number; gz?: number } = {};
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br).then(() => (out.br = br.length));
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz).then(() => (out.gz = gz.length));
  return out;
}

/**
 * Vite plugin (renderer build): precompressed copies of the page's text files for browser mode, which serves
 * them to a browser that accepts them (src/web/static-files.ts). The Electron window reads the plain files.
 */
export function precompressPlugin(): Plugin {
  return {
    name: 'claude-desk-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => precompress(path.join(dir, name))));
    },
  };
}
