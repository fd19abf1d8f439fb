import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFolder } from '../../shared/projects';
import { dotGitAbove, gitDirOf } from '../git/repository-above';

/** A leading `~` is the home folder (people type it; the CLI's cwds never have it). */
export function expandHome(typed: string, home: () => string = os.homedir): string {
  if (typed === '~') return home();
  // Not path.join: it would drop a trailing `/.` the path field is completing.
  return /^~[/\\]/.test(typed) ? `${home().replace(/[/\\]+$/, '')}${path.sep}${typed.slice(2)}` : typed;
}

/**
 * What the picker shows for one folder: does it exist, can it be read, is it in a git repository and on which
 * branch. The branch comes from the repository's HEAD file, not from running git: the picker describes dozens of
 * folders at once and must not start dozens of processes. Never throws; a problem is a sentence in `problem`.
 */
export async function describeFolder(
  typed: string,
  opts: { home?: () => string; lastUsed?: number; seenIn?: ProjectFolder['seenIn'] } = {},
): Promise<ProjectFolder> {
  const dir = path.resolve(expandHome(typed.trim(), opts.home));
  const base: ProjectFolder = {
    path: dir,
    name: path.basename(dir) || dir,
    lastUsed: opts.lastUsed ?? 0,
    seenIn: opts.seenIn ?? [],
    state: 'ok',
  };
  if (!path.isAbsolute(expandHome(typed.trim(), opts.home))) {
    return { ...base, state: 'missing', problem: `“${typed}” is not a full path; type one starting with / or ~.` };
  }
  const stat = await fs.stat(dir).catch((err: NodeJS.ErrnoException) => err);
  if (stat instanceof Error) {
    const missing = stat.code === 'ENOENT' || stat.code === 'ENOTDIR';
    return missing
      ? {
          ...base,
          state: 'missing',
          problem: `${dir} no longer exists; if it was moved or renamed, open it from its new place.`,
        }
      : {
          ...base,
          state: 'unreadable',
          problem: `${dir} cannot be read (${stat.code ?? stat.message}); check its permissions or choose another folder.`,
        };
  }
  if (!stat.isDirectory()) {
    return {
      ...base,
      state: 'not-folder',
      problem: `${dir} is a file, not a folder; choose the folder that holds it.`,
    };
  }
  const readable = await fs.access(dir, fs.constants.R_OK | fs.constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!readable) {
    return {
      ...base,
      state: 'unreadable',
      problem: `${dir} cannot be read by you; check its permissions or choose another folder.`,
    };
  }
  const git = await gitFacts(dir);
  return git ? { ...base, git } : base;
}

/** The git repository holding `dir` (its own `.git`, or a parent's), and its checked-out branch. */
async function gitFacts(dir: string): Promise<ProjectFolder['git'] | undefined> {
  const found = dotGitAbove(dir);
  if (!found) return undefined;
  // A linked worktree or submodule has a `.git` file naming its real git dir.
  const gitDir = await gitDirOf(found);
  const head = gitDir ? await fs.readFile(path.join(gitDir, 'HEAD'), 'utf8').catch(() => '') : '';
  const ref = /^ref:\s*refs\/heads\/(.+)\s*$/m.exec(head)?.[1]?.trim();
  return ref ? { branch: ref } : {};
}
