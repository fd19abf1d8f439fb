import fs from 'node:fs/promises';
import path from 'node:path';
import type { BringHow, BringOutcome } from '../../shared/worktree-changes';
import { copyGitIndex } from '../git/git-index-copy';
import { commitAll, explainGit, type Worktree } from './land';
import { filesWithMarkers, operationInProgress, unmergedPaths } from './unfinished-work';
import { type Git, gitOk, gitSaid, runGit } from '../git/git-runner';

/**
 * "Bring <base> into this thread" (issue 44 point 2): Claude Desk runs the git part itself, in the worktree — a merge
 * of the base, or a rebase onto it — and when it stops on conflicts hands over only the conflicted files, to Claude
 * (who edits them: no shell needed, so Accept edits is enough) or to the user's editor. `finishBring` checks the
 * result (no unmerged path left unresolved, no marker) and completes the merge commit or continues the rebase;
 * `abortBring` puts the worktree back as it was before the bring, uncommitted work included.
 *
 * Uncommitted work is committed first (git will not merge or rebase over it safely); what `abortBring` needs to
 * undo that commit — the head before it and a copy of the index — is kept in the worktree's own git dir, so an
 * abort after a restart of the app is as exact as one right away.
 */

interface Saved {
  how: BringHow;
  /** HEAD before the bring. */
  before: string;
  /** The commit the bring made of the uncommitted work, if it made one. */
  madeCommit?: string;
  /** Who resolves its conflicts, once asked. */
  resolver?: 'claude' | 'myself';
}

const STATE = 'claude-desk-bring.json';
const INDEX = 'claude-desk-bring.index';

async function gitPath(git: Git, cwd: string, name: string): Promise<string> {
  return path.resolve(cwd, (await gitOk(git, cwd, ['rev-parse', '--git-path', name])).trim());
}

async function readSaved(git: Git, cwd: string): Promise<Saved | undefined> {
  const text = await fs.readFile(await gitPath(git, cwd, STATE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Partial<Saved>;
    return (v.how === 'merge' || v.how === 'rebase') && typeof v.before === 'string' ? (v as Saved) : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole, then renamed into place: an abort never reads half a state. */
async function save(git: Git, cwd: string, saved: Saved): Promise<void> {
  const file = await gitPath(git, cwd, STATE);
  await fs.writeFile(`${file}.tmp`, JSON.stringify(saved), { mode: 0o600 });
  await fs.rename(`${file}.tmp`, file);
}

/** Record who resolves the conflicts of the bring in progress (Claude's turn end then finishes it). */
export async function setResolver(git: Git, cwd: string, resolver: 'claude' | 'myself'): Promise<void> {
  const saved = await readSaved(git, cwd);
  if (saved) await save(git, cwd, { ...saved, resolver });
}

/** Whether the bring in progress waits for Claude's turn to end, to finish. */
export async function awaitsClaude(git: Git, cwd: string): Promise<boolean> {
  return (await readSaved(git, cwd))?.resolver === 'claude';
}

async function forget(git: Git, cwd: string): Promise<void> {
  await fs.rm(await gitPath(git, cwd, STATE), { force: true });
  await fs.rm(await gitPath(git, cwd, INDEX), { force: true });
}

const head = async (git: Git, cwd: string) => (await gitOk(git, cwd, ['rev-parse', 'HEAD'])).trim();
const short = (sha: string) => sha.slice(0, 7);

/** Back to `saved.before` with the index as it was, when the bring's own commit of the uncommitted work is HEAD. */
async function undoOwnCommit(git: Git, wt: Worktree, saved: Saved): Promise<void> {
  if (!saved.madeCommit || (await head(git, wt.path)) !== saved.madeCommit) return;
  await gitOk(git, wt.path, ['reset', '-q', '--soft', saved.before]);
  const index = await gitPath(git, wt.path, 'index');
  const copy = await gitPath(git, wt.path, INDEX);
  if (
    await fs.stat(copy).then(
      () => true,
      () => false,
    )
  )
    await copyGitIndex(copy, index);
  else await gitOk(git, wt.path, ['read-tree', saved.before]);
}

/** What a stop on conflicts says: the files, and the three ways on. */
function stopped(wt: Worktree, how: BringHow, files: string[], committed: string | undefined): BringOutcome {
  const first = committed ? `Your uncommitted work was committed first (${short(committed)}). ` : '';
  return {
    ok: true,
    done: false,
    how,
    files,
    message: `${first}${how === 'merge' ? 'Merging' : 'Rebasing onto'} ${wt.base} stopped on conflicts in ${files.join(', ')}: have Claude resolve them, resolve them yourself, or abort to put everything back.`,
  };
}

/** Merge the base into the thread's branch, or rebase the branch onto it. */
export async function bringBase(
  wt: Worktree,
  how: BringHow,
  message: string,
  git: Git = runGit,
): Promise<BringOutcome> {
  const doing = how === 'merge' ? `merge ${wt.base} in` : `rebase onto ${wt.base}`;
  try {
    const busy = await operationInProgress(git, wt.path);
    if (busy)
      return {
        ok: false,
        reason: 'unfinished',
        message: `A ${busy} is already in progress in this thread’s worktree, so nothing was changed: finish or abort it first.`,
        files: await unmergedPaths(git, wt.path),
      };
    const baseSha = (
      await git(['rev-parse', '--verify', '-q', `refs/heads/${wt.base}`], { cwd: wt.path })
    ).stdout.trim();
    if (baseSha === '')
      return {
        ok: false,
        reason: 'failed',
        message: `The base branch ${wt.base} does not exist any more, so nothing was changed.`,
      };
    const before = await head(git, wt.path);
    if ((await git(['merge-base', '--is-ancestor', baseSha, before], { cwd: wt.path })).code === 0)
      return {
        ok: true,
        done: true,
        message: `Nothing to bring in: ${wt.branch} already has every commit of ${wt.base}.`,
      };
    const saved: Saved = { how, before };
    await save(git, wt.path, saved);
    const index = await gitPath(git, wt.path, 'index');
    await copyGitIndex(index, await gitPath(git, wt.path, INDEX)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    const committed = await commitAll(wt, message, git);
    if (committed.ok) {
      saved.madeCommit = committed.commit ?? (await head(git, wt.path));
      await save(git, wt.path, saved);
    } else if (committed.reason !== 'nothing-to-commit') {
      await forget(git, wt.path);
      return {
        ok: false,
        reason: committed.reason,
        message: committed.message,
        ...(committed.files ? { files: committed.files } : {}),
      };
    }
    const args = how === 'merge' ? ['merge', '--no-edit', '-q', wt.base] : ['rebase', '-q', wt.base];
    const r = await git(args, { cwd: wt.path });
    if (r.code === 0) {
      await forget(git, wt.path);
      const now = await head(git, wt.path);
      return {
        ok: true,
        done: true,
        message:
          how === 'merge'
            ? `Brought ${wt.base} into ${wt.branch} (${short(now)}).`
            : `Rebased ${wt.branch} onto ${wt.base}.`,
      };
    }
    const conflicted = await unmergedPaths(git, wt.path);
    if ((await operationInProgress(git, wt.path)) && conflicted.length > 0)
      return stopped(wt, how, conflicted, saved.madeCommit);
    // Refused before it began (an untracked file in the way, a hook): put the bring's own commit back.
    if (await operationInProgress(git, wt.path)) await abortOperation(git, wt.path);
    await undoOwnCommit(git, wt, saved);
    await forget(git, wt.path);
    return { ok: false, reason: 'failed', message: `Git could not ${doing} (${gitSaid(r)}), so nothing was changed.` };
  } catch (err) {
    return { ok: false, reason: 'failed', message: explainGit(err, doing) };
  }
}

/**
 * Complete a merge or rebase stopped on conflicts, once they are resolved: refused, naming them, while a conflicted
 * file still holds markers. Only the conflicted files are staged — anything else changed meanwhile stays
 * uncommitted, as it was. A rebase may stop again on its next commit: the outcome says so, with that commit's files.
 */
export async function finishBring(wt: Worktree, git: Git = runGit): Promise<BringOutcome> {
  try {
    const op = await operationInProgress(git, wt.path);
    if (op !== 'merge' && op !== 'rebase') {
      await forget(git, wt.path);
      return op
        ? {
            ok: false,
            reason: 'failed',
            message: `A ${op} is in progress here, not a merge or a rebase: finish it in a terminal.`,
          }
        : {
            ok: true,
            done: true,
            message: `Nothing to finish: no merge or rebase is in progress in this thread’s worktree.`,
          };
    }
    const conflicted = await unmergedPaths(git, wt.path);
    const markers = await filesWithMarkers(git, wt.path, 'HEAD');
    if (markers.length > 0)
      return {
        ok: false,
        reason: 'unfinished',
        message: `${markers.join(', ')} still ${markers.length === 1 ? 'has' : 'have'} conflict markers (<<<<<<<), so nothing was committed: resolve them, then finish again.`,
        files: markers,
      };
    if (conflicted.length > 0) await gitOk(git, wt.path, ['add', '--', ...conflicted]);
    const saved = await readSaved(git, wt.path);
    const args = op === 'merge' ? ['commit', '--no-edit', '-q'] : ['rebase', '--continue'];
    const r = await git(args, { cwd: wt.path });
    if (r.code !== 0) {
      const again = await unmergedPaths(git, wt.path);
      if (op === 'rebase' && again.length > 0) return stopped(wt, 'rebase', again, undefined);
      return {
        ok: false,
        reason: 'failed',
        message: `Git could not finish the ${op} (${gitSaid(r)}): the resolved files are staged; abort to put everything back, or finish again once that is fixed.`,
      };
    }
    await forget(git, wt.path);
    const how = saved?.how ?? op;
    return {
      ok: true,
      done: true,
      message:
        how === 'merge'
          ? `Brought ${wt.base} into ${wt.branch} (${short(await head(git, wt.path))}).`
          : `Rebased ${wt.branch} onto ${wt.base}.`,
    };
  } catch (err) {
    return { ok: false, reason: 'failed', message: explainGit(err, 'finish') };
  }
}

async function abortOperation(git: Git, cwd: string): Promise<void> {
  const op = await operationInProgress(git, cwd);
  if (op) await gitOk(git, cwd, [op, '--abort']);
}

/** Put the worktree back as it was before the bring: the merge or rebase aborted, the bring's own commit undone. */
export async function abortBring(wt: Worktree, git: Git = runGit): Promise<BringOutcome> {
  try {
    const saved = await readSaved(git, wt.path);
    const op = await operationInProgress(git, wt.path);
    if (!op && !saved)
      return { ok: true, done: true, message: 'Nothing to abort: no merge or rebase is in progress here.' };
    await abortOperation(git, wt.path);
    if (saved) await undoOwnCommit(git, wt, saved);
    await forget(git, wt.path);
    return {
      ok: true,
      done: true,
      message: `Aborted: the worktree is back as it was before ${wt.base} was brought in.`,
    };
  } catch (err) {
    return { ok: false, reason: 'failed', message: explainGit(err, 'abort') };
  }
}
