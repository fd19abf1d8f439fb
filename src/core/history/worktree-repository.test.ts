import { describe, expect, it } from 'vitest';
import { repositoryOf } from './worktree-repository';

describe('the repository of a worktree', () => {
  it('counts a worktree (and a folder inside it) under its repository, and any other folder as its own', () => {
    expect(repositoryOf('/work/app/.claude/worktrees/fix-login')).toBe('/work/app');
    expect(repositoryOf('/work/app/.claude/worktrees/fix-login/src')).toBe('/work/app');
    expect(repositoryOf('C:\\work\\app\\.claude\\worktrees\\x')).toBe('C:\\work\\app');
    expect(repositoryOf('/work/app')).toBe('/work/app');
    expect(repositoryOf('/work/app/.claude/worktrees')).toBe('/work/app/.claude/worktrees');
  });
});
