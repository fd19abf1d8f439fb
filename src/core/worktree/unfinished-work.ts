import fs from 'node:fs/promises';
import path from 'node:path';
import type { GitOperation, UnfinishedWork } from '../../shared/worktree';
import { withEverythingStaged } from './changes';
import { type Git, GitFailed, gitOk } from '../git/git-runner';

/**
 * What must never be committed or landed: a merge, rebase, cherry-pick or revert stopped half way in the worktree,
 * paths still unmerged in its index, and conflict markers (`<<<<<<<`, `=======`, `>>>>>>>` lines, as git's own
 * `diff --check` finds them, the repository's `conflict-marker-size` respected) in any file the thread changed
 * against its base, committed or not. Read-only: the markers are looked for through a throwaway copy of the index.
 */

/** The file (or folder) git keeps in the worktree's own git dir while each operation is stopped half way. */
const STOPPED: [GitOperation, string][] = [
  ['rebase', 'rebase-merge'],
  ['rebase', 'rebase-apply'],
  ['merge', 'MERGE_HEAD'],
  ['cherry-pick', 'CHERRY_PICK_HEAD'],
  ['revert', 'REVERT_HEAD'],
];

/** The operation stopped half way in the worktree at `cwd`, if any. */
export async function operationInProgress(git: Git, cwd: string): Promise<GitOperation | undefined> {
  const args = ['rev-parse', ...STOPPED.flatMap(([, name]) => ['--git-path', name])];
  const where = (await gitOk(git, cwd, args)).split('\n');
  for (const [i, [operation]] of STOPPED.entries()) {
    const file = where[i]?.trim();
    if (file && (await exists(path.resolve(cwd, file)))) return operation;
  }
  return undefined;
}

/** Paths with more than one stage in the index: git's "both modified", "deleted by them"… */
export async function unmergedPaths(git: Git, cwd: string): Promise<string[]> {
  const out = await gitOk(git, cwd, ['ls-files', '-u', '-z']);
  const paths = out
    .split('\0')
    .filter(Boolean)
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  return [...new Set(paths)];
}

/** `git diff --check`'s complaints about conflict markers (`path:line: leftover conflict marker`): file → lines. */
export function parseMarkerCheck(out: string): Map<string, number[]> {
  const files = new Map<string, number[]>();
  for (const line of out.split('\n')) {
    const m = /^(.*):(\d+): leftover conflict marker$/.exec(line);
    if (m?.[1]) files.set(m[1], [...(files.get(m[1]) ?? []), Number(m[2])]);
  }
  return files;
}

/**
 * Whether one of the flagged lines opens or closes a conflict (`<<<<<<<`, `>>>>>>>`): a lone `=======` is also a
 * Markdown heading's underline, and git flags it alike.
 */
async function opensOrCloses(file: string, lines: number[]): Promise<boolean> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const all = text.split('\n');
  return lines.some((n) => /^(<{7}|>{7})/.test(all[n - 1] ?? ''));
}

/**
 * The files whose added lines hold conflict markers, against `since` (the commit the branch left its base at), with
 * everything in the folder counted as it is now. `only`: look at these paths alone (the conflicted files of a bring).
 */
export async function filesWithMarkers(git: Git, cwd: string, since: string, only?: string[]): Promise<string[]> {
  return withEverythingStaged(git, cwd, async (env) => {
    const args = ['diff', '--cached', '--check', '--no-color', '--no-ext-diff', since, '--', ...(only ?? ['.'])];
    const r = await git(args, { cwd, env });
    // 0: nothing found; 2: something found (whitespace too, filtered out by the parse); anything else is a failure.
    if (r.code !== 0 && r.code !== 2) throw new GitFailed(args, r);
    const flagged = [...parseMarkerCheck(r.stdout)];
    const real = await Promise.all(flagged.map(([file, lines]) => opensOrCloses(path.join(cwd, file), lines)));
    return flagged.filter((_, i) => real[i]).map(([file]) => file);
  });
}

/**
 * The worktree's unfinished work, or undefined when it is safe to commit and land. `base` is the branch it lands
 * into: markers are looked for in everything that differs from where the branch left it (HEAD alone when the base is
 * gone).
 */
export async function findUnfinishedWork(
  git: Git,
  wt: { path: string; base: string },
): Promise<UnfinishedWork | undefined> {
  const [operation, conflicted] = await Promise.all([operationInProgress(git, wt.path), unmergedPaths(git, wt.path)]);
  const fork = await git(['merge-base', `refs/heads/${wt.base}`, 'HEAD'], { cwd: wt.path });
  const since = fork.code === 0 ? fork.stdout.trim() : 'HEAD';
  const markers = await filesWithMarkers(git, wt.path, since);
  if (operation === undefined && conflicted.length === 0 && markers.length === 0) return undefined;
  return { ...(operation ? { operation } : {}), conflicted, markers };
}

/** One sentence for a refusal: what is unfinished, naming the files, and what to do; `doing` is the refused action. */
export function describeUnfinished(u: UnfinishedWork, base: string, doing: string): string {
  const parts: string[] = [];
  if (u.operation) parts.push(`a ${u.operation} is in progress in this thread’s worktree`);
  if (u.conflicted.length > 0)
    parts.push(`${list(u.conflicted)} ${u.conflicted.length === 1 ? 'is' : 'are'} still conflicted`);
  const onlyMarkers = u.markers.filter((f) => !u.conflicted.includes(f));
  if (onlyMarkers.length > 0)
    parts.push(`${list(onlyMarkers)} still ${onlyMarkers.length === 1 ? 'has' : 'have'} conflict markers (<<<<<<<)`);
  const fix = u.operation
    ? `Finish it (resolve the files; “Bring ${base} in” completes it) or abort it`
    : 'Resolve the markers';
  return `${capital(parts.join(', and '))}, so nothing was changed. ${fix}, then ${doing} again.`;
}

export const unfinishedFiles = (u: UnfinishedWork) => [...new Set([...u.conflicted, ...u.markers])];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

const list = (files: string[]) =>
  files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
