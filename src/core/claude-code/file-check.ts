import { constants, statSync } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';

/** What a candidate location holds. */
export type FileCheck = 'executable' | 'missing' | 'not_executable' | 'directory';

/** The file-system questions the lookup asks; injected so Windows layouts can be faked on any OS. */
export interface LookupFs {
  check(file: string): Promise<FileCheck>;
  readText(file: string): Promise<string>;
  /** Changes when the binary is replaced or updated (mtime, plus inode and size for good measure). */
  stamp(file: string): Promise<string | null>;
}

export const realLookupFs: LookupFs = {
  async check(file) {
    let info;
    try {
      info = await stat(file); // follows symlinks: ~/.local/bin/claude is a link into ~/.local/share
    } catch {
      return 'missing';
    }
    if (info.isDirectory()) return 'directory';
    try {
      // On Windows X_OK is only an existence check; there the extension decides what runs.
      await access(file, constants.X_OK);
      return 'executable';
    } catch {
      return 'not_executable';
    }
  },
  readText: (file) => readFile(file, 'utf8'),
  // Asked before every turn (was the CLI updated?): a synchronous stat is microseconds, where a thread-pool round
  // trip held each turn's first token ~1 ms on a busy machine.
  async stamp(file) {
    try {
      const info = statSync(file);
      return `${info.mtimeMs}:${info.ino}:${info.size}`;
    } catch {
      return null;
    }
  },
};
