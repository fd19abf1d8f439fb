import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/threads';
import { buildTranscriptPreamble, buildUnreadPreamble, buildUserLine, unreadStoppedMessages } from './build-user-line';

const user = (i: number, text: string): ChatMessage => ({ id: `u${i}`, role: 'user', createdAt: i, text });
const assistant = (i: number, text: string): ChatMessage => ({
  id: `a${i}`,
  role: 'assistant',
  createdAt: i,
  status: 'done',
  parts: [
    { kind: 'text', text },
    { kind: 'tool', toolUseId: 't', name: 'Read', input: {} },
  ],
});

describe('buildUserLine', () => {
  it('is one JSON line shaped like the recorded stdin line', () => {
    const line = buildUserLine('hi');
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({
      type: 'user',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      parent_tool_use_id: null,
      session_id: '',
    });
  });

  it('puts the preamble first, then images, then the text; newlines in text stay escaped', () => {
    const line = buildUserLine('a\nb', [{ mediaType: 'image/png', data: 'AAAA' }], 'PRE');
    const content = JSON.parse(line).message.content;
    expect(content).toEqual([
      { type: 'text', text: 'PRE' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'text', text: 'a\nb' },
    ]);
    expect(line.split('\n')).toHaveLength(2);
  });
});

describe('buildTranscriptPreamble', () => {
  it('is undefined without earlier messages', () => {
    expect(buildTranscriptPreamble([])).toBeUndefined();
  });

  it('keeps every turn when it fits, in order, with tool use named', () => {
    const p = buildTranscriptPreamble([user(1, 'first question'), assistant(2, 'first answer')]) ?? '';
    expect(p.indexOf('User: first question')).toBeLessThan(p.indexOf('Assistant: first answer'));
    expect(p).toContain('[used tool Read]');
    expect(p).not.toContain('omitted');
  });

  it('keeps the most recent turns under the cap and says how many were cut', () => {
    const msgs: ChatMessage[] = [];
    for (let i = 0; i < 100; i++)
      msgs.push(i % 2 ? assistant(i, `answer ${i} ${'x'.repeat(200)}`) : user(i, `question ${i} ${'y'.repeat(200)}`));
    const p = buildTranscriptPreamble(msgs, 2000) ?? '';
    expect(p.length).toBeLessThan(2400);
    expect(p).toContain('answer 99');
    expect(p).not.toContain('question 0 ');
    const omitted = Number(/\((\d+) earlier messages omitted/.exec(p)?.[1]);
    expect(omitted).toBeGreaterThan(80);
    expect(p.split(/\n\n(?:User|Assistant): /).length - 1 + omitted).toBe(100);
  });

  it('keeps the tail of a single oversized message', () => {
    const p = buildTranscriptPreamble([user(1, `${'a'.repeat(5000)}THE END`)], 1000) ?? '';
    expect(p).toContain('THE END');
    expect(p).toContain('beginning cut');
    expect(p.length).toBeLessThan(1400);
  });
});

describe('messages stopped before Claude Code read them', () => {
  const stopped = (i: number, userUuid?: string): ChatMessage => ({
    id: `a${i}`,
    role: 'assistant',
    createdAt: i,
    status: 'stopped',
    parts: [],
    ...(userUuid ? { cli: { userUuid } } : {}),
  });

  it('are the last stopped answers without a replayed prompt, oldest first, up to the last one read', () => {
    const messages = [
      user(1, 'hi'),
      assistant(2, 'hello'),
      user(3, 'first'),
      stopped(4),
      user(5, 'second'),
      stopped(6),
    ];
    expect(unreadStoppedMessages(messages).map((m) => m.id)).toEqual(['u3', 'u5']);
    // One Claude Code read (its prompt replayed) is in its session, and so is everything before it.
    const read = [user(1, 'first'), stopped(2), user(3, 'read'), stopped(4, 'uuid-4'), user(5, 'unread'), stopped(6)];
    expect(unreadStoppedMessages(read).map((m) => m.id)).toEqual(['u5']);
    expect(unreadStoppedMessages([user(1, 'hi'), assistant(2, 'hello')])).toEqual([]);
    expect(unreadStoppedMessages([])).toEqual([]);
  });

  it('are handed over in one block that says they were stopped before Claude read them', () => {
    const unread = unreadStoppedMessages([user(1, 'The code word is marmalade'), stopped(2)]);
    const preamble = buildUnreadPreamble(unread)!;
    expect(preamble).toMatch(/^<unread-messages>\nThe user sent this message just before the one below and stopped it/);
    expect(preamble).toContain('User: The code word is marmalade');
    expect(buildUnreadPreamble([])).toBeUndefined();
  });
});
