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
