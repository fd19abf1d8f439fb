import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { git, scratchRepo } from '../../../test/fixtures/scratch-repo';
import { GitCheckpoints } from './git-checkpoints';

const temp = useTempDirs('rewind-worktrees');

/**
 * Every worktree of a repository shares its refs, so the snapshots of a thread working in a worktree of its own
 * sit beside those of the threads in the main checkout. They are of other files: a rewind never counts them.
 */
describe('rewind beside a thread in a worktree of its own', () => {
  it('a file this thread wrote is its own, even when a worktree thread wrote the same content in its worktree', async () => {
    const repo = scratchRepo(await temp.make(), { 'a.txt': 'original\n' });
    const wt = path.join(repo, '.claude', 'worktrees', 'w');
    git(repo, 'worktree', 'add', '-q', '-b', 'worktree-w', wt);
    fs.appendFileSync(path.join(repo, '.git', 'info', 'exclude'), '/.claude/worktrees/\n');
    const cp = new GitCheckpoints();
    // This thread, in the main checkout.
    await cp.snapshot(repo, 'mine', 'm1', 'before');
    fs.writeFileSync(path.join(repo, 'a.txt'), 'same words\n');
    await cp.snapshot(repo, 'mine', 'm1', 'after');
    // The worktree thread, later, writes the very same content in its own checkout.
    await cp.snapshot(wt, 'wt-thread', 'w1', 'before');
    fs.writeFileSync(path.join(wt, 'a.txt'), 'same words\n');
    await cp.snapshot(wt, 'wt-thread', 'w1', 'after');

    // Told which threads share this tree: a.txt is this thread's, restored.
    const plan = (await cp.plan(repo, 'mine', 'm1', 'm1', (other) => other !== 'wt-thread'))!;
    expect(plan.files.map((f) => [f.path, f.conflict, f.otherThread?.id])).toEqual([['a.txt', false, undefined]]);
    // Not told (as before): the worktree thread's step looked like a change of this folder.
    const blind = (await cp.plan(repo, 'mine', 'm1', 'm1'))!;
    expect(blind.files[0]?.otherThread?.id).toBe('wt-thread');

    // And the worktree thread's rewind sees only its worktree: the main checkout's a.txt is not listed.
    const own = (await cp.plan(wt, 'wt-thread', 'w1', 'w1', () => false))!;
    expect(own.root).toBe(wt);
    expect(own.files.map((f) => f.path)).toEqual(['a.txt']);
    await cp.apply(own, 'wt-thread', 'rw1');
    expect(fs.readFileSync(path.join(wt, 'a.txt'), 'utf8')).toBe('original\n');
    expect(fs.readFileSync(path.join(repo, 'a.txt'), 'utf8')).toBe('same words\n');
  });
});
