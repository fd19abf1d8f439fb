import { describe, expect, it } from 'vitest';
import { contextFill } from './context-fill';
import type { AssistantMessage, ChatMessage } from './threads';
import type { TurnVerdict } from './turn-events';

const verdict = (context?: TurnVerdict['context']): TurnVerdict => ({
  isError: false,
  subtype: 'success',
  costUsd: 0,
  durationMs: 1,
  numTurns: 1,
  usage: { inputTokens: 1, outputTokens: 1 },
  ...(context ? { context } : {}),
});
const turn = (id: string, context?: TurnVerdict['context']): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: 0,
  status: 'done',
  parts: [],
  verdict: verdict(context),
});
const user = (id: string, marker?: 'clear'): ChatMessage => ({ id, role: 'user', createdAt: 0, text: 'hi', marker });

describe('contextFill', () => {
  it('is the latest turn against its window', () => {
    const fill = contextFill([
      user('a'),
      turn('b', { tokens: 900, window: 1000 }),
      user('c'),
      turn('d', { tokens: 250, window: 1000 }),
    ]);
    expect(fill).toEqual({ tokens: 250, window: 1000, fraction: 0.25 });
  });

  it('takes the window from an earlier turn when the latest named none', () => {
    expect(contextFill([turn('a', { tokens: 10, window: 200 }), turn('b', { tokens: 50 })])).toEqual({
      tokens: 50,
      window: 200,
      fraction: 0.25,
    });
  });

  it('is unknown in a thread with no reported context, and after /clear until a turn reports', () => {
    expect(contextFill([user('a'), turn('b')])).toBeUndefined();
    expect(contextFill([turn('a', { tokens: 10, window: 100 }), user('c', 'clear')])).toBeUndefined();
  });

  it('ignores a turn that failed before reporting (no verdict context) and keeps the one before', () => {
    const failed: AssistantMessage = { ...turn('c'), status: 'failed', verdict: undefined };
    expect(contextFill([turn('a', { tokens: 80, window: 100 }), failed])?.fraction).toBe(0.8);
  });
});
