import { describe, expect, it } from 'vitest';
import { parseThreadLog } from './thread-log';

const line = (record: unknown) => `${JSON.stringify(record)}\n`;
const user = (id: string, text: string) => ({ op: 'user', at: 2, message: { id, role: 'user', createdAt: 2, text } });
const answer = (id: string, parts: unknown) => ({
  op: 'assistant',
  at: 3,
  message: { id, role: 'assistant', createdAt: 3, status: 'done', parts },
});

describe('thread log lines are parsed as unknown and checked against their schema', () => {
  it('skips and counts a message that is not one; every other line is kept', () => {
    const log =
      line({ op: 'meta', at: 1, title: 'Kept', createdAt: 1 }) +
      line(user('u1', 'first question')) +
      line({ op: 'user', at: 2, message: { id: 'u2', role: 'user', createdAt: 2, text: 42 } }) + // text not a string
      line(answer('a1', 'not a list of parts')) +
      line(answer('a2', [null])) + // a part that is not an object
      line({ op: 'assistant', at: 3, message: { id: 'a3', role: 'user', createdAt: 3, text: 'x' } }) + // role ≠ op
      line({ op: 'surprise', at: 4 }) +
      line(answer('a4', [{ kind: 'text', text: 'the answer' }]));
    const parsed = parseThreadLog('t', log);
    expect(parsed.messages.map((m) => m.id)).toEqual(['u1', 'a4']);
    expect(parsed.badLines).toBe(5);
    expect(parsed.summary.title).toBe('Kept');
  });

  it('keeps what a message carries beyond the checked fields, as written', () => {
    const parts = [{ kind: 'tool', toolUseId: 't1', name: 'Read', input: { file_path: '/a' }, result: 'ok' }];
    const message = { ...answer('a1', parts).message, model: 'claude-x', cli: { userUuid: 'uu' }, later: { field: 1 } };
    const parsed = parseThreadLog('t', line({ op: 'assistant', at: 3, message }));
    expect(parsed.messages).toEqual([message]);
  });

  it('a meta patch with a field of the wrong type still applies its other fields', () => {
    const totals = { costUsd: 0.5, inputTokens: 1, outputTokens: 2, durationMs: 3, turns: 1 };
    const parsed = parseThreadLog(
      't',
      line({ op: 'meta', at: 1, title: 'Plan', createdAt: 7, settings: { model: 'opus' }, totals }) +
        line({
          op: 'meta',
          at: 2,
          title: 123,
          settings: { model: ['opus'] },
          totals: { costUsd: 'free' },
          pinned: true,
        }),
    );
    expect(parsed.badLines).toBe(0);
    expect(parsed.summary).toMatchObject({
      title: 'Plan',
      createdAt: 7,
      settings: { model: 'opus' },
      totals,
      pinned: true,
    });
  });

  it('a branch record whose messages are not messages is skipped; the thread is untouched', () => {
    const log =
      line(user('u1', 'one')) +
      line(user('u2', 'two')) +
      line({ op: 'branch', at: 5, branch: { id: 'b1', fromMessageId: 'u2', createdAt: 5, messages: [{ id: 3 }] } });
    const parsed = parseThreadLog('t', log);
    expect(parsed.messages.map((m) => m.id)).toEqual(['u1', 'u2']);
    expect(parsed.branches).toEqual([]);
    expect(parsed.badLines).toBe(1);
  });
});
