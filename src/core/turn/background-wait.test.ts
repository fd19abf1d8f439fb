import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { BackgroundWait, FOLLOW_UP_GRACE_MS } from './background-wait';
import { CliEventMapper } from './cli-event-mapper';
import type { CliVerdict } from './cli-verdict';

/** Case 34 line by line through the mapper and the wait, as run-attempt feeds them; what concludes, and when. */
function replay34(lines = recordedValues(recordedCase('34-subagent'))) {
  const c = manualClock();
  const quiet: CliVerdict[] = [];
  const wait = new BackgroundWait(c.clock, (v) => quiet.push(v));
  const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u1' });
  const events: TurnEvent[] = [];
  const concluded: { at: number; verdict: CliVerdict }[] = [];
  const results: number[] = [];
  lines.forEach((value, i) => {
    const mapped = mapper.map(value);
    for (const e of mapped.events) {
      wait.see(e);
      events.push(e);
    }
    if (mapped.verdict) {
      results.push(i);
      const settled = wait.settle(mapped.verdict);
      if (settled) concluded.push({ at: i, verdict: settled });
    }
  });
  return { c, wait, events, concluded, results, quiet };
}

const tools = (m: AssistantMessage) => m.parts.flatMap((p) => (p.kind === 'tool' ? [p] : []));

describe('a background sub-agent holds its turn open past the result (case 34)', () => {
  it('the first result is held; the follow-up the CLI starts by itself concludes, with both counted', () => {
    const { concluded, results, wait } = replay34();
    expect(results).toHaveLength(2);
    expect(concluded).toHaveLength(1);
    expect(concluded[0]?.at).toBe(results[1]);
    const verdict = concluded[0]!.verdict.verdict;
    expect(verdict.result).toBe('Hello from the mock API.'); // the follow-up's answer
    expect(verdict.numTurns).toBe(3); // 2 before the result + the follow-up's 1
    expect(verdict.usage.inputTokens).toBe(50);
    expect(wait.busy).toBe(false);
  });

  it("everything after the first result lands in the turn: the sub-agent's Bash nested, its state, the follow-up", () => {
    const { events } = replay34();
    let message = newAssistantMessage('u1', 0);
    for (const e of events) message = applyTurnEvent(message, e);
    const [agent, ...others] = tools(message);
    expect(others).toEqual([]);
    expect(agent?.subagent).toMatchObject({ status: 'completed', background: true, toolUses: 1 });
    expect(agent?.children?.find((c) => c.kind === 'tool')).toMatchObject({
      name: 'Bash',
      result: 'sub-agent-says-hi',
    });
    const text = message.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join('\n');
    expect(text).toContain('Hello from the mock API.');
    expect(text).not.toContain('Using a tool.'); // the sub-agent's text stays in its card
  });

  it('with no follow-up after the notification, the held answer concludes after the grace', () => {
    const all = recordedValues(recordedCase('34-subagent'));
    const secondInit = all.findIndex((v, i) => i > 0 && (v as { subtype?: string }).subtype === 'init');
    const { c, concluded, quiet } = replay34(all.slice(0, secondInit));
    expect(concluded).toEqual([]);
    c.advance(FOLLOW_UP_GRACE_MS - 1);
    expect(quiet).toEqual([]);
    c.advance(1);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]?.verdict.result).toContain('Async agent launched');
  });

  it('a follow-up that starts within the grace is waited for, however long it then takes', () => {
    const all = recordedValues(recordedCase('34-subagent'));
    const secondInit = all.findIndex((v, i) => i > 0 && (v as { subtype?: string }).subtype === 'init');
    const { c, concluded, quiet } = replay34(all.slice(0, secondInit + 1));
    c.advance(FOLLOW_UP_GRACE_MS * 10);
    expect(quiet).toEqual([]);
    expect(concluded).toEqual([]);
  });

  it('an error result is not held: the background agent ends with the process', () => {
    const all = recordedValues(recordedCase('34-subagent'));
    const firstResult = all.findIndex((v) => (v as { type?: string }).type === 'result');
    const failed = { ...(all[firstResult] as object), is_error: true, subtype: 'error_during_execution' };
    const { concluded } = replay34([...all.slice(0, firstResult), failed]);
    expect(concluded).toHaveLength(1);
    expect(concluded[0]?.verdict.verdict.isError).toBe(true);
  });
});
