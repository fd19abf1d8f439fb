import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import fs from 'node:fs';
import path from 'node:path';
import {
  RECORDED_DIR,
  type RecordedCase,
  recordedCase,
  recordedCases,
  recordedValues,
} from '../../../test/fixtures/recorded-cases';
import { CliEventMapper, type MappedLine } from './cli-event-mapper';

function mapAll(values: unknown[], appMcpServerName?: string) {
  const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u1', appMcpServerName });
  const lines: MappedLine[] = values.map((v) => mapper.map(v));
  const events = lines.flatMap((l) => l.events);
  return {
    mapper,
    lines,
    events,
    verdicts: lines.flatMap((l) => (l.verdict ? [l.verdict] : [])),
    fatal: lines.find((l) => l.fatal)?.fatal,
    control: lines.flatMap((l) => (l.control ? [l.control] : [])),
    types: events.map((e) => e.type),
  };
}

/** The answer text as a user would see it: deltas + unstreamed blocks, minus abandoned messages. */
function shownText(events: TurnEvent[]): string {
  const byMessage = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'text_delta' || e.type === 'text')
      byMessage.set(e.messageId, (byMessage.get(e.messageId) ?? '') + e.text);
    if (e.type === 'abandon') byMessage.delete(e.messageId);
  }
  return [...byMessage.values()].join('|');
}

/** What the CLI itself says the text was: the `assistant` text blocks (real messages only). */
function assistantText(values: unknown[]): string {
  const byMessage = new Map<string, string>();
  for (const v of values as {
    type?: string;
    message?: { id: string; content: unknown[] };
    error?: string;
    parent_tool_use_id?: string | null;
  }[]) {
    if (v.type !== 'assistant' || v.error || v.parent_tool_use_id || !v.message) continue;
    for (const b of v.message.content as { type: string; text?: string }[]) {
      if (b.type === 'text') byMessage.set(v.message.id, (byMessage.get(v.message.id) ?? '') + (b.text ?? ''));
    }
  }
  return [...byMessage.values()].join('|');
}

const withLines = (c: RecordedCase) => [c.name, c] as const;

describe('CliEventMapper on every recorded case', () => {
  it.each(recordedCases().map(withLines))('%s: never throws, shows each text exactly once', (_n, c) => {
    const values = recordedValues(c);
    const r = mapAll(values);
    expect(shownText(r.events)).toBe(assistantText(values));
    for (const e of r.events) expect(e).toMatchObject({ threadId: 't1', turnId: 'u1' });
    // every `result` line becomes exactly one verdict
    expect(r.verdicts).toHaveLength(values.filter((v) => (v as { type?: string }).type === 'result').length);
    // every control line is routed aside, none becomes an event
    const controlLines = values.filter((v) => String((v as { type?: string }).type).startsWith('control_'));
    expect(r.control).toHaveLength(controlLines.length);
  });
});

describe('CliEventMapper, case by case', () => {
  it('01: streams "Hello from the mock API." once, with init and a success verdict', () => {
    const r = mapAll(recordedValues(recordedCase('01')));
    expect(r.types).toEqual([
      'init',
      'message_start',
      'text_delta',
      'text_delta',
      'text_delta',
      'text_delta',
      'text_delta',
      'cli_uuids', // the answer line's uuid (a fork point)
    ]);
    expect(shownText(r.events)).toBe('Hello from the mock API.');
    expect(r.lines.find((l) => l.sessionId)?.sessionId).toBe('7f1c2a4e-3b5d-4c6e-9f8a-1b2c3d4e5f60');
    expect(r.verdicts[0]).toMatchObject({
      authFailure: false,
      verdict: { isError: false, subtype: 'success', numTurns: 1 },
    });
    expect(r.verdicts[0]?.verdict.costUsd).toBeGreaterThan(0);
    expect(r.verdicts[0]?.verdict.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
  });

  it("02: a resumed session's result carries its running total; the verdict's cost is the turn's own", () => {
    const values = recordedValues(recordedCase('02'));
    const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u1', sessionCostBefore: 0.00014 });
    const verdict = values.map((v) => mapper.map(v)).find((l) => l.verdict)?.verdict?.verdict;
    expect(verdict?.sessionCostUsd).toBeCloseTo(0.00028, 12);
    expect(verdict?.costUsd).toBeCloseTo(0.00014, 12);
    expect(verdict?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("12f/12g: a 529 or 429 retry carries what the sentence needs (status, the CLI's word, the wait)", () => {
    const retries = (name: string) =>
      mapAll(recordedValues(recordedCase(name))).events.filter((e) => e.type === 'retry');
    expect(retries('12f')).toEqual([
      expect.objectContaining({ attempt: 1, maxRetries: 10, errorStatus: 529, error: 'overloaded', delayMs: 512 }),
      expect.objectContaining({ attempt: 2, errorStatus: 529, error: 'overloaded', delayMs: 1075 }),
    ]);
    expect(retries('12g')).toEqual([expect.objectContaining({ errorStatus: 429, error: 'rate_limit', delayMs: 601 })]);
  });

  it('03: unknown session → error verdict naming the session, no init', () => {
    const r = mapAll(recordedValues(recordedCase('03')));
    expect(r.types).toEqual([]);
    expect(r.verdicts[0]?.verdict.isError).toBe(true);
    expect(r.verdicts[0]?.errors[0]).toContain('No conversation found with session ID');
  });

  it('04: not logged in → auth failure, the synthetic text is not shown as an answer', () => {
    const r = mapAll(recordedValues(recordedCase('04')));
    expect(r.types).toEqual(['init']);
    expect(r.verdicts[0]).toMatchObject({ authFailure: true, verdict: { isError: true, subtype: 'success' } });
    expect(r.mapper.lastApiErrorText).toBe('Not logged in · Please run /login');
  });

  it('12d: the first 401 retry is fatal with auth_required (no 3-minute wait)', () => {
    const r = mapAll(recordedValues(recordedCase('12d')));
    const firstFatal = r.lines.findIndex((l) => l.fatal);
    expect(r.lines[firstFatal]?.events[0]).toMatchObject({
      type: 'retry',
      attempt: 1,
      maxRetries: 10,
      errorStatus: 401,
    });
    expect(r.fatal?.kind).toBe('auth_required');
    expect(r.verdicts[0]?.authFailure).toBe(true);
  });

  it('12c: a 500 retry is shown, then cleared when the answer starts', () => {
    const r = mapAll(recordedValues(recordedCase('12c')));
    expect(r.fatal).toBeUndefined();
    const i = r.types.indexOf('retry');
    expect(r.events[i]).toMatchObject({ attempt: 1, errorStatus: 500, delayMs: 1192 });
    expect(r.types.slice(i + 1, i + 3)).toEqual(['retry_cleared', 'message_start']);
    expect(shownText(r.events)).toBe('Hello from the mock API.');
  });

  it('12e: the partial text is abandoned, the non-streamed retry answer shown', () => {
    const r = mapAll(recordedValues(recordedCase('12e')));
    expect(r.events.filter((e) => e.type === 'abandon')).toEqual([
      expect.objectContaining({ messageId: 'msg_mock031' }),
    ]);
    expect(r.events.filter((e) => e.type === 'text')).toEqual([
      expect.objectContaining({ messageId: 'msg_x', text: 'ok' }),
    ]);
    expect(shownText(r.events)).toBe('ok');
  });

  it('12a: thinking streamed once, then text once', () => {
    const r = mapAll(recordedValues(recordedCase('12a')));
    const thinking = r.events.flatMap((e) => (e.type === 'thinking_delta' ? [e.text] : [])).join('');
    expect(thinking).toBe('Let me think about this.');
    expect(shownText(r.events)).toBe('Thought done.');
  });

  it('05: tool call with its input, and its result as text', () => {
    const r = mapAll(recordedValues(recordedCase('05-mcp-tool-allowed')));
    expect(r.events.find((e) => e.type === 'tool_call')).toMatchObject({
      toolUseId: 'toolu_mock003',
      name: 'mcp__app__memory_recall',
      input: { query: 'favourite colour' },
    });
    expect(r.events.find((e) => e.type === 'tool_result')).toMatchObject({
      toolUseId: 'toolu_mock003',
      isError: false,
      content: 'memory for "favourite colour": the user\'s favourite colour is teal.',
    });
  });

  it('06: permission_denied on the tool, error tool result, turn continues', () => {
    const r = mapAll(recordedValues(recordedCase('06')));
    expect(r.events.find((e) => e.type === 'permission_denied')).toMatchObject({
      toolUseId: 'toolu_mock005',
      toolName: 'mcp__app__memory_recall',
    });
    expect(r.events.find((e) => e.type === 'tool_result')).toMatchObject({ isError: true });
    expect(r.verdicts[0]?.verdict.isError).toBe(false);
  });

  it('07: the app MCP server reported failed → a warning', () => {
    const r = mapAll(recordedValues(recordedCase('07')), 'app');
    expect(r.events.find((e) => e.type === 'init')).toMatchObject({ mcpServers: [{ name: 'app', status: 'failed' }] });
    expect(r.types).toContain('warning');
    expect(mapAll(recordedValues(recordedCase('05-mcp-tool-allowed')), 'app').types).not.toContain('warning');
  });

  it('20: the can_use_tool request is routed to the control channel', () => {
    const r = mapAll(recordedValues(recordedCase('20-can-use-tool-allow')));
    expect(r.control.map((c) => c.type)).toEqual(['control_request']);
    expect(r.control[0]?.raw.request).toMatchObject({ subtype: 'can_use_tool', tool_name: 'Write' });
  });

  it('21b: is_error verdict with error_during_execution', () => {
    const r = mapAll(recordedValues(recordedCase('21b')));
    expect(r.verdicts[0]).toMatchObject({
      authFailure: false,
      verdict: { isError: true, terminalReason: 'aborted_tools' },
    });
  });

  it('27: a replayed local-command user line is not a tool result', () => {
    const r = mapAll(recordedValues(recordedCase('27-set-model')));
    expect(r.types).not.toContain('tool_result');
  });
});

describe('CliEventMapper, shapes not in the recordings', () => {
  it('shows assistant text when no deltas were streamed for that message', () => {
    const r = mapAll([{ type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'whole' }] } }]);
    expect(r.types).toEqual(['message_start', 'text']);
    expect(shownText(r.events)).toBe('whole');
  });

  it('25: an interrupt after a completed block abandons nothing (from_block_index 1)', () => {
    const r = mapAll(recordedValues(recordedCase('25-interrupt-midstream')));
    expect(r.types).not.toContain('abandon');
    expect(shownText(r.events)).toBe('w00 w01 w02 w03 w04 w05 w06 w07 w08 w09 ');
  });

  it('abandoning from block 1 keeps the completed block 0', () => {
    const se = (event: object) => ({ type: 'stream_event', event, api_message_id: 'm1', parent_tool_use_id: null });
    const r = mapAll([
      se({ type: 'message_start', message: { id: 'm1' } }),
      se({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'kept' } }),
      { type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'kept' }] } },
      se({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'half' } }),
      { ...se({ type: 'message_stop' }), abandoned_blocks: { api_message_id: 'm1', from_block_index: 1 } },
    ]);
    expect(r.types.slice(-2)).toEqual(['abandon', 'text']);
    expect(shownText(r.events)).toBe('kept');
  });

  it('ignores unknown types, non-objects, status/thinking_tokens and sub-agent traffic', () => {
    const r = mapAll([
      null,
      42,
      'str',
      [1],
      { type: 'brand_new_event', x: 1 },
      { type: 'system', subtype: 'status', status: 'requesting' },
      { type: 'system', subtype: 'thinking_tokens', estimated_tokens: 3 },
      { type: 'system', subtype: 'future_thing' },
      {
        type: 'stream_event',
        event: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'sub' } },
        parent_tool_use_id: 'toolu_1',
        api_message_id: 'm9',
      },
      { type: 'stream_event', event: 'nonsense' },
      { type: 'assistant', message: 'nonsense' },
      { type: 'user', message: { content: 'plain' } },
    ]);
    expect(r.events).toEqual([]);
  });

  it('maps rate_limit_event to rate-limit info', () => {
    const r = mapAll([
      { type: 'rate_limit_event', rate_limit_info: { status: 'allowed_warning', resetsAt: 1 }, uuid: 'x' },
    ]);
    expect(r.events).toEqual([
      expect.objectContaining({ type: 'rate_limit', info: { status: 'allowed_warning', resetsAt: 1 } }),
    ]);
  });

  it('403 on api_retry is fatal too; 529 is not', () => {
    expect(
      mapAll([{ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 10, error_status: 403 }]).fatal?.kind,
    ).toBe('auth_required');
    expect(
      mapAll([{ type: 'system', subtype: 'api_retry', attempt: 1, max_retries: 10, error_status: 529 }]).fatal,
    ).toBeUndefined();
  });
});

describe('CliEventMapper: the CLI ids rewind keys on (recorded case 40)', () => {
  const values = fs
    .readFileSync(path.join(RECORDED_DIR, 'rewind', '40-checkpoint-rewind-same-process.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

  it("takes the replayed prompt's uuid once per turn and the last answer line's uuid, never a tool result's", () => {
    // Case 40 holds two turns in one process; a turn's mapper sees its own lines (here: turn 2, after result 1).
    const firstResult = values.findIndex((v) => v['type'] === 'result');
    const turn2 = values.slice(firstResult + 1);
    const r = mapAll(turn2);
    const ids = r.events.filter((e): e is Extract<TurnEvent, { type: 'cli_uuids' }> => e.type === 'cli_uuids');
    const prompt = turn2.find((v) => v['type'] === 'user' && v['isReplay'] === true);
    expect(ids.filter((e) => e.userUuid).map((e) => e.userUuid)).toEqual([prompt?.['uuid']]);
    const answers = turn2.filter((v) => v['type'] === 'assistant');
    expect(ids.filter((e) => e.assistantUuid).at(-1)?.assistantUuid).toBe(answers.at(-1)?.['uuid']);
    const toolResultUuids = turn2.filter((v) => v['type'] === 'user' && v['isReplay'] !== true).map((v) => v['uuid']);
    expect(ids.some((e) => toolResultUuids.includes(e.userUuid))).toBe(false);
  });
});
