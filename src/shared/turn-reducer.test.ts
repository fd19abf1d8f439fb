import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from './threads';
import type { TurnEvent, TurnVerdict } from './turn-events';
import { EMPTY_TOTALS, applyTurnEvent, newAssistantMessage, threadTotalsAdd } from './turn-reducer';

type Body = TurnEvent extends infer E ? (E extends TurnEvent ? Omit<E, 'threadId' | 'turnId'> : never) : never;
const ev = (body: Body): TurnEvent => ({ threadId: 't1', turnId: 'turn1', ...body }) as TurnEvent;

function fold(events: Body[], start: AssistantMessage = newAssistantMessage('turn1', 1)): AssistantMessage {
  return events.reduce((m, e) => applyTurnEvent(m, ev(e)), start);
}

const textOf = (m: AssistantMessage) =>
  m.parts
    .filter((p) => p.kind === 'text')
    .map((p) => p.text)
    .join('|');

const verdict = (over: Partial<TurnVerdict> = {}): TurnVerdict => ({
  isError: false,
  subtype: 'success',
  costUsd: 0.01,
  durationMs: 1200,
  numTurns: 3,
  usage: { inputTokens: 100, outputTokens: 20 },
  ...over,
});

describe('newAssistantMessage', () => {
  it('starts queued and empty, keyed by the turn id', () => {
    expect(newAssistantMessage('abc', 42)).toEqual({
      id: 'abc',
      role: 'assistant',
      createdAt: 42,
      status: 'queued',
      parts: [],
    });
  });
});

describe('text streaming', () => {
  it('appends deltas of one message into one part, exactly once', () => {
    const m = fold([
      { type: 'started', startedAt: 2 },
      { type: 'message_start', messageId: 'm1' },
      { type: 'text_delta', messageId: 'm1', text: 'Hello ' },
      { type: 'text_delta', messageId: 'm1', text: 'from ' },
      { type: 'text_delta', messageId: 'm1', text: 'mock.' },
    ]);
    expect(m.parts).toEqual([{ kind: 'text', text: 'Hello from mock.', messageId: 'm1' }]);
    expect(m.status).toBe('running');
  });

  it('ignores a whole `text` block repeating what was streamed (no duplicate text)', () => {
    const m = fold([
      { type: 'text_delta', messageId: 'm1', text: 'Hel' },
      { type: 'text_delta', messageId: 'm1', text: 'lo' },
      { type: 'text', messageId: 'm1', text: 'Hello' },
    ]);
    expect(textOf(m)).toBe('Hello');
  });

  it('adds a whole text block that was not streamed', () => {
    const m = fold([{ type: 'text', messageId: 'msg_x', text: 'ok' }]);
    expect(m.parts).toEqual([{ kind: 'text', text: 'ok', messageId: 'msg_x' }]);
  });

  it('starts a new part for a new message id and after a tool call', () => {
    const m = fold([
      { type: 'text_delta', messageId: 'm1', text: 'Let me look.' },
      { type: 'tool_call', toolUseId: 'tu1', name: 'Read', input: { file_path: 'a' } },
      { type: 'text_delta', messageId: 'm1', text: 'More of m1.' },
      { type: 'text_delta', messageId: 'm2', text: 'Found it.' },
    ]);
    expect(m.parts.map((p) => p.kind)).toEqual(['text', 'tool', 'text', 'text']);
    expect(textOf(m)).toBe('Let me look.|More of m1.|Found it.');
  });

  it('keeps thinking separate from text', () => {
    const m = fold([
      { type: 'thinking_delta', messageId: 'm1', text: 'Hmm, ' },
      { type: 'thinking_delta', messageId: 'm1', text: 'think.' },
      { type: 'text_delta', messageId: 'm1', text: 'Answer' },
    ]);
    expect(m.parts).toEqual([
      { kind: 'thinking', text: 'Hmm, think.', messageId: 'm1' },
      { kind: 'text', text: 'Answer', messageId: 'm1' },
    ]);
  });

  it('abandon drops the abandoned message text and thinking, then the retry shows once (recorded case 12e)', () => {
    const m = fold([
      { type: 'text_delta', messageId: 'm0', text: 'Earlier answer.' },
      { type: 'thinking_delta', messageId: 'api1', text: 'partial thought' },
      { type: 'text_delta', messageId: 'api1', text: 'Half a ' },
      { type: 'text_delta', messageId: 'api1', text: 'sent' },
      { type: 'abandon', messageId: 'api1' },
      { type: 'text', messageId: 'msg_x', text: 'ok' },
    ]);
    expect(textOf(m)).toBe('Earlier answer.|ok');
    expect(m.parts.some((p) => p.kind === 'thinking')).toBe(false);
  });

  it('abandon keeps tool cards and is a no-op (same object) for an unknown message', () => {
    const m = fold([
      { type: 'text_delta', messageId: 'm1', text: 'x' },
      { type: 'tool_call', toolUseId: 'tu1', name: 'Bash', input: {} },
      { type: 'abandon', messageId: 'm1' },
    ]);
    expect(m.parts).toEqual([{ kind: 'tool', toolUseId: 'tu1', name: 'Bash', input: {} }]);
    expect(applyTurnEvent(m, ev({ type: 'abandon', messageId: 'nope' }))).toBe(m);
  });
});

describe('tools', () => {
  it('fills the tool card with its result and denial by toolUseId', () => {
    const m = fold([
      { type: 'tool_call', toolUseId: 'a', name: 'Bash', input: { command: 'ls' } },
      { type: 'tool_call', toolUseId: 'b', name: 'Write', input: { file_path: '/x' } },
      { type: 'tool_result', toolUseId: 'a', content: 'file1', isError: false },
      { type: 'permission_denied', toolUseId: 'b', toolName: 'Write', message: 'denied by policy' },
    ]);
    expect(m.parts).toEqual([
      { kind: 'tool', toolUseId: 'a', name: 'Bash', input: { command: 'ls' }, result: 'file1', isError: false },
      { kind: 'tool', toolUseId: 'b', name: 'Write', input: { file_path: '/x' }, denied: 'denied by policy' },
    ]);
  });

  it('ignores an out-of-order tool_result / denial for an unknown id (same object back)', () => {
    const m = fold([{ type: 'tool_call', toolUseId: 'a', name: 'Bash', input: {} }]);
    expect(applyTurnEvent(m, ev({ type: 'tool_result', toolUseId: 'zzz', content: 'x', isError: false }))).toBe(m);
    expect(applyTurnEvent(m, ev({ type: 'permission_denied', toolUseId: 'zzz', toolName: 'X', message: 'no' }))).toBe(
      m,
    );
  });

  it('a repeated tool_call updates the input in place instead of adding a second card', () => {
    const m = fold([
      { type: 'tool_call', toolUseId: 'a', name: 'Bash', input: {} },
      { type: 'tool_call', toolUseId: 'a', name: 'Bash', input: { command: 'ls' } },
    ]);
    expect(m.parts).toEqual([{ kind: 'tool', toolUseId: 'a', name: 'Bash', input: { command: 'ls' } }]);
    expect(applyTurnEvent(m, ev({ type: 'tool_call', toolUseId: 'a', name: 'Bash', input: { command: 'ls' } }))).toBe(
      m,
    );
  });
});

describe('structural sharing', () => {
  it('a delta replaces only the streamed part; earlier parts keep their identity', () => {
    const m1 = fold([
      { type: 'tool_call', toolUseId: 'a', name: 'Bash', input: {} },
      { type: 'text_delta', messageId: 'm1', text: 'a' },
    ]);
    const m2 = applyTurnEvent(m1, ev({ type: 'text_delta', messageId: 'm1', text: 'b' }));
    expect(m2).not.toBe(m1);
    expect(m2.parts[0]).toBe(m1.parts[0]);
    expect(m2.parts[1]).not.toBe(m1.parts[1]);
    expect(m1.parts[1]).toEqual({ kind: 'text', text: 'a', messageId: 'm1' }); // the input was not mutated
  });

  it('events that change nothing return the same object', () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'init', sessionId: 's', model: 'opus', tools: [], mcpServers: [] },
    ]);
    for (const e of [
      { type: 'started', startedAt: 5 },
      { type: 'init', sessionId: 's', model: 'opus', tools: [], mcpServers: [] },
      { type: 'message_start', messageId: 'm' },
      { type: 'rate_limit', info: {} },
      { type: 'retry_cleared' },
      { type: 'text_delta', messageId: 'm', text: '' },
      { type: 'approval_resolved', requestId: 'r', outcome: 'allowed' },
    ] as Body[]) {
      expect(applyTurnEvent(m, ev(e))).toBe(m);
    }
  });
});

describe('status', () => {
  it('queued → running → waiting → running → done with the verdict', () => {
    let m = newAssistantMessage('turn1', 1);
    m = applyTurnEvent(m, ev({ type: 'queued', position: 2 }));
    expect(m.status).toBe('queued');
    m = applyTurnEvent(m, ev({ type: 'started', startedAt: 3 }));
    expect(m.status).toBe('running');
    m = applyTurnEvent(
      m,
      ev({ type: 'approval_request', request: { requestId: 'r', toolName: 'Bash', input: {}, suggestions: [] } }),
    );
    expect(m.status).toBe('waiting');
    m = applyTurnEvent(m, ev({ type: 'approval_resolved', requestId: 'r', outcome: 'allowed' }));
    expect(m.status).toBe('running');
    m = applyTurnEvent(m, ev({ type: 'result', verdict: verdict() }));
    expect(m.status).toBe('done');
    expect(m.verdict?.costUsd).toBe(0.01);
  });

  it('keeps who answered from a paired device on the card', () => {
    const actor = { deviceId: 'dev-1', name: 'Pixel', route: 'tailscale' as const, address: '100.64.0.9' };
    const m = fold([
      { type: 'approval_request', request: { requestId: 'r', toolName: 'Bash', input: {}, suggestions: [] } },
      { type: 'approval_resolved', requestId: 'r', outcome: 'allowed', actor, scope: 'once' },
    ]);
    expect(m.approvals?.[0]).toMatchObject({ outcome: 'allowed', actor, scope: 'once' });
  });

  it('an is_error verdict fails the turn (recorded case 04)', () => {
    const m = fold([{ type: 'result', verdict: verdict({ isError: true, subtype: 'success' }) }]);
    expect(m.status).toBe('failed');
  });

  it('an auth error fails the turn with the error kept', () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'error', error: { kind: 'auth_required', message: 'Invalid API key', hint: 'Log in' } },
    ]);
    expect(m.status).toBe('failed');
    expect(m.error?.kind).toBe('auth_required');
  });

  it('a stopped turn keeps its partial text and is marked stopped, not failed (recorded case 25)', () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'text_delta', messageId: 'm1', text: 'w00 w01 ' },
      { type: 'result', verdict: verdict({ isError: true, subtype: 'error_during_execution' }) },
      { type: 'finished', status: 'stopped' },
    ]);
    expect(m.status).toBe('stopped');
    expect(textOf(m)).toBe('w00 w01 ');
    expect(m.error).toBeUndefined();
  });

  it('an aborted result (a stop) keeps its verdict but never marks the turn failed (recorded case 25)', () => {
    const aborted = verdict({ isError: true, subtype: 'error_during_execution', terminalReason: 'aborted_streaming' });
    const running = fold([
      { type: 'started', startedAt: 1 },
      { type: 'text_delta', messageId: 'm1', text: 'w00 ' },
      { type: 'result', verdict: aborted },
    ]);
    expect(running.status).toBe('running');
    expect(running.verdict).toEqual(aborted);
    expect(applyTurnEvent(running, ev({ type: 'finished', status: 'stopped' })).status).toBe('stopped');
    const tools = fold([{ type: 'result', verdict: verdict({ isError: true, terminalReason: 'aborted_tools' }) }]);
    expect(tools.status).not.toBe('failed');
  });

  it('late progress events do not reopen a finished turn', () => {
    const done = fold([{ type: 'finished', status: 'done' }]);
    expect(applyTurnEvent(done, ev({ type: 'started', startedAt: 9 }))).toBe(done);
    expect(applyTurnEvent(done, ev({ type: 'retry', attempt: 1, maxRetries: 10 }))).toBe(done);
  });

  it('keeps retry info while retrying and clears it when output resumes (recorded case 12c)', () => {
    let m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'retry', attempt: 1, maxRetries: 10, errorStatus: 500, delayMs: 1192 },
    ]);
    // The reason and the wait travel with it: the card says why and counts down (recorded cases 12f/12g).
    expect(m.retry).toEqual({ attempt: 1, maxRetries: 10, errorStatus: 500, delayMs: 1192 });
    m = applyTurnEvent(m, ev({ type: 'retry', attempt: 2, maxRetries: 10 }));
    expect(m.retry).toEqual({ attempt: 2, maxRetries: 10 });
    m = applyTurnEvent(m, ev({ type: 'text_delta', messageId: 'm1', text: 'Hi' }));
    expect(m.retry).toBeUndefined();
    const r = fold([{ type: 'retry', attempt: 3, maxRetries: 10 }, { type: 'retry_cleared' }]);
    expect(r.retry).toBeUndefined();
  });

  it('appends warnings and records the model from init', () => {
    const m = fold([
      { type: 'init', sessionId: 's', model: 'claude-opus', tools: [], mcpServers: [] },
      { type: 'warning', message: 'one' },
      { type: 'warning', message: 'two' },
    ]);
    expect(m.warnings).toEqual(['one', 'two']);
    expect(m.model).toBe('claude-opus');
  });
});

describe('threadTotalsAdd', () => {
  it('sums cost, tokens, duration and counts one turn per verdict', () => {
    const t = threadTotalsAdd(threadTotalsAdd(EMPTY_TOTALS, verdict()), verdict({ costUsd: 0.02, durationMs: 800 }));
    expect(t.turns).toBe(2);
    expect(t.costUsd).toBeCloseTo(0.03);
    expect(t.inputTokens).toBe(200);
    expect(t.outputTokens).toBe(40);
    expect(t.durationMs).toBe(2000);
    expect(EMPTY_TOTALS.turns).toBe(0);
  });
});

describe('follow-ups after a background sub-agent (recorded case 34)', () => {
  const init: Body = { type: 'init', sessionId: 's', model: 'opus', tools: [], mcpServers: [] };
  const agent: Body[] = [
    { type: 'tool_call', toolUseId: 'ag1', name: 'Agent', input: { prompt: 'look around' } },
    { type: 'subagent', toolUseId: 'ag1', status: 'running', background: true },
    { type: 'tool_result', toolUseId: 'ag1', content: 'Async agent launched', isError: false },
    { type: 'text_delta', messageId: 'm1', text: 'An agent is looking.' },
    { type: 'subagent', toolUseId: 'ag1', status: 'completed', durationMs: 900 },
  ];

  it("the CLI's own next init in the turn marks where its follow-up starts", () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      init,
      ...agent,
      init,
      { type: 'text_delta', messageId: 'm2', text: 'It found two files.' },
    ]);
    expect(m.followUps).toEqual([2]);
    expect(m.parts[2]).toMatchObject({ kind: 'text', text: 'It found two files.' });
  });

  it('the first init of a turn, or a later one without a background agent, marks nothing', () => {
    const plain = fold([
      { type: 'started', startedAt: 1 },
      init,
      { type: 'text_delta', messageId: 'm1', text: 'Hi' },
      init,
    ]);
    expect(plain.followUps).toBeUndefined();
    const once = fold([{ type: 'started', startedAt: 1 }, init, ...agent, init, init]);
    expect(once.followUps).toEqual([2]);
  });
});

describe("a sub-agent's own calls", () => {
  it('a command a sub-agent ran in the background gets its state on its card inside the Agent card (case 40)', () => {
    const m = fold([
      { type: 'started', startedAt: 1 },
      { type: 'tool_call', toolUseId: 'ag1', name: 'Agent', input: { prompt: 'serve it' } },
      { type: 'tool_call', toolUseId: 'b1', name: 'Bash', input: { command: 'npm run dev' }, parentToolUseId: 'ag1' },
      { type: 'background_command', toolUseId: 'b1', taskId: 'task1', status: 'running' },
      { type: 'background_command', toolUseId: 'b1', taskId: 'task1', status: 'stopped', endedWithTurn: true },
    ]);
    const agent = m.parts[0];
    expect(agent?.kind === 'tool' && agent.children?.[0]).toMatchObject({
      toolUseId: 'b1',
      backgroundCommand: { status: 'stopped', endedWithTurn: true },
    });
    // An id no card has changes nothing.
    expect(applyTurnEvent(m, ev({ type: 'background_command', toolUseId: 'zz', taskId: 't', status: 'failed' }))).toBe(
      m,
    );
  });
});
