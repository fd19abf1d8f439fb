import { describe, expect, it } from 'vitest';
import type { ChatMessage, Thread, ThreadBranch } from '../../shared/threads';
import type { GitCheckpoints } from '../../core/rewind/git-checkpoints';
import { RewindService } from './rewind-service';

const messages: ChatMessage[] = [
  { id: 'u1', role: 'user', createdAt: 1, text: 'first' },
  {
    id: 'a1',
    role: 'assistant',
    createdAt: 2,
    status: 'done',
    parts: [],
    cli: { userUuid: 'p1', assistantUuid: 'x1' },
  },
  { id: 'u2', role: 'user', createdAt: 3, text: 'second' },
  {
    id: 'a2',
    role: 'assistant',
    createdAt: 4,
    status: 'done',
    parts: [],
    cli: { userUuid: 'p2', assistantUuid: 'x2' },
  },
];

function service(busy = false) {
  const thread = { id: 't1', title: 'T', settings: {}, messages } as unknown as Thread;
  const calls = { forks: [] as unknown[], branches: [] as ThreadBranch[], discarded: 0, sessionDeleted: 0 };
  const rewind = new RewindService({
    threads: { get: async () => thread, rewind: async (_t, b) => void calls.branches.push(b) },
    sessions: {
      get: async () => 'S',
      set: async () => undefined,
      delete: async () => void calls.sessionDeleted++,
    },
    forks: { set: async (_t, f) => void calls.forks.push(f) },
    // The conversation-only fork never looks at files.
    checkpoints: {} as GitCheckpoints,
    projectDir: () => '/p',
    settled: async () => !busy,
    discardProcesses: () => void calls.discarded++,
  });
  return { rewind, calls };
}

describe('RewindService.forkConversation (the mechanism Edit & resend and Regenerate build on)', () => {
  it('keeps the later messages as a branch and forks the session at the answer before the message', async () => {
    const { rewind, calls } = service();
    expect(await rewind.forkConversation('t1', 'u2', 'edit')).toEqual({ text: 'second' });
    expect(calls.forks).toEqual([{ sessionId: 'S', resumeAt: 'x1' }]);
    // The branch records what made it, for its marker's words ("Edited here").
    expect(calls.branches).toMatchObject([{ kind: 'edit', fromMessageId: 'u2', afterMessageId: 'a1', sessionId: 'S' }]);
    expect(calls.branches[0]!.messages.map((m) => m.id)).toEqual(['u2', 'a2']);
    expect(calls.branches[0]!.rewindId).toBeUndefined(); // no files were touched, none to switch back
    expect(calls.discarded).toBe(1); // a kept process still holds the old conversation
  });

  it('Conversation only sets the later messages aside without looking at a file', async () => {
    const { rewind, calls } = service();
    const out = await rewind.rewind('t1', 'u2', [], 'conversation');
    expect(out).toEqual({
      threadId: 't1',
      messageId: 'u2',
      scope: 'conversation',
      restored: [],
      kept: [],
      text: 'second',
    });
    expect(calls.branches).toMatchObject([{ kind: 'rewind', fromMessageId: 'u2' }]);
    expect(calls.branches[0]!.rewindId).toBeUndefined();
    expect(calls.forks).toEqual([{ sessionId: 'S', resumeAt: 'x1' }]);
  });

  it('at the first message the next turn starts a fresh session; while a turn runs it refuses with a sentence', async () => {
    const { rewind, calls } = service();
    await rewind.forkConversation('t1', 'u1', 'regenerate');
    expect(calls.branches[0]!.kind).toBe('regenerate');
    expect(calls.forks).toEqual([undefined]);
    expect(calls.sessionDeleted).toBe(1);
    await expect(service(true).rewind.forkConversation('t1', 'u2', 'retry')).rejects.toThrow(
      /Wait until Claude has finished/,
    );
  });
});

describe('RewindService.forget (the thread is deleted)', () => {
  it("drops the snapshots from the thread's folder and from its repository's own checkout (its worktree may be gone)", async () => {
    const forgotten: [string, string][] = [];
    const thread = {
      id: 't1',
      title: 'T',
      settings: { worktree: { repo: '/repo', path: '/repo/.claude/worktrees/x' } },
      messages,
    } as unknown as Thread;
    const rewind = new RewindService({
      threads: { get: async () => thread, rewind: async () => undefined },
      sessions: { get: async () => 'S', set: async () => undefined, delete: async () => undefined },
      forks: { set: async () => undefined },
      checkpoints: { forget: async (dir: string, id: string) => void forgotten.push([dir, id]) } as GitCheckpoints,
      projectDir: () => '/repo/.claude/worktrees/x',
      settled: async () => true,
      discardProcesses: () => undefined,
    });
    await rewind.forget('t1');
    expect(forgotten).toEqual([
      ['/repo/.claude/worktrees/x', 't1'],
      ['/repo', 't1'],
    ]);
  });
});
