/**
 * A sub-agent the REAL CLI runs in the background (the Agent tool's default in 2.1.328, recorded case 34), through
 * the turn engine: the turn stays open past its first `result` until the sub-agent has reported and the CLI's own
 * follow-up turn has answered; then its process ends (or is kept), none is left behind.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

const backgroundAgent = (command: string) =>
  `SCENARIO:steps ${JSON.stringify([
    {
      name: 'Agent',
      input: {
        description: 'Say hi from a sub-agent',
        subagent_type: 'general-purpose',
        prompt: `SCENARIO:bash CMD[${command}] do it`,
      },
    },
  ])}`;

/** The sub-agent's `sleep 4.5` (longer sleeps the CLI blocks) (Linux /proc): what a stop must not leave behind. */
function sleepers(): number[] {
  if (process.platform !== 'linux') return [0];
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      return fs.readFileSync(`/proc/${name}/cmdline`, 'utf8') === 'sleep\u00004.5\u0000' ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
}

const index = (events: TurnEvent[], pred: (e: TurnEvent) => boolean) => events.findIndex(pred);

describe('a background sub-agent with the real CLI', () => {
  it("keeps the turn open until the sub-agent reported and the CLI's follow-up answered; the process then ends", async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_KEEP: '0' });
    const run = await runTurn(
      engine,
      h.request('t1', backgroundAgent('sleep 2; echo sub-agent-says-hi'), { permissionMode: 'ask' }),
    );
    expect(run.outcome.status).toBe('done');
    const { events } = run;
    const started = index(events, (e) => e.type === 'subagent' && e.status === 'running');
    const nestedResult = index(events, (e) => e.type === 'tool_result' && e.parentToolUseId !== undefined);
    const ended = index(events, (e) => e.type === 'subagent' && e.status === 'completed');
    const results = events.filter((e) => e.type === 'result');
    expect(events[started]).toMatchObject({ background: true });
    expect(events[nestedResult]).toMatchObject({ content: 'sub-agent-says-hi' });
    // One result for the whole turn, after the sub-agent's work and its report.
    expect(results).toHaveLength(1);
    expect(index(events, (e) => e.type === 'result')).toBeGreaterThan(ended);
    expect(ended).toBeGreaterThan(nestedResult);
    expect(nestedResult).toBeGreaterThan(started);
    // The follow-up the CLI started by itself after the notification answered inside this turn.
    expect(events.filter((e) => e.type === 'init')).toHaveLength(2);
    expect(run.text).toContain('Hello from the mock API.');
    expect(results[0]).toMatchObject({ verdict: { isError: false, result: 'Hello from the mock API.' } });
    // The sub-agent's own request went out while the turn was still open (its prompt reached the mock).
    expect(JSON.stringify(mock.requests.map((r) => r.body))).toContain('sub-agent-says-hi');
    expect(h.spawned).toHaveLength(1);
    expect(await waitGone(h.spawned[0]!)).toBe(true);
  });

  it('a kept process answers the thread’s next turn after a background sub-agent', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const first = await runTurn(
      engine,
      h.request('t1', backgroundAgent('echo sub-agent-says-hi'), { permissionMode: 'ask' }),
    );
    expect(first.outcome.status).toBe('done');
    const second = await runTurn(engine, h.request('t1', 'And now?', { permissionMode: 'ask' }));
    expect(second.outcome.status).toBe('done');
    // Kept only once the whole turn was over: it answers the next with no new spawn and no leftover lines.
    expect(second.text).toBe('Hello from the mock API.');
    expect(second.events.filter((e) => e.type === 'result')).toHaveLength(1);
    expect(h.spawned).toHaveLength(1); // the same CLI, kept after the whole turn
  });

  it("Stop while the sub-agent works ends the turn as stopped; the CLI and the sub-agent's command are gone", async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_KEEP: '0' });
    const events: TurnEvent[] = [];
    const handle = engine.run(
      h.request('t1', backgroundAgent('sleep 4.5; echo too-late'), { permissionMode: 'ask' }),
      (e) => events.push(e),
    );
    // The sub-agent's command is running while the turn is still open.
    await expect.poll(sleepers, { timeout: 60_000 }).toHaveLength(1);
    const [sleeper] = sleepers();
    expect(events.some((e) => e.type === 'result')).toBe(false);
    handle.stop();
    const outcome = await handle.done;
    expect(outcome.status).toBe('stopped');
    expect(await waitGone(h.spawned[0]!)).toBe(true);
    expect(await waitGone(sleeper!)).toBe(true);
  });
});
