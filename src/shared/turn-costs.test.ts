import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from './threads';
import type { TurnVerdict } from './turn-events';
import {
  FRESH_SESSION_WARNING,
  addVerdictToTotals,
  correctLegacyCosts,
  sessionTotalFromHistory,
  tokenCounts,
  totalsFromMessages,
  turnCostFrom,
} from './turn-costs';
import { EMPTY_TOTALS } from './turn-reducer';

const v = (costUsd: number, extra: Partial<TurnVerdict> = {}): TurnVerdict => ({
  isError: false,
  subtype: 'success',
  costUsd,
  durationMs: 10,
  numTurns: 1,
  usage: { inputTokens: 10, outputTokens: 5 },
  ...extra,
});
const turn = (id: string, verdict: TurnVerdict | undefined, warnings?: string[]): AssistantMessage => ({
  id,
  role: 'assistant',
  createdAt: 1,
  status: verdict?.isError ? 'failed' : 'done',
  parts: [{ kind: 'text', text: 'answer' }],
  ...(verdict ? { verdict } : {}),
  ...(warnings ? { warnings } : {}),
});
const costs = (messages: ChatMessage[]) => messages.map((m) => (m.role === 'assistant' ? m.verdict?.costUsd : undefined));

describe('per-turn costs from the CLI’s running session total', () => {
  it('is the increase over the previous turn of the session; a counter that restarted counts whole', () => {
    expect(turnCostFrom(0.00028, 0.00014)).toBeCloseTo(0.00014, 12);
    expect(turnCostFrom(0.00014, 0)).toBe(0.00014);
    expect(turnCostFrom(0.0001, 0.5)).toBe(0.0001);
  });

  it('corrects a thread saved with running totals, restarting at a fresh-session fallback', () => {
    const saved: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: 1, text: 'q' },
      turn('a1', v(0.00018)),
      turn('a2', v(0.00036)),
      turn('a3', v(0, { isError: true })), // a 401 reports 0 and leaves the running total alone
      turn('a4', v(0.00054)),
      turn('a5', v(0.0002), [FRESH_SESSION_WARNING]),
      turn('a6', v(0.0004)),
    ];
    const { messages, corrected } = correctLegacyCosts(saved);
    expect(corrected).toBe(true);
    const got = costs(messages);
    expect(got[0]).toBeUndefined();
    [0.00018, 0.00018, 0, 0.00018, 0.0002, 0.0002].forEach((c, i) => expect(got[i + 1]).toBeCloseTo(c, 12));
    const totals = totalsFromMessages(messages);
    expect(totals.costUsd).toBeCloseTo(0.00018 * 3 + 0.0004, 12);
    expect(totals.turns).toBe(5); // the failed turn is not a turn
    // Correcting twice changes nothing: the running totals are kept as sessionCostUsd.
    expect(correctLegacyCosts(messages)).toEqual({ messages, corrected: false });
  });

  it('a thread saved with true costs is left alone (same array)', () => {
    const saved = [turn('a1', v(0.1, { sessionCostUsd: 0.1 })), turn('a2', v(0.1, { sessionCostUsd: 0.2 }))];
    expect(correctLegacyCosts(saved).messages).toBe(saved);
  });

  it('reads the session total before the next turn from the thread, stopping at another session', () => {
    const S = 'session-b';
    const history = [
      turn('a1', v(0.1, { sessionCostUsd: 0.1, sessionId: 'session-a' })),
      turn('a2', v(0.2, { sessionCostUsd: 0.2, sessionId: S })),
      turn('a3', undefined), // stopped before any result
    ];
    expect(sessionTotalFromHistory(history, S)).toBe(0.2);
    expect(sessionTotalFromHistory(history.slice(0, 1), S)).toBeUndefined();
    // A corrected legacy verdict has no session id: it belongs to the thread's current session.
    expect(sessionTotalFromHistory(correctLegacyCosts([turn('a1', v(0.3))]).messages, S)).toBe(0.3);
  });

  it('failed turns add their cost and tokens, not a turn', () => {
    const t = addVerdictToTotals(addVerdictToTotals(EMPTY_TOTALS, v(0.1)), v(0.05, { isError: true }));
    expect(t).toMatchObject({ turns: 1, inputTokens: 20, outputTokens: 10 });
    expect(t.costUsd).toBeCloseTo(0.15, 12);
  });
});

describe('one token-counting rule', () => {
  it('in = fresh input + cache reads + cache writes; the tooltip names every part', () => {
    const t = tokenCounts({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 1200, cacheCreationTokens: 300 });
    expect(t).toMatchObject({ in: 1510, out: 5, total: 1515 });
    expect(t.breakdown).toBe('Tokens counted: 10 input + 1,200 cache reads + 300 cache writes = 1,510 in; 5 output');
  });
});
