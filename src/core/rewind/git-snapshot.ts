import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { removeEmptyFolders } from './empty-folders';
import { type RunOutput, runToEnd } from '../process-runner';
import { copyGitIndex } from '../git/git-index-copy';
import { dotGitAbove } from '../git/repository-above';
import { gitEnv, runGitBytes, type GitBytes } from '../git/git-runner';

/**
 * Claude Desk's own snapshots of a project's working tree, kept as commits under a private ref namespace
 * (`refs/claude-desk/…`) of a side repository of its own. They catch what the CLI's file checkpoints miss — changes
 * made by Bash and by sub-agents (recorded case 42: a Bash edit is not in `rewind_files`).
 *
 * Invariant: a snapshot never touches the user's index, branches, HEAD, stash list or refs. It builds the tree in a
 * throwaway index file (GIT_INDEX_FILE) with `git add -A` (so .gitignore is respected), then `commit-tree` and
 * `update-ref` — in the snapshot store (snapshotStore): a bare repository inside the project's git folder that
 * borrows the project's objects, so `git log --all`, `git branch`, `git for-each-ref` and every tool that lists the
 * user's refs never show a snapshot, and the user's `git gc` cannot take one away.
 */

export const SNAPSHOT_REF_PREFIX = 'refs/claude-desk/';

async function git(run: GitBytes, cwd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const r = await run(args, { cwd, env });
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr.trim() || `exit ${r.code}`}`);
  return r.stdout.toString('utf8');
}

/**
 * What git said, per runner: a folder's work-tree top (while the nearest `.git` is the same one) and a top's index
 * file. Each turn asks both before its first token; each answer is a git process (several ms).
 */
const known = new WeakMap<
  GitBytes,
  { tops: Map<string, { dotGit: string; top: string }>; indexes: Map<string, string> }
>();
const cacheOf = (run: GitBytes) => {
  let cache = known.get(run);
  if (!cache) known.set(run, (cache = { tops: new Map(), indexes: new Map() }));
  return cache;
};

/** The work tree's top folder, or undefined when `dir` is not inside a git work tree (or git is missing). */
export async function gitWorkTreeRoot(dir: string, run: GitBytes = runGitBytes): Promise<string | undefined> {
  // Every turn asks this before it starts: outside any repository, say so without spawning git (a process
  // start is several ms on the way to the first token). An inherited GIT_DIR does not count (git-runner.ts).
  const dotGit = dotGitAbove(dir)?.dotGit;
  if (!dotGit) return undefined;
  const key = path.resolve(dir);
  const cached = cacheOf(run).tops.get(key);
  if (cached && cached.dotGit === dotGit) return cached.top;
  const r = await run(['rev-parse', '--show-toplevel'], { cwd: dir });
  if (r.code !== 0) return undefined;
  const top = r.stdout.toString('utf8').trim();
  if (top) cacheOf(run).tops.set(key, { dotGit, top });
  return top || undefined;
}

/**
 * Where a repository's snapshots live: `<git common dir>/claude-desk/snapshots`, a bare repository shared by every
 * worktree of the repository. Its `objects/info/alternates` names the project's object store (relative, so a moved
 * repository keeps it), so a snapshot writes only the blobs that changed; its refs are its own, out of the user's
 * sight. Its `info/exclude` is the project's, so a snapshot ignores what `git status` ignores.
 */
export const SNAPSHOT_STORE = path.join('claude-desk', 'snapshots');

export interface SnapshotStore {
  /** The work tree's top. */
  root: string;
  /** The store's git folder. */
  gitDir: string;
  /** git in the store, over the work tree (GIT_DIR and GIT_WORK_TREE set). */
  run: GitBytes;
}

const stores = new WeakMap<GitBytes, Map<string, Promise<SnapshotStore>>>();

/**
 * The snapshot store of the work tree at `root`, made on first use. Snapshots an older version kept under the
 * project's own `refs/claude-desk/` move into it (asked once per repository and run of the app): their objects are
 * copied over first, so neither the move nor a later `git gc` of the project loses one.
 */
export function snapshotStore(root: string, run: GitBytes = runGitBytes): Promise<SnapshotStore> {
  let byRoot = stores.get(run);
  if (!byRoot) stores.set(run, (byRoot = new Map()));
  let store = byRoot.get(root);
  if (!store) {
    store = openStore(root, run);
    byRoot.set(root, store);
    // A failure is asked again next time (git was busy, a folder not writable yet).
    store.catch(() => byRoot.delete(root));
  }
  return store;
}

async function openStore(root: string, run: GitBytes): Promise<SnapshotStore> {
  const [common, format] = (
    await git(run, root, ['rev-parse', '--path-format=absolute', '--git-common-dir', '--show-object-format'])
  )
    .trim()
    .split('\n');
  if (!common || !format) throw new Error('git did not name the repository folder');
  const gitDir = path.join(common, SNAPSHOT_STORE);
  if (!fsSync.existsSync(path.join(gitDir, 'HEAD'))) await createStore(common, gitDir, format, run);
  const store: SnapshotStore = {
    root,
    gitDir,
    run: (args, opts) => run(args, { ...opts, env: { ...opts.env, GIT_DIR: gitDir, GIT_WORK_TREE: root } }),
  };
  // Not moved this time (git failed): they stay where they were, still read from there (GitCheckpoints), and the
  // move is tried again on the next run.
  await moveOldSnapshots(root, store, run).catch(() => undefined);
  return store;
}

/** A new store, made aside and moved into place whole (two windows making it at once: the first one stays). */
async function createStore(common: string, gitDir: string, format: string, run: GitBytes): Promise<void> {
  await fs.mkdir(path.dirname(gitDir), { recursive: true });
  const making = await fs.mkdtemp(`${gitDir}.new-`);
  try {
    await git(run, path.dirname(gitDir), ['init', '-q', '--bare', `--object-format=${format}`, making]);
    const objects = path.join(gitDir, 'objects');
    await fs.writeFile(
      path.join(making, 'objects', 'info', 'alternates'),
      `${path.relative(objects, path.join(common, 'objects')).split(path.sep).join('/')}\n`,
    );
    const exclude = path.join(making, 'info', 'exclude');
    await fs.rm(exclude, { force: true });
    await fs
      .symlink(path.relative(path.dirname(exclude), path.join(common, 'info', 'exclude')), exclude)
      .catch(() => fs.copyFile(path.join(common, 'info', 'exclude'), exclude).catch(() => undefined));
    await fs.rename(making, gitDir).catch((err: NodeJS.ErrnoException) => {
      if (!fsSync.existsSync(path.join(gitDir, 'HEAD'))) throw err;
    });
  } finally {
    await fs.rm(making, { recursive: true, force: true });
  }
}

/**
 * Older versions kept snapshots under the project's own refs/claude-desk/: copy each ref into the store, copy the
 * objects they reach into the store's own pack (`repack -a` without `-l` takes the borrowed ones too), and only
 * then delete them from the project — each only if it still names the commit copied.
 */
async function moveOldSnapshots(root: string, store: SnapshotStore, run: GitBytes): Promise<void> {
  const listed = await git(run, root, ['for-each-ref', '--format=%(objectname) %(refname)', SNAPSHOT_REF_PREFIX]);
  const refs = listed
    .split('\n')
    .map((line) => line.split(' '))
    .filter((parts): parts is [string, string] => parts.length === 2 && parts[1]!.startsWith(SNAPSHOT_REF_PREFIX));
  if (refs.length === 0) return;
  const copy = refs.map(([id, ref]) => `update ${ref} ${id}\n`).join('');
  await gitWithInput(store.run, root, ['update-ref', '--stdin'], copy);
  await git(store.run, root, ['repack', '-a', '-d', '-q']);
  const remove = refs.map(([id, ref]) => `delete ${ref} ${id}\n`).join('');
  await gitWithInput(run, root, ['update-ref', '--stdin'], remove);
}

async function gitWithInput(run: GitBytes, cwd: string, args: string[], input: string): Promise<void> {
  const r = await run(args, { cwd, input: Buffer.from(input) });
  if (r.code !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr.trim() || `exit ${r.code}`}`);
}

/** Author/committer for snapshot commits, so a repo without user.name/email still works. */
const IDENTITY: NodeJS.ProcessEnv = {
  GIT_AUTHOR_NAME: 'Claude Desk',
  GIT_AUTHOR_EMAIL: 'snapshots@claude-desk.invalid',
  GIT_COMMITTER_NAME: 'Claude Desk',
  GIT_COMMITTER_EMAIL: 'snapshots@claude-desk.invalid',
};

/**
 * Snapshot the work tree (tracked + untracked, not ignored) as a commit of the snapshot store, kept at `ref` (each of
 * them, when several; under refs/claude-desk/) when given; an unreferenced one serves a comparison and is collected
 * later. Returns the commit id.
 */
export async function snapshotWorkTree(
  root: string,
  ref: string | readonly string[] | undefined,
  message: string,
  run: GitBytes = runGitBytes,
): Promise<string> {
  const refs = ref === undefined ? [] : typeof ref === 'string' ? [ref] : [...ref];
  if (refs.some((r) => !r.startsWith(SNAPSHOT_REF_PREFIX)))
    throw new Error(`snapshot refs live under ${SNAPSHOT_REF_PREFIX}`);
  const store = await snapshotStore(root, run);
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
    const once = () => snapshotWith(store, refs, message, env, run);
    // An index the store cannot read as it is (a split index keeps its other half in the project's git folder):
    // the snapshot is made again from no index, every file hashed.
    return await once().catch(async (err: unknown) => {
      if (!copied) throw err;
      await fs.rm(index, { force: true });
      return once();
    });
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

async function snapshotWith(
  store: SnapshotStore,
  refs: readonly string[],
  message: string,
  env: NodeJS.ProcessEnv,
  run: GitBytes,
): Promise<string> {
  const { root } = store;
  if (run === runGitBytes && process.platform !== 'win32')
    return snapshotInOneProcess(root, refs, message, { ...env, GIT_DIR: store.gitDir, GIT_WORK_TREE: root });
  await git(store.run, root, ['add', '-A', '--', '.'], env);
  const tree = (await git(store.run, root, ['write-tree'], env)).trim();
  const commit = (await git(store.run, root, ['commit-tree', tree, '-m', message], env)).trim();
  for (const r of refs) await git(store.run, root, ['update-ref', r, commit]);
  return commit;
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
    env: gitEnv(env),
    // git add may warn once per file (an embedded repository, line endings): room for that, as runGitBytes has.
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
  run: GitBytes = runGitBytes,
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
  run: GitBytes = runGitBytes,
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
  run: GitBytes = runGitBytes,
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
async function inCommit(root: string, commit: string, rel: string, run: GitBytes): Promise<boolean> {
  const r = await run(['cat-file', '-e', `${commit}:${rel.split(path.sep).join('/')}`], { cwd: root });
  return r.code === 0;
}

/**
 * Delete the snapshot refs under `prefix` (a thread was deleted); the objects only they held are pruned from the
 * store a day later (not at once: a snapshot being made right now has objects no ref holds yet).
 */
export async function deleteSnapshotRefs(root: string, prefix: string, run: GitBytes = runGitBytes): Promise<void> {
  if (!prefix.startsWith(SNAPSHOT_REF_PREFIX)) return;
  const store = await snapshotStore(root, run);
  const refs = (await git(store.run, root, ['for-each-ref', '--format=%(objectname) %(refname)', prefix]))
    .split('\n')
    .filter(Boolean);
  if (refs.length === 0) return;
  const remove = refs.map(
    (line) => `delete ${line.slice(line.indexOf(' ') + 1)} ${line.slice(0, line.indexOf(' '))}\n`,
  );
  await gitWithInput(store.run, root, ['update-ref', '--stdin'], remove.join(''));
  await git(store.run, root, ['prune', '--expire=1.day.ago']);
}
