import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_FOLDER_COMPLETIONS, type FolderCompletion } from '../../shared/projects';
import { expandHome } from './folder-facts';

/**
 * Browser mode's path field: the folders under what was typed so far. `~/pro` lists the home folder's folders
 * starting with `pro`; `~/projects/` lists all of `projects`. Folder names only (a symlink to a folder counts),
 * hidden ones only when the typed name starts with a dot, at most `limit`. Never throws.
 */
export async function completeFolder(
  typed: string,
  opts: { home?: () => string; limit?: number } = {},
): Promise<FolderCompletion> {
  const limit = Math.min(opts.limit ?? MAX_FOLDER_COMPLETIONS, MAX_FOLDER_COMPLETIONS);
  const expanded = expandHome(typed.trim() || '~/', opts.home ?? os.homedir);
  // `~` alone completes like `~/`: the home folder's own folders.
  const full = typed.trim() === '~' ? `${expanded}${path.sep}` : expanded;
  if (!path.isAbsolute(full)) {
    return { dir: '', names: [], truncated: false, problem: 'Type a full path, starting with / or ~.' };
  }
  const cut = Math.max(full.lastIndexOf('/'), full.lastIndexOf(path.sep));
  const dir = full.slice(0, cut + 1);
  const partial = full.slice(cut + 1).toLowerCase();
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => err);
  if (entries instanceof Error) {
    const missing = entries.code === 'ENOENT' || entries.code === 'ENOTDIR';
    const problem = missing
      ? `${dir} does not exist; check the path.`
      : `${dir} cannot be read (${entries.code ?? 'error'}); check its permissions.`;
    return { dir, names: [], truncated: false, problem };
  }
  const showHidden = partial.startsWith('.');
  const names: string[] = [];
  for (const e of entries) {
    if (!e.name.toLowerCase().startsWith(partial) || (!showHidden && e.name.startsWith('.'))) continue;
    if (e.isDirectory() || (e.isSymbolicLink() && (await isFolder(path.join(dir, e.name))))) names.push(e.name);
  }
  names.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  return { dir, names: names.slice(0, limit), truncated: names.length > limit };
}

const isFolder = (p: string): Promise<boolean> =>
  fs.stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
