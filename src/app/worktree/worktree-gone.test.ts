import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { threadsStoreHarness } from '../../../test/fixtures/threads-store-harness';
import { addWorktree, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { workFolderOf } from '../../shared/work-folder';
import { EventBus } from '../event-bus';
import { wireChanges } from './changes-wiring';
import { ThreadWorktrees } from './thread-worktrees';

const temp = useTempDirs('worktree-gone');

/** A thread of a git project in its own worktree (as its first turn made it), with the land service beside it. */
async function setUp() {
  const store = temp.track(await threadsStoreHarness(await temp.make()).open());
  const repo = makeRepo(await temp.make());
  const wt = addWorktree(repo, 'notes');
  const thread = await store.create({ title: 'Write the notes' });
  await store.updateSettings(thread.id, { projectDir: repo, useWorktree: true, worktree: wt });
  const worktrees = new ThreadWorktrees({ threads: store, notice: () => undefined, workspaceDir: '/w' });
  const changes = wireChanges({ bus: new EventBus() }, store, { isBusy: () => false });
  const settings = () => store.summary(thread.id)!.settings;
  return { store, repo, wt, id: thread.id, worktrees, changes, settings };
}

describe('a thread whose worktree is gone never falls back to the main checkout silently', () => {
  it('after Discard its next turn is refused, saying so, until the user chooses the main checkout', async () => {
    const { id, repo, worktrees, changes, settings } = await setUp();
    expect(await changes.handlers.landThread({ threadId: id, action: 'discard', force: true })).toMatchObject({
      ok: true,
    });
    await expect(worktrees.ready(id, settings())).rejects.toThrow(
      /^Claude was not started\. This thread’s worktree was discarded: choose where this thread goes on — a new worktree from main, the main checkout \(.*\), or read-only\.$/,
    );
    expect(await worktrees.status(id)).toMatchObject({ gone: true, why: 'discarded', base: 'main', repo });
    await worktrees.continueAfter(id, 'checkout');
    const ready = await worktrees.ready(id, settings());
    expect(workFolderOf(ready, '/w')).toBe(repo);
  });

  it('a worktree deleted by hand (folder and branch) asks; a new worktree from the base goes on', async () => {
    const { id, repo, wt, worktrees, settings } = await setUp();
    fs.rmSync(wt.path, { recursive: true, force: true });
    git(repo, 'worktree', 'prune');
    git(repo, 'branch', '-D', wt.branch);
    await expect(worktrees.ready(id, settings())).rejects.toThrow(
      /is not there any more — deleted outside Claude Desk/,
    );
    const status = await worktrees.continueAfter(id, 'new');
    expect(status).toEqual({ gone: false });
    const now = settings().worktree!;
    expect(now).toMatchObject({ state: 'ready', base: 'main', repo });
    expect(fs.existsSync(path.join(now.path, '.git'))).toBe(true);
    expect(workFolderOf(await worktrees.ready(id, settings()), '/w')).toBe(now.path);
  });

  it('read-only refuses every later turn, and says so', async () => {
    const { id, wt, worktrees, settings } = await setUp();
    fs.rmSync(wt.path, { recursive: true, force: true });
    await worktrees.continueAfter(id, 'read-only');
    await expect(worktrees.ready(id, settings())).rejects.toThrow(/made read-only: start a new thread/);
  });

  it('a merge archives the worktree (folder removed, branch kept) unless asked to keep it; then a turn asks', async () => {
    const { id, repo, wt, worktrees, changes, settings } = await setUp();
    write(wt.path, 'notes.md', 'x\n');
    const merged = await changes.handlers.landThread({ threadId: id, action: 'merge' });
    expect(merged).toMatchObject({ ok: true });
    expect(merged.message).toMatch(/The worktree folder was removed; the branch worktree-notes stays\.$/);
    expect(fs.existsSync(wt.path)).toBe(false);
    expect(git(repo, 'branch', '--list', wt.branch)).toContain(wt.branch);
    expect(settings().worktree).toMatchObject({ state: 'merged', archived: true });
    expect(await changes.handlers.getChanges({ threadId: id })).toBeNull();
    expect(await changes.handlers.landThread({ threadId: id, action: 'commit' })).toMatchObject({
      ok: false,
      reason: 'not-worktree',
    });
    await expect(worktrees.ready(id, settings())).rejects.toThrow(
      /removed after the land \(its branch worktree-notes is kept\)/,
    );
  });

  it('Keep as branch with the folder kept leaves it in place', async () => {
    const { id, wt, changes, settings } = await setUp();
    write(wt.path, 'notes.md', 'x\n');
    const kept = await changes.handlers.landThread({ threadId: id, action: 'keep', keepWorktree: true });
    expect(kept).toMatchObject({ ok: true, message: 'The work stays on the branch worktree-notes.' });
    expect(fs.existsSync(path.join(wt.path, 'notes.md'))).toBe(true);
    expect(settings().worktree).toMatchObject({ state: 'kept' });
    expect(settings().worktree?.archived).toBeUndefined();
  });
});

describe('a thread that asks for its own worktree where none can be made says so before its first message', () => {
  it('no commit yet, a detached HEAD, not a git repository: the reason and what to do; a good repository: nothing', async () => {
    const store = temp.track(await threadsStoreHarness(await temp.make()).open());
    const worktrees = new ThreadWorktrees({ threads: store, notice: () => undefined, workspaceDir: '/w' });
    const asking = async (projectDir: string) => {
      const t = await store.create({ title: 't' });
      await store.updateSettings(t.id, { projectDir, useWorktree: true });
      return worktrees.status(t.id);
    };
    const empty = await temp.make();
    git(empty, 'init', '-q');
    expect(await asking(empty)).toEqual({
      gone: false,
      impossible: expect.stringMatching(
        /^The repository in .* has no commit yet, so a worktree has nothing to start from: make a first commit, or turn off Own worktree to work in the folder itself, as your first message otherwise will\.$/,
      ) as unknown,
    });
    const detached = makeRepo(await temp.make());
    git(detached, 'checkout', '-q', '--detach');
    expect(await asking(detached)).toMatchObject({ impossible: expect.stringMatching(/a detached HEAD/) as unknown });
    expect(await asking(await temp.make())).toMatchObject({
      impossible: expect.stringMatching(/is not inside a git repository/) as unknown,
    });
    expect(await asking(makeRepo(await temp.make()))).toEqual({ gone: false });
  });
});
