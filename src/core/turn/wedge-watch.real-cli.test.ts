/**
 * The wedge watch with the REAL CLI against the mock Messages API: the normal kept and pre-warmed paths never trip it
 * (at the app's own bounds), and a kept CLI that is frozen (SIGSTOP: as silent as a wedged one, which the real CLI
 * cannot be made to be on demand) is replaced by a fresh CLI resuming the session — one API request for the turn.
 */
import { expect, it } from 'vitest';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';
import type { TurnEngineDeps } from './turn-engine';
import { wedgedNote } from './wedge-watch';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

const engine = (deps: Partial<TurnEngineDeps> = {}) =>
  h.engine({ ...cli.env }, { keep: { keep: 2, keepIdleMs: 600_000 }, ...deps });

const warnings = (run: Awaited<ReturnType<typeof runTurn>>): string[] =>
  run.events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));

it('a kept and a pre-warmed CLI answer as before: same process, no note', async () => {
  const e = engine();
  const first = await runTurn(e, h.request('t1', 'Turn one'));
  const kept = h.spawned[0]!;
  const second = await runTurn(e, h.request('t1', 'Turn two'));
  expect(second.outcome.status).toBe('done');
  expect(h.spawned).toEqual([kept]);
  expect(e.idle.stats.reused).toBe(1);

  expect(await e.idle.warm(h.request('t2', ''))).toBe('warmed');
  const warm = h.spawned[1]!;
  const third = await runTurn(e, h.request('t2', 'On a warm process'));
  expect(third.outcome.status).toBe('done');
  expect(h.spawned).toEqual([kept, warm]);
  expect(e.idle.stats.reused).toBe(2);
  for (const run of [first, second, third]) expect(warnings(run)).toEqual([]);
});

it('a frozen kept CLI is ended and a fresh one resumes the session: one request for the turn, and a note', async () => {
  const e = engine({ wedgeBounds: { reusedMs: 1_000 } });
  await runTurn(e, h.request('t1', 'Turn one'));
  const kept = h.spawned[0]!;
  expect(e.idle.peek('t1')?.pid).toBe(kept);
  process.kill(kept, 'SIGSTOP');
  mock.requests.length = 0;

  const second = await runTurn(e, h.request('t1', 'Turn two'));
  expect(second.outcome.status).toBe('done');
  expect(second.text).toBe('Hello from the mock API.');
  expect(warnings(second)).toEqual([wedgedNote('kept')]);
  expect(await waitGone(kept)).toBe(true);
  expect(h.spawned).toHaveLength(2);
  // One request, by the fresh CLI, with turn one in it: the session was resumed, nothing sent twice.
  expect(mock.requests).toHaveLength(1);
  expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('Turn one');
});
