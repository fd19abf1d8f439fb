import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { git, makeRepo } from '../../../test/fixtures/scratch-worktrees';
import { createThreadWorktree } from './create-worktree';
import { discardWorktree } from './discard';

const temp = useTempDirs('wt-discard');

/** Discard against real git: the locks it lifts (Claude Desk's own, the CLI's) and the ones it leaves. */
describe('discarding a worktree', () => {
  it('lifts Claude Desk’s own lock and removes the worktree and its branch', async () => {
    const repo = makeRepo(await temp.make());
    const wt = await createThreadWorktree({ projectDir: repo, name: 'a', thread: 'Write the notes' });
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain('locked Claude Desk thread');
    expect(await discardWorktree(wt)).toMatchObject({ ok: true });
    expect(fs.existsSync(wt.path)).toBe(false);
    expect(git(repo, 'worktree', 'list')).not.toContain(wt.path);
    expect(git(repo, 'branch', '--list', wt.branch)).toBe('');
  });

  it('leaves a worktree another tool locked, saying how to lift the lock', async () => {
    const repo = makeRepo(await temp.make());
    const wt = await createThreadWorktree({ projectDir: repo, name: 'a' });
    git(repo, 'worktree', 'unlock', wt.path);
    git(repo, 'worktree', 'lock', '--reason', 'held by the release script', wt.path);
    const out = await discardWorktree(wt, { force: true });
    expect(out).toMatchObject({ ok: false, reason: 'failed' });
    expect(out.message).toMatch(/held by the release script.*git worktree unlock/);
    expect(fs.existsSync(wt.path)).toBe(true);
    expect(git(repo, 'worktree', 'list', '--porcelain')).toContain('locked held by the release script');
  });
});
