import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * After a rewind removed `file`, remove the folders it leaves empty, from its own folder upwards — stopping at the
 * first that is not empty, at `stopAt` (never removed), or at one `keep` says was there before the turn. So a
 * `build/out/` the rewound turn made goes with its last file, while the project's own folders stay.
 */
export async function removeEmptyFolders(
  file: string,
  stopAt: string,
  keep: (dir: string) => Promise<boolean> = () => Promise.resolve(false),
): Promise<void> {
  const top = path.resolve(stopAt);
  for (let dir = path.dirname(path.resolve(file)); dir.startsWith(top + path.sep); dir = path.dirname(dir)) {
    if (await keep(dir)) return;
    try {
      await fs.rmdir(dir);
    } catch (err) {
      // Already gone: look further up. Not empty (or not ours to remove): stop.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return;
    }
  }
}
