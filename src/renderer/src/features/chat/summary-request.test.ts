import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../shared/threads';
import { summaryRequest } from './summary-request';

const user = (id: string, text: string): ChatMessage => ({ id, role: 'user', createdAt: 0, text });
const claude = (id: string, text: string): ChatMessage => ({
  id,
  role: 'assistant',
  createdAt: 0,
  status: 'done',
  parts: [{ kind: 'text', text }],
});

describe('the first message of a new thread with a summary', () => {
  it('asks for a summary of the conversation, newest kept, the cut said', () => {
    const earlier = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? claude(`a${i}`, `answer ${i} ${'x'.repeat(300)}`) : user(`u${i}`, `question ${i}`),
    );
    const text = summaryRequest('Refactor the parser', earlier, 2000);
    expect(text).toMatch(/^Summarize this earlier conversation \("Refactor the parser"\)/);
    expect(text).toContain('answer 39');
    expect(text).not.toContain('question 0\n');
    expect(text).toMatch(/\(\d+ earlier messages left out\)/);
    expect(text.length).toBeLessThan(2600);
  });

  it('a single huge message keeps its start, cut, never the whole', () => {
    const text = summaryRequest('Logs', [user('u1', `LOG START ${'y'.repeat(50_000)}`)], 1000);
    expect(text).toContain('User: LOG START');
    expect(text).toContain('[…cut]');
    expect(text.length).toBeLessThan(1500);
  });
});
