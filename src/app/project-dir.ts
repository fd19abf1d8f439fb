import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A thread's project folder as the user typed it → the absolute, normalized path the CLI will run in.
 * Checked when it is saved, so a typo is reported in the settings dialog instead of failing the next turn.
 * `''` means "the default workspace" and passes through. A leading `~` is the home folder (people type it).
 */
export async function checkProjectDir(input: string, home: () => string = os.homedir): Promise<string> {
  const typed = input.trim();
  if (!typed) return '';
  const expanded = typed === '~' ? home() : /^~[/\\]/.test(typed) ? path.join(home(), typed.slice(2)) : typed;
  if (!path.isAbsolute(expanded)) {
    throw new Error(
      `The project folder must be a full path (like ${path.join(home(), 'projects', 'my-app')}), not "${typed}".`,
    );
  }
  const dir = path.resolve(expanded);
  const stat = await fs.stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw new Error(`The project folder ${dir} does not exist.`);
    throw new Error(`The project folder ${dir} cannot be read: ${err.message}`);
  });
  if (!stat.isDirectory()) throw new Error(`${dir} is a file, not a folder. Choose the folder that contains it.`);
  return dir;
}
