import { describe, expect, it } from 'vitest';
import { classifyTurnEnd } from './turn-errors';
import { parseResult } from './cli-verdict';
import { replayRecorded } from '../../../test/fixtures/replay-recorded';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import type { Json } from '../claude-code-wire/cli-json';

/** The n-th `result` line of a recorded case, as the engine classifies it. */
function verdictOf(name: string, n = 0) {
  const results = recordedValues(recordedCase(name)).filter((v) => (v as Json).type === 'result') as Json[];
  return parseResult(results[n]!, false);
}
const cleanExit = { code: 1, signal: null, idleTimedOut: false, stopped: false, stderrTail: '' };

describe('a conversation past the context window (recorded cases 57, 57b)', () => {
  it.each([
    ['57-prompt-too-long', 0],
    ['57b-prompt-too-long-long-thread', 3],
    ['57b-prompt-too-long-long-thread', 5],
  ])('%s result %i is its own kind, said in words, with what to do', (name, n) => {
    const error = classifyTurnEnd({ exit: cleanExit, verdict: verdictOf(name, n), file: 'claude', idleTimeoutMs: 1 });
    expect(error?.kind).toBe('context_too_long');
    expect(error?.message).toMatch(/^This conversation is longer than the model's context window/);
    expect(error?.hint).toMatch(/Compact/);
  });

  it('keeps the CLI’s own explanation when it gave one (a single exchange, case 57)', () => {
    const error = classifyTurnEnd({
      exit: cleanExit,
      verdict: verdictOf('57-prompt-too-long'),
      file: 'claude',
      idleTimeoutMs: 1,
    });
    expect(error?.detail).toContain('A single-exchange conversation cannot be compacted');
  });
});

describe('a tool Accept edits withholds (recorded case 56)', () => {
  it('each refused call carries why: shell, sub-agents, web', () => {
    const { message } = replayRecorded('56-accept-edits-forbidden-tools');
    const tools = message.parts.flatMap((p) => (p.kind === 'tool' ? [p] : []));
    expect(tools.map((t) => [t.name, t.isError, t.detail])).toEqual([
      ['Bash', true, { kind: 'withheld', reason: 'shell' }],
      ['Agent', true, { kind: 'withheld', reason: 'subagents' }],
      ['WebFetch', true, { kind: 'withheld', reason: 'web' }],
      ['WebSearch', true, { kind: 'withheld', reason: 'web' }],
    ]);
  });
});
