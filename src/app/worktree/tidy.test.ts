import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { threadsStoreHarness } from '../../../test/fixtures/threads-store-harness';
import { addWorktree, git, makeRepo, write } from '../../../test/fixtures/scratch-worktrees';
import { deskLockReason } from '../../core/worktree/create-worktree';
import { EventBus } from '../event-bus';
import { wireChanges } from './changes-wiring';
import { ThreadWorktrees } from './thread-worktrees';

const temp = useTempDirs('tidy');

describe('Tidy up', () => {
  it('lists the worktrees and branches Claude Desk made that no thread works in, with what each holds, and removes the chosen', async () => {
    const store = temp.track(await threadsStoreHarness(await temp.make()).open());
    const repo = makeRepo(await temp.make());
    const changes = wireChanges({ bus: new EventBus() }, store, { isBusy: () => false });
    const worktrees = new ThreadWorktrees({ threads: store, notice: () => undefined, workspaceDir: '/w' });
    const thread = async (name: string) => {
      const wt = addWorktree(repo, name);
      git(repo, 'worktree', 'lock', '--reason', deskLockReason(name), wt.path);
      const t = await store.create({ title: name });
      await store.updateSettings(t.id, { projectDir: repo, worktree: wt });
      return { id: t.id, wt };
    };
    const merged = await thread('merged'); // merged and archived: its branch stays
    write(merged.wt.path, 'a.txt', 'a\n');
    expect(await changes.handlers.landThread({ threadId: merged.id, action: 'merge' })).toMatchObject({ ok: true });
    const kept = await thread('kept'); // kept with its folder, and something left in it since
    write(kept.wt.path, 'b.txt', 'b\n');
    await changes.handlers.landThread({ threadId: kept.id, action: 'keep', keepWorktree: true });
    write(kept.wt.path, 'later.txt', 'later\n');
    const deleted = await thread('deleted'); // its thread deleted, its worktree left behind
    await store.delete(deleted.id);
    await thread('working'); // still in use: never listed
    addWorktree(repo, 'terminal'); // the CLI's own `claude -w`: not Claude Desk's
    git(repo, 'worktree', 'lock', '--reason', 'claude session terminal (pid 1)', `${repo}/.claude/worktrees/terminal`);

    const stale = await worktrees.staleIn(repo);
    expect(stale.map((s) => [s.kind, s.branch, s.thread, s.holds])).toEqual([
      ['worktree', 'worktree-deleted', undefined, 'nothing that is not on main'],
      ['worktree', 'worktree-kept', 'kept', '1 uncommitted file and 1 commit not on main'],
      ['branch', 'worktree-merged', 'merged', 'nothing that is not on main'],
    ]);
    const chosen = stale.filter((s) => s.branch !== 'worktree-kept').map((s) => ({ path: s.path, branch: s.branch }));
    expect(await worktrees.tidy(repo, chosen)).toEqual({ removed: 2, message: 'Removed 2 of 2.' });
    expect(fs.existsSync(deleted.wt.path)).toBe(false);
    expect(git(repo, 'branch', '--list', 'worktree-merged', 'worktree-deleted')).toBe('');
    expect((await worktrees.staleIn(repo)).map((s) => s.branch)).toEqual(['worktree-kept']);
    expect(git(repo, 'worktree', 'list')).toContain('terminal');
    expect(git(repo, 'worktree', 'list')).toContain('working');
    // A folder no thread worked in is not looked at at all.
    expect(await worktrees.staleIn(await temp.make())).toEqual([]);
  });
});
