import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChangeCounts, FileChange, ThreadWorktree } from '../../shared/worktree';
import { isInside } from '../path-inside';
import { copyGitIndex } from '../git/git-index-copy';
import { type Git, gitOk, runGit } from '../git/git-runner';

/**
 * What a worktree thread changed against its base: every file that differs from where the branch left the base,
 * committed or not, untracked included. Read-only for the worktree: its own index is never written — the
 * uncommitted state is staged into a throwaway copy of it (GIT_INDEX_FILE), which keeps git's stat cache, so only
 * files that really changed are hashed.
 */

export type WorktreeAt = Pick<ThreadWorktree, 'path' | 'branch' | 'base'>;

export interface ChangeList extends ChangeCounts {
  ahead: number;
  behind: number;
  changes: FileChange[];
}

interface Numstat {
  path: string;
  oldPath?: string;
  added: number;
  removed: number;
  binary: boolean;
}

/** Parse `git diff --numstat -z -M`: `a\tr\tpath\0`, or `a\tr\t\0old\0new\0` for a rename; `-\t-` for binary. */
export function parseNumstat(out: string): Numstat[] {
  const parts = out.split('\0');
  const rows: Numstat[] = [];
  for (let i = 0; i < parts.length; i++) {
    const head = parts[i];
    if (!head) continue;
    const [a = '', r = '', p = ''] = head.split('\t');
    const binary = a === '-' && r === '-';
    const counts = { added: binary ? 0 : Number(a), removed: binary ? 0 : Number(r), binary };
    if (p !== '') rows.push({ path: p, ...counts });
    else {
      const oldPath = parts[++i] ?? '';
      rows.push({ path: parts[++i] ?? '', oldPath, ...counts });
    }
  }
  return rows;
}

/** Parse `git diff --name-status -z -M` into path → status (A, M, D, R…). */
export function parseNameStatus(out: string): Map<string, string> {
  const parts = out.split('\0');
  const status = new Map<string, string>();
  for (let i = 0; i < parts.length; i++) {
    const code = parts[i];
    if (!code) continue;
    if (code.startsWith('R') || code.startsWith('C')) {
      i++; // the old path
      status.set(parts[++i] ?? '', code[0] ?? 'M');
    } else status.set(parts[++i] ?? '', code[0] ?? 'M');
  }
  return status;
}

const STATUS: Record<string, FileChange['status']> = { A: 'added', D: 'deleted', R: 'renamed', C: 'added' };

/** The commit where the thread's branch left its base (the base may have moved on since). */
export async function mergeBase(git: Git, wt: WorktreeAt): Promise<string> {
  return (await gitOk(git, wt.path, ['merge-base', `refs/heads/${wt.base}`, 'HEAD'])).trim();
}

/**
 * Run `work` with GIT_INDEX_FILE pointing at a copy of the worktree's index in which everything in the folder is
 * staged (`add -A`, .gitignore respected). The copy lives in a private temp folder removed afterwards.
 */
export async function withEverythingStaged<T>(
  git: Git,
  cwd: string,
  work: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T> {
  const indexPath = path.resolve(cwd, (await gitOk(git, cwd, ['rev-parse', '--git-path', 'index'])).trim());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'desk-changes-'));
  try {
    const tmpIndex = path.join(dir, 'index');
    // A worktree with nothing staged yet may have no index file: git then starts from an empty one.
    await copyGitIndex(indexPath, tmpIndex).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    const env = { GIT_INDEX_FILE: tmpIndex };
    await gitOk(git, cwd, ['add', '-A', '--', '.'], env);
    return await work(env);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const sum = (rows: Numstat[]): ChangeCounts => ({
  files: rows.length,
  added: rows.reduce((n, r) => n + r.added, 0),
  removed: rows.reduce((n, r) => n + r.removed, 0),
});

/** The board's short form: files changed and lines added/removed against the base, committed or not. */
export async function changeCounts(wt: WorktreeAt, git: Git = runGit): Promise<ChangeCounts> {
  const base = await mergeBase(git, wt);
  return withEverythingStaged(git, wt.path, async (env) =>
    sum(parseNumstat(await gitOk(git, wt.path, ['diff', '--cached', '-M', '--numstat', '-z', base], env))),
  );
}

/** The Changes panel's list: every file with +/−, renames, binaries, which are not committed yet, ahead/behind. */
export async function readChanges(wt: WorktreeAt, git: Git = runGit): Promise<ChangeList> {
  const base = await mergeBase(git, wt);
  const [lists, counts] = await Promise.all([
    withEverythingStaged(git, wt.path, (env) =>
      Promise.all([
        gitOk(git, wt.path, ['diff', '--cached', '-M', '--numstat', '-z', base], env),
        gitOk(git, wt.path, ['diff', '--cached', '-M', '--name-status', '-z', base], env),
        // Without -M: a half-committed rename lists both of its paths.
        gitOk(git, wt.path, ['diff', '--cached', '--name-only', '-z', 'HEAD'], env),
      ]),
    ),
    gitOk(git, wt.path, ['rev-list', '--left-right', '--count', `refs/heads/${wt.base}...HEAD`]),
  ]);
  const [numstat, nameStatus, notCommitted] = lists;
  const status = parseNameStatus(nameStatus);
  const uncommitted = new Set(notCommitted.split('\0').filter(Boolean));
  const rows = parseNumstat(numstat);
  const changes = rows.map((r): FileChange => ({
    path: r.path,
    ...(r.oldPath !== undefined ? { oldPath: r.oldPath } : {}),
    status: STATUS[status.get(r.path) ?? 'M'] ?? 'modified',
    added: r.added,
    removed: r.removed,
    ...(r.binary ? { binary: true } : {}),
    uncommitted: uncommitted.has(r.path) || (r.oldPath !== undefined && uncommitted.has(r.oldPath)),
  }));
  const [behind = 0, ahead = 0] = counts.trim().split(/\s+/).map(Number);
  return { ...sum(rows), ahead, behind, changes };
}

/** Past this a side of the diff is not shown (the panel says the file is too big to show). */
export const MAX_DIFF_SIDE_BYTES = 1024 * 1024;

export interface FileSides {
  path: string;
  /** null: the file does not exist on that side. */
  before: string | null;
  after: string | null;
  binary: boolean;
  tooBig: boolean;
}

const looksBinary = (buf: Buffer) => buf.subarray(0, 8000).includes(0);

/**
 * One file before (at the merge base) and after (in the worktree folder, as it is now) for the diff view.
 * `file` must be a path `readChanges` listed; anything leading out of the worktree is refused.
 */
export async function readFileSides(
  wt: WorktreeAt,
  file: { path: string; oldPath?: string },
  git: Git = runGit,
): Promise<FileSides> {
  const top = path.resolve(wt.path);
  const full = path.resolve(top, file.path);
  if (!isInside(top, full) || full === top) throw new Error('That file is not inside the thread’s worktree.');
  const base = await mergeBase(git, wt);
  const beforeOut = await git(['cat-file', 'blob', `${base}:${file.oldPath ?? file.path}`], { cwd: top });
  const before = beforeOut.code === 0 ? Buffer.from(beforeOut.stdout, 'utf8') : null;
  const after = await fs.readFile(full).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'EISDIR') return null;
    throw err;
  });
  const binary = (before !== null && looksBinary(before)) || (after !== null && looksBinary(after));
  const tooBig = (before?.length ?? 0) > MAX_DIFF_SIDE_BYTES || (after?.length ?? 0) > MAX_DIFF_SIDE_BYTES;
  const text = (b: Buffer | null) => (b === null ? null : binary || tooBig ? '' : b.toString('utf8'));
  return { path: file.path, before: text(before), after: text(after), binary, tooBig };
}
