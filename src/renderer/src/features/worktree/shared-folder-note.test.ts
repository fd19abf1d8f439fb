import { describe, expect, it } from 'vitest';
import type { ThreadSettings, ThreadSummary } from '../../../../shared/threads';
import type { DeskState } from '../../store/desk-state';
import { sharedFolderSentence } from './shared-folder-note';

const thread = (id: string, title: string, settings: ThreadSettings): ThreadSummary =>
  ({ id, title, settings, createdAt: 0, updatedAt: 0, totals: {} }) as ThreadSummary;
const state = (threads: ThreadSummary[], running: Record<string, string>): DeskState =>
  ({
    activeThreadId: 'me',
    threads,
    inFlight: Object.fromEntries(
      Object.entries(running).map(([turnId, threadId]) => [turnId, { turnId, threadId, status: 'running' }]),
    ),
  }) as unknown as DeskState;

describe('the shared-folder note', () => {
  const wt = { name: 'a', repo: '/p', path: '/p/.claude/worktrees/a', branch: 'worktree-a', base: 'main' } as const;

  it('names the other thread working in the same folder, and only while it works', () => {
    const threads = [thread('me', 'Mine', { projectDir: '/p' }), thread('b', 'Docs pass', { projectDir: '/p' })];
    expect(sharedFolderSentence(state(threads, { t1: 'b' }))).toBe(
      '“Docs pass” is working in this folder too: you share its files.',
    );
    expect(sharedFolderSentence(state(threads, {}))).toBeUndefined();
    const three = [...threads, thread('c', 'C', { projectDir: '/p' })];
    expect(sharedFolderSentence(state(three, { t1: 'b', t2: 'c' }))).toMatch(/^2 other threads are working/);
    // Two plain chats share the default workspace too.
    const plain = [thread('me', 'Mine', {}), thread('b', 'Other', {})];
    expect(sharedFolderSentence(state(plain, { t1: 'b' }))).toContain('“Other” is working');
  });

  it('says nothing when either works in a worktree of its own, or the folders differ', () => {
    const other = thread('b', 'B', { projectDir: '/p', worktree: { ...wt, state: 'ready' } });
    expect(
      sharedFolderSentence(state([thread('me', 'Mine', { projectDir: '/p' }), other], { t: 'b' })),
    ).toBeUndefined();
    const mine = thread('me', 'Mine', { projectDir: '/p', worktree: { ...wt, state: 'ready' } });
    expect(sharedFolderSentence(state([mine, thread('b', 'B', { projectDir: '/p' })], { t: 'b' }))).toBeUndefined();
    const elsewhere = thread('b', 'B', { projectDir: '/q' });
    expect(
      sharedFolderSentence(state([thread('me', 'M', { projectDir: '/p' }), elsewhere], { t: 'b' })),
    ).toBeUndefined();
  });
});
