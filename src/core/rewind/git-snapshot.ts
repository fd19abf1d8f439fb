import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { removeEmptyFolders } from './empty-folders';
import { type RunOutput, runToEnd } from '../process-runner';
import { copyGitIndex } from '../git-index-copy';

/**
 * Claude Desk's own snapshots of a project's working tree, kept as commits under a private ref namespace
 * (`refs/claude-desk/…`). They catch what the CLI's file checkpoints miss — changes made by Bash and by
 * sub-agents (recorded case 42: a Bash edit is not in `rewind_files`).
 *
 * Invariant: a snapshot never touches the user's index, branches, HEAD or stash list. It builds the tree in a
 * throwaway index file (GIT_INDEX_FILE) with `git add -A` (so .gitignore is respected), then `commit-tree`
 * and `update-ref` under our namespace only.
 */

export const SNAPSHOT_REF_PREFIX = 'refs/claude-desk/';

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}
export type GitRunner = (
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: Buffer },
) => Promise<GitResult>;

/** The real GitRunner, over the process runner. */
export const runGit: GitRunner = async (args, { cwd, env, input }) => {
  const r = await runToEnd('git', args, {
    cwd,
    env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' },
    input,
    maxOutputBytes: 256 * 1024 * 1024,
  });
  // 127 as a shell says it: git could not be started, or was ended (a signal, output past the bound).
  return { code: r.exitCode ?? 127, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
};

async function git(run: GitRunner, cwd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const r = await run(args, { cwd, env });
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr.trim() || `exit ${r.code}`}`);
  return r.stdout.toString('utf8');
}

/**
 * The nearest `.git` at or above `dir` (a folder, or the file of a linked work tree or submodule), if any.
 * Synchronous: it runs before every turn, one stat per folder up to the root, and each missing one was an error
 * object and a thread-pool round trip (~0.5 ms of the app's main thread a turn, measured, outside any repository).
 */
function nearestDotGit(dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const candidate = path.join(d, '.git');
    try {
      if (fsSync.statSync(candidate, { throwIfNoEntry: false })) return candidate;
    } catch {
      // not ours to look into: as if it were not there
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * What git said, per runner: a folder's work-tree top (while the nearest `.git` is the same one) and a top's index
 * file. Each turn asks both before its first token; each answer is a git process (several ms).
 */
const known = new WeakMap<
  GitRunner,
  { tops: Map<string, { dotGit: string; top: string }>; indexes: Map<string, string> }
>();
const cacheOf = (run: GitRunner) => {
  let cache = known.get(run);
  if (!cache) known.set(run, (cache = { tops: new Map(), indexes: new Map() }));
  return cache;
};

/** The work tree's top folder, or undefined when `dir` is not inside a git work tree (or git is missing). */
export async function gitWorkTreeRoot(dir: string, run: GitRunner = runGit): Promise<string | undefined> {
  // Every turn asks this before it starts: outside any repository, say so without spawning git (a process
  // start is several ms on the way to the first token). GIT_DIR/GIT_WORK_TREE can put a repo anywhere: ask git.
  const byEnv = Boolean(process.env.GIT_DIR || process.env.GIT_WORK_TREE);
  const dotGit = byEnv ? undefined : nearestDotGit(dir);
  if (!byEnv && !dotGit) return undefined;
  const key = path.resolve(dir);
  const cached = dotGit ? cacheOf(run).tops.get(key) : undefined;
  if (cached && cached.dotGit === dotGit) return cached.top;
  const r = await run(['rev-parse', '--show-toplevel'], { cwd: dir });
  if (r.code !== 0) return undefined;
  const top = r.stdout.toString('utf8').trim();
  if (top && dotGit) cacheOf(run).tops.set(key, { dotGit, top });
  return top || undefined;
}

/** Author/committer for snapshot commits, so a repo without user.name/email still works. */
const IDENTITY: NodeJS.ProcessEnv = {
  GIT_AUTHOR_NAME: 'Claude Desk',
  GIT_AUTHOR_EMAIL: 'snapshots@claude-desk.invalid',
  GIT_COMMITTER_NAME: 'Claude Desk',
  GIT_COMMITTER_EMAIL: 'snapshots@claude-desk.invalid',
};

/**
 * Snapshot the work tree (tracked + untracked, not ignored) as a commit, kept at `ref` (each of them, when several;
 * under refs/claude-desk/) when given; an unreferenced one serves a comparison and is collected by git's gc later.
 * Returns the commit id.
 */
export async function snapshotWorkTree(
  root: string,
  ref: string | readonly string[] | undefined,
  message: string,
  run: GitRunner = runGit,
): Promise<string> {
  const refs = ref === undefined ? [] : typeof ref === 'string' ? [ref] : [...ref];
  if (refs.some((r) => !r.startsWith(SNAPSHOT_REF_PREFIX)))
    throw new Error(`snapshot refs live under ${SNAPSHOT_REF_PREFIX}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-index-'));
  const index = path.join(tmp, 'index');
  const env = { ...IDENTITY, GIT_INDEX_FILE: index };
  try {
    // Start from a copy of the user's index (read, never written) so git re-hashes only changed files; the copy keeps
    // the index's time, or git would trust a stale stat (git-index-copy.ts).
    const indexes = cacheOf(run).indexes;
    const real =
      indexes.get(root) ??
      (await git(run, root, ['rev-parse', '--path-format=absolute', '--git-path', 'index'])).trim();
    const copied = await copyGitIndex(real, index).then(
      () => true,
      () => false,
    );
    // A repository with no index yet (or one that moved): asked again next time.
    if (copied) indexes.set(root, real);
    else indexes.delete(root);
    if (run === runGit && process.platform !== 'win32') return await snapshotInOneProcess(root, refs, message, env);
    await git(run, root, ['add', '-A', '--', '.'], env);
    const tree = (await git(run, root, ['write-tree'], env)).trim();
    const commit = (await git(run, root, ['commit-tree', tree, '-m', message], env)).trim();
    for (const r of refs) await git(run, root, ['update-ref', r, commit]);
    return commit;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The snapshot's git commands as one process the app starts — a POSIX shell running them — instead of four or five:
 * starting a process costs the app's main thread a fork of itself (measured: ~3 ms at 50 MB resident, ~12 ms at
 * 250 MB, per process), and in a git project a snapshot runs beside every turn's first token. The message and refs
 * are the shell's arguments, never part of the script. The index is the caller's throwaway one.
 */
const SNAPSHOT_SCRIPT = `set -e
message=$1
shift
git add -A -- .
tree=$(git write-tree)
commit=$(git commit-tree "$tree" -m "$message")
for ref in "$@"; do git update-ref "$ref" "$commit"; done
printf '%s\n' "$commit"`;

function snapshotInOneProcess(
  root: string,
  refs: readonly string[],
  message: string,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  return runToEnd('/bin/sh', ['-c', SNAPSHOT_SCRIPT, 'claude-desk-snapshot', message, ...refs], {
    cwd: root,
    env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' },
    // git add may warn once per file (an embedded repository, line endings): room for that, as runGit has.
    maxOutputBytes: 64 * 1024 * 1024,
  }).then((r) => {
    const commit = r.stdout.toString('utf8').trim();
    if (r.exitCode !== 0 || !/^[0-9a-f]{40,64}$/.test(commit)) {
      const why = r.stderr.toString('utf8').trim() || failure(r);
      throw new Error(`git snapshot failed: ${why}`);
    }
    return commit;
  });
}

/** What execFile's error said when the shell gave no reason of its own. */
function failure(r: RunOutput): string {
  if (r.spawnError) return `spawn /bin/sh ${r.spawnError}`;
  if (r.exitCode === 0) return 'no commit id';
  return r.signal ? `Command failed: killed by ${r.signal}` : `Command failed: exit ${r.exitCode}`;
}

export type FileChange = { path: string; status: 'added' | 'modified' | 'deleted' };

/**
 * Files that differ between two snapshots, as seen going from `from` to `to` (paths relative to the root).
 * `added` = exists in `to` only.
 */
export async function changedFiles(
  root: string,
  from: string,
  to: string,
  run: GitRunner = runGit,
): Promise<FileChange[]> {
  const out = await git(run, root, ['diff', '--no-renames', '--name-status', '-z', from, to, '--']);
  const parts = out.split('\0').filter((p) => p !== '');
  const changes: FileChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const code = parts[i]!;
    const file = parts[i + 1]!;
    changes.push({ path: file, status: code === 'A' ? 'added' : code === 'D' ? 'deleted' : 'modified' });
  }
  return changes;
}

/** A file's bytes in a snapshot, or undefined when it is not there. */
export async function fileAt(
  root: string,
  commit: string,
  file: string,
  run: GitRunner = runGit,
): Promise<Buffer | undefined> {
  const r = await run(['cat-file', 'blob', `${commit}:${file}`], { cwd: root });
  return r.code === 0 ? r.stdout : undefined;
}

/**
 * Put `files` back as they were in `commit`: rewrite those it holds, delete those it lacks. Only the listed
 * paths are touched; each path is checked to stay inside the root.
 */
export async function restoreFiles(
  root: string,
  commit: string,
  files: string[],
  run: GitRunner = runGit,
): Promise<void> {
  for (const file of files) {
    const abs = path.resolve(root, file);
    if (abs !== root && !abs.startsWith(root + path.sep))
      throw new Error(`refusing to restore a path outside the project: ${file}`);
    const bytes = await fileAt(root, commit, file, run);
    if (bytes === undefined) {
      await fs.rm(abs, { force: true });
      // The folders the turn made for it go too once empty; one the snapshot holds (it had files) stays.
      await removeEmptyFolders(abs, root, (dir) => inCommit(root, commit, path.relative(root, dir), run));
    } else {
      await fs.mkdir(path.dirname(abs), { recursive: true });
      await fs.writeFile(abs, bytes);
    }
  }
}

/** Whether `commit` holds the folder `rel` (`/`-separated in git). */
async function inCommit(root: string, commit: string, rel: string, run: GitRunner): Promise<boolean> {
  const r = await run(['cat-file', '-e', `${commit}:${rel.split(path.sep).join('/')}`], { cwd: root });
  return r.code === 0;
}

/** Delete our snapshot refs under `prefix` (e.g. when a thread is deleted). */
export async function deleteSnapshotRefs(root: string, prefix: string, run: GitRunner = runGit): Promise<void> {
  if (!prefix.startsWith(SNAPSHOT_REF_PREFIX)) return;
  const refs = (await git(run, root, ['for-each-ref', '--format=%(refname)', prefix])).split('\n').filter(Boolean);
  for (const ref of refs) await git(run, root, ['update-ref', '-d', ref]);
}
