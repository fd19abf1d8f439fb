import { describe, expect, it } from 'vitest';
import { repositoryOf } from './worktree-repository';

describe('the repository of a worktree', () => {
  it('counts a worktree (and a folder inside it) under its repository, and any other folder as its own', () => {
    expect(repositoryOf('/home/me/app/.claude/worktrees/fix-login')).toBe('/home/me/app');
    expect(repositoryOf('/home/me/app/.claude/worktrees/fix-login/src')).toBe('/home/me/app');
    expect(repositoryOf('C:\\work\\app\\.claude\\worktrees\\x')).toBe('C:\\work\\app');
    expect(repositoryOf('/home/me/app')).toBe('/home/me/app');
    expect(repositoryOf('/home/me/app/.claude/worktrees')).toBe('/home/me/app/.claude/worktrees');
  });
});
