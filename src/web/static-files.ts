import fs from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Resolve a URL path inside `root`, refusing anything that escapes it. Unknown paths fall back to index.html (SPA). */
export async function resolveStatic(root: string, urlPath: string): Promise<{ file: string; type: string } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const rel = path.normalize(decoded).replace(/^([/\\])+/, '');
  const file = path.resolve(root, rel || 'index.html');
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const stat = await fs.stat(file).catch(() => null);
  if (stat?.isFile()) return { file, type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
  if (path.extname(rel)) return null; // a missing asset is a 404, not the app shell
  const index = path.join(root, 'index.html');
  return (await fs.stat(index).catch(() => null)) ? { file: index, type: TYPES['.html']! } : null;
}

export type ContentEncoding = 'br' | 'gzip';
const VARIANTS: readonly { encoding: ContentEncoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/** The codings an Accept-Encoding header allows (`br;q=0` refuses br; `*` allows any not named). */
export function acceptedEncodings(header: string | undefined): Set<ContentEncoding> {
  const accepted = new Set<ContentEncoding>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (zero) refused.add(name);
    else if (name === '*') any = true;
    else if (name === 'br' || name === 'gzip') accepted.add(name);
  }
  if (any) for (const { encoding } of VARIANTS) if (!refused.has(encoding)) accepted.add(encoding);
  return accepted;
}

/**
 * The build's precompressed copy of `file` (compress-plugin.ts) the client accepts, best first; null: send the
 * file as it is (a development build, a client that accepts neither, a file too small to have copies).
 */
export async function compressedVariant(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ file: string; encoding: ContentEncoding; size: number } | null> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of VARIANTS) {
    if (!accepted.has(encoding)) continue;
    const stat = await fs.stat(file + suffix).catch(() => null);
    if (stat?.isFile()) return { file: file + suffix, encoding, size: stat.size };
  }
  return null;
}

/** Vite names built assets by content hash (assets/index-B60PUhO9.js): such a name never changes meaning. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * Hashed assets may be cached for good (a new build has new names); the page itself never is, so a
 * rebuild is seen on the next load and the token cookie is set fresh.
 */
export function cacheControlFor(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return HASHED_ASSET.test(rel) ? 'private, max-age=31536000, immutable' : 'no-store';
}
