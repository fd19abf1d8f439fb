import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage, ThreadBranch, UserMessage } from '../../shared/threads';
import { buildTurnArgs } from '../turn/build-turn-args';
import { compactedLog, parseThreadLog, serializeRecords, type LogRecord } from './thread-log';

const user = (id: string, text: string): UserMessage => ({ id, role: 'user', createdAt: 1, text });
const answer = (id: string): AssistantMessage => ({ id, role: 'assistant', createdAt: 2, status: 'done', parts: [] });

describe('thread log: rewinds keep the set-aside branch', () => {
  const records: LogRecord[] = [
    { op: 'user', at: 1, message: user('u1', 'one') },
    { op: 'assistant', at: 2, message: answer('a1') },
    { op: 'user', at: 3, message: user('u2', 'two') },
    { op: 'assistant', at: 4, message: answer('a2') },
  ];
  const branch: ThreadBranch = {
    id: 'b1',
    fromMessageId: 'u2',
    afterMessageId: 'a1',
    createdAt: 5,
    messages: records.slice(2).map((r) => (r as { message: ChatMessage }).message),
  };

  it('a branch record cuts the thread at its first message, and a later turn continues after the cut', () => {
    const text = serializeRecords([
      ...records,
      { op: 'branch', at: 5, branch },
      { op: 'user', at: 6, message: user('u3', 'three') },
    ]);
    const parsed = parseThreadLog('t', text);
    expect(parsed.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u3']);
    expect(parsed.branches.map((b) => [b.id, b.messages.map((m) => m.id)])).toEqual([['b1', ['u2', 'a2']]]);
    expect(parsed.badLines).toBe(0);
  });

  it('switching back brings the branch in and sets the current tail aside; compaction keeps both', () => {
    const aside: ThreadBranch = {
      id: 'b2',
      fromMessageId: 'u3',
      afterMessageId: 'a1',
      createdAt: 7,
      messages: [user('u3', 'three')],
    };
    const text = serializeRecords([
      ...records,
      { op: 'branch', at: 5, branch },
      { op: 'user', at: 6, message: user('u3', 'three') },
      { op: 'branch', at: 7, branch: aside, resumeBranchId: 'b1' },
    ]);
    const parsed = parseThreadLog('t', text);
    expect(parsed.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(parsed.branches.map((b) => b.id)).toEqual(['b2']);
    const again = parseThreadLog('t', compactedLog(parsed.summary, parsed.messages, 9, parsed.branches));
    expect(again.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(again.branches.map((b) => b.messages.map((m) => m.id))).toEqual([['u3']]);
  });

  it("keeps a branch's kind through compaction; an unknown kind is dropped, so the marker reads as a rewind", () => {
    const text = serializeRecords([
      ...records,
      { op: 'branch', at: 5, branch: { ...branch, kind: 'edit' } },
      { op: 'user', at: 6, message: user('u3', 'three') },
      { op: 'assistant', at: 7, message: answer('a3') },
      { op: 'branch', at: 8, branch: { ...branch, id: 'b2', fromMessageId: 'u3', kind: 'teleport' as never } },
    ]);
    const parsed = parseThreadLog('t', text);
    expect(parsed.branches.map((b) => [b.id, b.kind])).toEqual([
      ['b1', 'edit'],
      ['b2', undefined],
    ]);
    const again = parseThreadLog('t', compactedLog(parsed.summary, parsed.messages, 9, parsed.branches));
    expect(again.branches.map((b) => b.kind)).toEqual(['edit', undefined]);
  });
});

describe('turn args after a rewind', () => {
  const base = { sessionId: 's', projectDir: '/p', permissionMode: 'acceptEdits' as const };
  it('a fork resumes up to the answer line as a new session (case 32b), only when resuming', () => {
    const args = buildTurnArgs({ ...base, resume: true, resumeAt: 'uuid-1' });
    expect(args.join(' ')).toContain('--resume s --resume-session-at uuid-1 --fork-session');
    expect(buildTurnArgs({ ...base, resume: false, resumeAt: 'uuid-1' })).not.toContain('--fork-session');
    expect(args).toContain('--replay-user-messages');
  });
});
