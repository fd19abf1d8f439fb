import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import { recordedCase, recordedValues } from '../../../test/fixtures/recorded-cases';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { BackgroundWait, FOLLOW_UP_GRACE_MS } from './background-wait';
import { CliEventMapper } from './cli-event-mapper';
import type { CliVerdict } from './cli-verdict';

/** A recorded case line by line through the mapper and the wait, as run-attempt feeds them. */
function replay(name: string, until?: (value: unknown, i: number) => boolean) {
  const c = manualClock();
  const quiet: CliVerdict[] = [];
  const wait = new BackgroundWait(c.clock, (v) => quiet.push(v));
  const mapper = new CliEventMapper({ threadId: 't1', turnId: 'u1' });
  let message = newAssistantMessage('u1', 0);
  const events: TurnEvent[] = [];
  const concluded: { at: number; verdict: CliVerdict; running: string[] }[] = [];
  const results: number[] = [];
  const lines = recordedValues(recordedCase(name));
  for (const [i, value] of lines.entries()) {
    if (until?.(value, i)) break;
    const mapped = mapper.map(value);
    for (const e of mapped.events) {
      wait.see(e);
      events.push(e);
      message = applyTurnEvent(message, e);
    }
    if (mapped.requesting) wait.sawRequest();
    if (mapped.verdict) {
      results.push(i);
      const settled = wait.settle(mapped.verdict);
      if (settled) concluded.push({ at: i, verdict: settled, running: wait.runningCommands.map((r) => r.taskId) });
    }
  }
  return { c, wait, events, message, concluded, results, quiet };
}

const bashCards = (m: AssistantMessage) => m.parts.flatMap((p) => (p.kind === 'tool' && p.name === 'Bash' ? [p] : []));
const isResult = (v: unknown) => (v as { type?: string }).type === 'result';

describe('background commands (Bash run_in_background, recorded case 40)', () => {
  it('do not hold the turn: it ends at its result, with the command still running and named for stop_task', () => {
    const { concluded, results, events } = replay('40-bash-background-stop-task');
    expect(concluded[0]?.at).toBe(results[0]);
    expect(concluded[0]?.running).toEqual(['bvfp8na73']);
    // A background command is not a sub-agent: no "working in the background" for the turn.
    expect(events.some((e) => e.type === 'subagent')).toBe(false);
  });

  it("the card follows the command: running, then the CLI's stopped after stop_task", () => {
    const firstResult = recordedValues(recordedCase('40-bash-background-stop-task')).findIndex(isResult);
    const before = replay('40-bash-background-stop-task', (_, i) => i >= firstResult).message;
    expect(bashCards(before)[0]?.backgroundCommand).toEqual({ status: 'running' });
    const after = replay('40-bash-background-stop-task').message;
    expect(bashCards(after)[0]?.backgroundCommand).toEqual({ status: 'stopped' });
    expect(bashCards(after)[0]?.subagent).toBeUndefined();
  });

  it('the stop by the answer’s end stays on the card after the CLI’s own stopped', () => {
    let message = replay('40-bash-background-stop-task').message;
    const base = { threadId: 't1', turnId: 'u1', toolUseId: bashCards(message)[0]!.toolUseId, taskId: 'bvfp8na73' };
    message = applyTurnEvent(message, { ...base, type: 'background_command', status: 'stopped', endedWithTurn: true });
    expect(bashCards(message)[0]?.backgroundCommand).toEqual({ status: 'stopped', endedWithTurn: true });
  });

  it('a foreground Bash that runs a few seconds is a task too, and shows nothing of it (case 40g)', () => {
    const { message, concluded, results, wait } = replay('40g-bash-background-ends-during-tool');
    const [background, foreground] = bashCards(message);
    expect(background?.backgroundCommand).toEqual({ status: 'completed' });
    expect(foreground?.backgroundCommand).toBeUndefined();
    expect(foreground?.subagent).toBeUndefined();
    expect(foreground?.result).toBe('fg-done');
    // It ended during the second Bash: the CLI told the model in the next request, no turn of its own followed.
    expect(results).toHaveLength(1);
    expect(concluded[0]?.at).toBe(results[0]);
    expect(wait.followUpDue).toBe(false);
  });

  it('one that ends while the model writes its answer: the turn the CLI starts right after to say so is the same turn (case 40f)', () => {
    const { concluded, results } = replay('40f-bash-background-ends-during-answer');
    expect(results).toHaveLength(2);
    expect(concluded).toHaveLength(1);
    expect(concluded[0]?.at).toBe(results[1]);
    expect(concluded[0]?.verdict.verdict.result).toBe('Hello from the mock API.');
    expect(concluded[0]?.verdict.verdict.numTurns).toBeGreaterThan(1);
  });

  it('held for that turn, the answer concludes after the grace if it never starts', () => {
    const all = recordedValues(recordedCase('40f-bash-background-ends-during-answer'));
    const firstResult = all.findIndex(isResult);
    const { c, concluded, quiet } = replay('40f-bash-background-ends-during-answer', (_, i) => i > firstResult);
    expect(concluded).toEqual([]);
    c.advance(FOLLOW_UP_GRACE_MS);
    expect(quiet).toHaveLength(1);
  });

  it('one that ends by itself after the result leaves the CLI a turn to run: the process is not idle (case 40e)', () => {
    const all = recordedValues(recordedCase('40e-bash-background-finishes'));
    const secondInit = all.findIndex((v, i) => i > 0 && (v as { subtype?: string }).subtype === 'init');
    const { concluded, results, wait } = replay('40e-bash-background-finishes', (_, i) => i >= secondInit);
    expect(concluded[0]?.at).toBe(results[0]);
    expect(concluded[0]?.running).toHaveLength(1);
    expect(wait.runningCommands).toEqual([]);
    expect(wait.followUpDue).toBe(true);
  });
});
