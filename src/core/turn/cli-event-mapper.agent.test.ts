import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../shared/threads';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { replayRecorded } from '../../../test/fixtures/replay-recorded';
import { CliEventMapper } from './cli-event-mapper';
import { parseContextUsage } from '../../shared/context-usage';

function replay(name: string): { message: AssistantMessage; verdictContext?: unknown } {
  const { message, verdict } = replayRecorded(name);
  return { message, verdictContext: verdict?.context };
}

/** What a recorded case's CLI answered to a control request (the first answer, or the one to `requestId`). */
function controlAnswer(name: string, requestId?: string): unknown {
  const answers = recordedValues(recordedCase(name)).filter(
    (v) => (v as { type?: string }).type === 'control_response',
  ) as { response: { request_id: string; response: unknown } }[];
  return answers.find((a) => requestId === undefined || a.response.request_id === requestId)?.response.response;
}

const tools = (m: AssistantMessage) => m.parts.flatMap((p) => (p.kind === 'tool' ? [p] : []));

describe('the agent recordings through mapper and reducer', () => {
  it('an Edit keeps the real patch with line numbers; a new file Write is marked created (case 30)', () => {
    const [read, edit, write, editAll] = tools(replay('30-edit-write').message);
    expect(read?.detail).toEqual({ kind: 'read', startLine: 1, numLines: 31, totalLines: 31 });
    expect(edit?.detail).toEqual({
      kind: 'patch',
      hunks: [
        {
          oldStart: 7,
          oldLines: 7,
          newStart: 7,
          newLines: 8,
          lines: [
            ' line 7',
            ' line 8',
            ' line 9',
            '-line 10',
            '+line ten',
            '+line ten and a half',
            ' line 11',
            ' line 12',
            ' line 13',
          ],
        },
      ],
    });
    expect(write?.detail).toEqual({ kind: 'patch', hunks: [], created: true });
    expect(editAll?.detail?.kind === 'patch' && editAll.detail.hunks.length).toBe(2);
    // The whole original file is not copied into the thread.
    expect(JSON.stringify(edit)).not.toContain('originalFile');
  });

  it('Glob and Grep keep their file lists (case 32)', () => {
    const [, glob, grepContent, grepFiles] = tools(replay('32-read-glob-grep').message);
    expect(glob?.detail).toEqual({ kind: 'files', filenames: ['src/a.ts'], numFiles: 1, truncated: false });
    expect(grepContent?.detail).toBeUndefined(); // content mode: the text result is the list
    expect(grepFiles?.detail).toMatchObject({ kind: 'files', filenames: ['notes.txt', 'src/a.ts'] });
  });

  it('a failing Bash keeps its output and error flag (case 31)', () => {
    const [ok, failed] = tools(replay('31-bash-output').message);
    expect(ok?.result).toContain('\u001b[31mred');
    expect(failed).toMatchObject({ isError: true, result: 'Exit code 3\nto-stdout\nto-stderr' });
  });

  it("a sub-agent's text and tool calls nest under its Agent card, with its state (case 34b)", () => {
    const { message } = replay('34b-subagent-foreground');
    const [agent] = tools(message);
    expect(agent?.name).toBe('Agent');
    expect(agent?.subagent).toMatchObject({ status: 'completed', toolUses: 1, background: false });
    expect(agent?.subagent?.durationMs).toBeGreaterThan(0);
    const children = agent?.children ?? [];
    expect(children.map((c) => c.kind)).toEqual(['text', 'tool', 'text']);
    expect(children[1]).toMatchObject({ kind: 'tool', name: 'Bash', result: 'sub-agent-says-hi' });
    // Nothing of the sub-agent leaks into the answer itself.
    expect(tools(message)).toHaveLength(1);
    expect(
      message.parts
        .filter((p) => p.kind === 'text')
        .map((p) => p.text)
        .join(),
    ).not.toContain('Using a tool.');
  });

  it('the verdict carries the context size and window (case 30)', () => {
    const { verdictContext } = replay('30-edit-write');
    expect(verdictContext).toMatchObject({ window: 1_000_000 });
    expect((verdictContext as { tokens: number }).tokens).toBeGreaterThan(0);
  });

  it('a compact_boundary becomes a divider with the token counts (case 37)', () => {
    const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u1' });
    const events = recordedValues(recordedCase('37-context-usage-compact')).flatMap((v) => mapper.map(v).events);
    expect(events.find((e) => e.type === 'compacted')).toMatchObject({
      trigger: 'manual',
      preTokens: 15,
      postTokens: 2547,
    });
  });

  it("after /compact the turn's verdict says the window holds the summary (case 37, turn 2)", () => {
    const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u2' });
    const values = recordedValues(recordedCase('37-context-usage-compact'));
    const second = values.slice(values.findIndex((v) => (v as { type?: string }).type === 'result') + 1);
    const verdict = second.map((v) => mapper.map(v).verdict).find(Boolean)?.verdict;
    expect(verdict?.numTurns).toBe(0);
    expect(verdict?.context).toEqual({ tokens: 2547, window: 1_000_000 });
  });

  it('a rate_limit_event becomes the plan-limit state of the turn (case 38, 38b)', () => {
    expect(replay('38-rate-limit-oauth').message.rateLimit).toMatchObject({
      status: 'allowed_warning',
      type: 'five_hour',
      utilization: 0.91,
      resetsAt: 1796129556000,
      windows: { seven_day: { utilization: 0.4, status: 'allowed' } },
    });
    expect(replay('38b-rate-limit-rejected-oauth').message.rateLimit).toMatchObject({
      status: 'rejected',
      utilization: 1,
    });
  });
});

describe('the context breakdown (cases 37, 39)', () => {
  it("the /context command's reply carries its categories as data (case 39)", () => {
    const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u2' });
    const values = recordedValues(recordedCase('39-context-command'));
    const second = values.slice(values.findIndex((v) => (v as { type?: string }).type === 'result') + 1);
    const events = second.flatMap((v) => mapper.map(v).events);
    expect(events.find((e) => e.type === 'context_usage')).toMatchObject({
      usage: {
        totalTokens: 2167,
        maxTokens: 1_000_000,
        categories: [
          { name: 'System prompt', tokens: 100, kind: 'used' },
          { name: 'Skills', tokens: 2067, kind: 'used' },
          { name: 'Autocompact buffer', tokens: 33000, kind: 'buffer' },
          { name: 'Free space', tokens: 964833, kind: 'free' },
        ],
      },
    });
    // Its markdown table is the reply the user reads.
    expect(events.find((e) => e.type === 'text')).toMatchObject({ text: expect.stringContaining('## Context Usage') });
  });

  it('the get_context_usage answer reads into the same shape (case 39, after the turn)', () => {
    expect(parseContextUsage(controlAnswer('39-context-command'))).toEqual({
      totalTokens: 2571,
      maxTokens: 1_000_000,
      // The session loaded no CLAUDE.md: said as an empty list, not left out (the Instructions page tells them apart).
      memoryFiles: [],
      categories: [
        { name: 'System prompt', tokens: 100, kind: 'used' },
        { name: 'Skills', tokens: 2067, kind: 'used' },
        { name: 'Messages', tokens: 404, kind: 'used' },
        { name: 'Autocompact buffer', tokens: 33000, kind: 'buffer' },
        { name: 'Free space', tokens: 964429, kind: 'free' },
      ],
    });
    expect(parseContextUsage({ categories: 'nope' })).toBeUndefined();
  });

  it('the summary answer (case 37b, no token-count calls) has the same shape; deferred tools take no room', () => {
    expect(parseContextUsage(controlAnswer('37b-context-usage-summary', 'ctx-1'))).toEqual({
      totalTokens: 14628,
      maxTokens: 1_000_000,
      memoryFiles: [],
      categories: [
        { name: 'System prompt', tokens: 2339, kind: 'used' },
        { name: 'System tools', tokens: 10222, kind: 'used' },
        { name: 'Skills', tokens: 2067, kind: 'used' },
        { name: 'Autocompact buffer', tokens: 33000, kind: 'buffer' },
        { name: 'Free space', tokens: 952372, kind: 'free' },
      ],
    });
  });
});
