import {
  SNAPSHOT_REF_PREFIX,
  changedFiles,
  deleteSnapshotRefs,
  fileAt,
  gitWorkTreeRoot,
  restoreFiles,
  snapshotStore,
  snapshotWorkTree,
} from './git-snapshot';
import { runGitBytes, type GitBytes } from '../git/git-runner';
import type { RewindFile } from '../../shared/rewind';
import { filesOfOtherThreads } from './other-threads';

/** Text previews bigger than this are not sent to the window (the list still names the file). */
const PREVIEW_MAX_BYTES = 256 * 1024;
const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/;

function refFor(threadId: string, messageId: string, which: 'before' | 'after' | 'undo'): string {
  if (!SAFE_ID.test(threadId) || !SAFE_ID.test(messageId)) throw new Error('checkpoint ids must be plain identifiers');
  return `${SNAPSHOT_REF_PREFIX}${threadId}/${messageId}/${which}`;
}

/** The thread's most recent after-snapshot (turn, rewind or switch): the tree as Claude Desk last left it. */
function latestRef(threadId: string): string {
  if (!SAFE_ID.test(threadId)) throw new Error('checkpoint ids must be plain identifiers');
  return `${SNAPSHOT_REF_PREFIX}${threadId}/latest`;
}

function preview(bytes: Buffer | undefined): { text?: string; binary?: boolean } {
  if (bytes === undefined) return {};
  if (bytes.length > PREVIEW_MAX_BYTES || bytes.includes(0)) return { binary: true };
  return { text: bytes.toString('utf8') };
}

/**
 * The snapshot at `ref`: in the snapshot store, or — one an older version made that could not be moved there yet —
 * under the project's own refs (the store reads the project's objects too).
 */
async function resolveRef(root: string, ref: string, run: GitBytes): Promise<string | undefined> {
  const store = await snapshotStore(root, run);
  for (const inside of [store.run, run]) {
    const r = await inside(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd: root });
    if (r.code === 0) return r.stdout.toString('utf8').trim();
  }
  return undefined;
}

export interface GitRewindPlan {
  root: string;
  /** The snapshot taken before the target message's turn: what the files go back to. */
  target: string;
  files: RewindFile[];
}

/**
 * Per-turn snapshots of a project inside a git work tree: one before each turn and one after it, keyed by
 * thread and user message. A rewind compares "before the target turn" with the tree as it is now; a file
 * that differs from the snapshot after the latest turn was changed by someone other than Claude since, and
 * is a conflict (kept unless the user says otherwise) — as is a file another thread sharing the folder wrote
 * last (other-threads.ts).
 */
export class GitCheckpoints {
  constructor(private readonly run: GitBytes = runGitBytes) {}

  root(projectDir: string): Promise<string | undefined> {
    return gitWorkTreeRoot(projectDir, this.run);
  }

  /** git in the work tree's snapshot store: where the snapshots' commits are read. */
  private async inStore(root: string): Promise<GitBytes> {
    return (await snapshotStore(root, this.run)).run;
  }

  /** Snapshot the tree before (or after) the turn of `messageId`; undefined outside git. Never throws. */
  async snapshot(
    projectDir: string,
    threadId: string,
    messageId: string,
    which: 'before' | 'after',
  ): Promise<string | undefined> {
    try {
      const root = await this.root(projectDir);
      if (!root) return undefined;
      // After a turn the thread's latest ref moves to the same commit, in the same git process.
      const refs = [refFor(threadId, messageId, which), ...(which === 'after' ? [latestRef(threadId)] : [])];
      return await snapshotWorkTree(root, refs, `claude-desk ${which} ${messageId}`, this.run);
    } catch {
      return undefined;
    }
  }

  async has(projectDir: string, threadId: string, messageId: string): Promise<boolean> {
    const root = await this.root(projectDir);
    return (
      root !== undefined && (await resolveRef(root, refFor(threadId, messageId, 'before'), this.run)) !== undefined
    );
  }

  /**
   * What rewinding to just before `messageId` would change. `latestMessageId` is the thread's last user message
   * (its "after" snapshot tells Claude's changes from the user's).
   */
  async plan(
    projectDir: string,
    threadId: string,
    messageId: string,
    latestMessageId?: string,
    /** Whether another thread works in the same work tree (not in a worktree of its own): filesOfOtherThreads. */
    sharesTree?: (otherThreadId: string) => boolean,
  ): Promise<GitRewindPlan | undefined> {
    const root = await this.root(projectDir);
    if (!root) return undefined;
    const target = await resolveRef(root, refFor(threadId, messageId, 'before'), this.run);
    if (!target) return undefined;
    const store = await this.inStore(root);
    const now = await snapshotWorkTree(root, undefined, 'claude-desk rewind preview', this.run);
    const after =
      (await resolveRef(root, latestRef(threadId), this.run)) ??
      (latestMessageId ? await resolveRef(root, refFor(threadId, latestMessageId, 'after'), this.run) : undefined);
    const userChanged = new Set(after ? (await changedFiles(root, after, now, store)).map((c) => c.path) : []);
    const changes = await changedFiles(root, target, now, store);
    // Another thread sharing the folder wrote it last: not this rewind's to undo (unless the user ticks it).
    const others = await filesOfOtherThreads(
      root,
      threadId,
      target,
      now,
      changes.map((c) => c.path),
      store,
      sharesTree,
    ).catch(() => new Map<string, string>());
    const files: RewindFile[] = [];
    for (const change of changes) {
      const [before, current] = await Promise.all([
        fileAt(root, target, change.path, store),
        fileAt(root, now, change.path, store),
      ]);
      const b = preview(before);
      const c = preview(current);
      files.push({
        path: change.path,
        // What the rewind does to the file as it is now.
        action: change.status === 'added' ? 'delete' : change.status === 'deleted' ? 'recreate' : 'restore',
        conflict: userChanged.has(change.path) || others.has(change.path),
        ...(others.has(change.path) ? { otherThread: { id: others.get(change.path)! } } : {}),
        ...(b.text !== undefined ? { before: b.text } : {}),
        ...(c.text !== undefined ? { current: c.text } : {}),
        ...(b.binary || c.binary ? { binary: true } : {}),
      });
    }
    return { root, target, files };
  }

  /**
   * Restore the plan's files (conflicts only when listed in `overwrite`), after snapshotting the tree so the
   * rewind itself can be undone. `between` runs after that snapshot and before the restore (Claude Code's own
   * rewind, for files the snapshots do not hold); it returns the root-relative paths it changed, and any of
   * them the user chose to keep is put back as it was. Returns the files restored and the undo snapshot.
   */
  async apply(
    plan: GitRewindPlan,
    threadId: string,
    rewindId: string,
    overwrite: ReadonlySet<string> = new Set(),
    between?: () => Promise<string[]>,
  ): Promise<{ restored: string[]; kept: string[]; undo: string }> {
    const undo = await snapshotWorkTree(
      plan.root,
      refFor(threadId, rewindId, 'undo'),
      `claude-desk undo ${rewindId}`,
      this.run,
    );
    const touched = new Set(between ? await between() : []);
    const restored = plan.files.filter((f) => !f.conflict || overwrite.has(f.path)).map((f) => f.path);
    const kept = plan.files.filter((f) => f.conflict && !overwrite.has(f.path)).map((f) => f.path);
    const store = await this.inStore(plan.root);
    await restoreFiles(plan.root, plan.target, restored, store);
    await restoreFiles(
      plan.root,
      undo,
      kept.filter((f) => touched.has(f)),
      store,
    );
    await this.markAfter(plan.root, threadId, rewindId);
    return { restored, kept, undo };
  }

  /** Put back the files a rewind restored, as they were just before it. */
  async undo(projectDir: string, threadId: string, rewindId: string, files: string[]): Promise<string[]> {
    const { root, commit } = await this.undoSnapshot(projectDir, threadId, rewindId);
    await restoreFiles(root, commit, files, await this.inStore(root));
    return files;
  }

  /**
   * Switch the tree to the files as they were just before rewind `rewindId` (a set-aside branch's files),
   * after keeping the tree as it is now under `saveAs` so that switch can be made back. A file changed since
   * the thread's latest after-snapshot (its last turn, rewind or switch) is the user's, and is kept as it is.
   */
  async switchTo(
    projectDir: string,
    threadId: string,
    rewindId: string,
    saveAs: string,
  ): Promise<{ restored: string[]; kept: string[] }> {
    const { root, commit } = await this.undoSnapshot(projectDir, threadId, rewindId);
    const now = await snapshotWorkTree(root, refFor(threadId, saveAs, 'undo'), `claude-desk undo ${saveAs}`, this.run);
    const store = await this.inStore(root);
    const files = (await changedFiles(root, commit, now, store)).map((c) => c.path);
    const reference = await resolveRef(root, latestRef(threadId), this.run);
    const userChanged = new Set(reference ? (await changedFiles(root, reference, now, store)).map((c) => c.path) : []);
    const restored = files.filter((f) => !userChanged.has(f));
    await restoreFiles(root, commit, restored, store);
    await this.markAfter(root, threadId, saveAs);
    return { restored, kept: files.filter((f) => userChanged.has(f)) };
  }

  /** The tree right after a rewind or a switch: what a later switch compares with to find the user's changes. */
  private async markAfter(root: string, threadId: string, id: string): Promise<void> {
    await snapshotWorkTree(
      root,
      [refFor(threadId, id, 'after'), latestRef(threadId)],
      `claude-desk after ${id}`,
      this.run,
    );
  }

  private async undoSnapshot(
    projectDir: string,
    threadId: string,
    rewindId: string,
  ): Promise<{ root: string; commit: string }> {
    const root = await this.root(projectDir);
    if (!root)
      throw new Error('The project folder is no longer inside a git work tree, so its files cannot be switched back.');
    const commit = await resolveRef(root, refFor(threadId, rewindId, 'undo'), this.run);
    if (!commit)
      throw new Error('The snapshot of those files is gone (the repository was cleaned), so they cannot be restored.');
    return { root, commit };
  }

  /** Forget every snapshot of a thread (the thread was deleted). */
  async forget(projectDir: string, threadId: string): Promise<void> {
    const root = await this.root(projectDir).catch(() => undefined);
    if (root && SAFE_ID.test(threadId))
      await deleteSnapshotRefs(root, `${SNAPSHOT_REF_PREFIX}${threadId}/`, this.run).catch(() => undefined);
  }
}
