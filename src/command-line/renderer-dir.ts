import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/** The checkout (or install) root: the nearest folder up with our package.json, from src/ or from the out/ build. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'src', 'renderer'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}
const root = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The newest modification time under `dir` (recursive); 0 when it does not exist. */
function newestMtime(dir: string): number {
  let newest = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Browser mode serves the built renderer (out/renderer). A fresh checkout has not built it yet, and a
 * checkout that was updated since the last build would serve a stale interface: build it in both cases.
 */
export async function ensureRendererBuilt(log: (line: string) => void): Promise<string> {
  const dir = path.join(root, 'out', 'renderer');
  const index = path.join(dir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(root, 'src', 'renderer')),
    newestMtime(path.join(root, 'src', 'shared')),
  );
  if (builtAt && builtAt >= sourcesAt) return dir;
  log(
    builtAt
      ? 'Rebuilding the Claude Desk interface (sources changed)…'
      : 'Building the Claude Desk interface (first run only)…',
  );
  await execa('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}
