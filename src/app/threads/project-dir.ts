import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../../core/path-inside';

export interface ProjectDirChecks {
  /** The app's private `state/` dir (layout.stateDir): a project folder may neither be in it nor contain it. */
  stateDir?: string;
  /**
   * An OS wall hides the state dir from the CLI (core/sandbox): then a folder that merely contains it (your
   * home folder, say) is safe. A folder inside it never is — the wall would hide the project itself.
   */
  walled?: boolean;
  home?: () => string;
  platform?: NodeJS.Platform;
}

/**
 * A thread's project folder as the user typed it → the absolute, normalized path the CLI will run in.
 * Checked when it is saved, so a typo is reported in the settings dialog instead of failing the next turn.
 * `''` means "the default workspace" and passes through. A leading `~` is the home folder (people type it).
 */
export async function checkProjectDir(input: string, checks: ProjectDirChecks = {}): Promise<string> {
  const home = checks.home ?? os.homedir;
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
  if (checks.stateDir)
    await refusePrivateOverlap(dir, checks.stateDir, checks.platform ?? process.platform, checks.walled ?? false);
  return dir;
}

/**
 * Where no OS wall denies the state dir (core/sandbox), a project folder overlapping it would let
 * "Accept edits" rewrite the app's own settings, sessions map or saved key. Real paths, so a symlink
 * cannot smuggle it in.
 */
async function refusePrivateOverlap(
  dir: string,
  stateDir: string,
  platform: NodeJS.Platform,
  walled: boolean,
): Promise<void> {
  const real = async (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  // macOS and Windows file systems are usually case-insensitive.
  const fold = (p: string) => (platform === 'darwin' || platform === 'win32' ? p.toLowerCase() : p);
  const project = fold(await real(dir));
  const state = fold(await real(stateDir));
  if (isInside(state, project)) {
    throw new Error(`${dir} is inside Claude Desk's private data folder. Choose a project folder elsewhere.`);
  }
  if (!walled && isInside(project, state)) {
    throw new Error(
      `${dir} contains Claude Desk's private data folder (${stateDir}), where the model could change the app's own settings. Choose a folder that does not contain it.`,
    );
  }
}
