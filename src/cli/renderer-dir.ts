import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Browser mode serves the built renderer (out/renderer). A fresh checkout has not built it yet,
 * so build it once on first use instead of failing.
 */
export async function ensureRendererBuilt(log: (line: string) => void): Promise<string> {
  const dir = path.join(root, 'out', 'renderer');
  if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  log('Building the Claude Desk interface (first run only)…');
  await execa('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}
