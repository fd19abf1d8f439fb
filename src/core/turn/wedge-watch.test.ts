/**
 * The wedge watch: a kept or pre-warmed CLI that says nothing at all after the turn's user line is ended and the
 * turn runs on a fresh process, once. The real CLI cannot be wedged on demand (a kept process stuck after an earlier
 * turn's Bash read of a named pipe was seen, not reproduced), so the fake claude plays it: `wedge-after:<n>` answers n
 * turns, then prints nothing at all. A manual clock drives the bounds: the test waits for the line the user sent to
 * reach the process, then moves the clock — never a sleep.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { type Harness, createHarness, runTurn, summarize, waitGone } from '../../../test/fixtures/turn-harness';
import type { Spawner } from '../claude-code-wire/spawned-process';
import type { TurnEvent } from '../../shared/turn-events';
import type { TurnEngine } from './turn-engine';
import { KILL_GRACE_MS } from './turn-process';
import { killProcessGroup } from '../process-group';
import { wedgedNote } from './wedge-watch';

let h: Harness;
let stdinFile: string;
/** Every signal sent to a process group, as it is sent. */
let signalled: [number, NodeJS.Signals][];
beforeEach(() => {
  h = createHarness();
  stdinFile = path.join(h.root, 'stdin.txt');
  signalled = [];
});
afterEach(() => h.cleanup());

const BOUNDS = { reusedMs: 200, freshMs: 1_000 };

/** The nth process spawned gets modes[n] (the last one from then on). */
function spawnerWithModes(modes: string[]): Spawner {
  let n = 0;
  return (file, args, opts) => {
    const mode = modes[Math.min(n++, modes.length - 1)] ?? 'text';
    return h.spawner(file, args, { ...opts, env: { ...opts.env, FAKE_CLAUDE_MODE: mode } });
  };
}

function engineWith(
  modes: string[],
  c = manualClock(),
  keep = 2,
): { engine: TurnEngine; advance: (ms: number) => void } {
  const engine = h.engine(
    { PATH: process.env.PATH, FAKE_CLAUDE_STDIN_FILE: stdinFile, CLAUDE_DESK_PREWARM: '1' },
    {
      clock: c.clock,
      spawner: spawnerWithModes(modes),
      keep: { keep, keepIdleMs: 600_000 },
      wedgeBounds: BOUNDS,
      killGroup: (pid, signal) => {
        signalled.push([pid, signal]);
        killProcessGroup(pid, signal);
      },
    },
  );
  return { engine, advance: c.advance };
}

/** The user lines the fake processes have read so far (all of them, in one file). */
function userLinesRead(): string[] {
  if (!fs.existsSync(stdinFile)) return [];
  return fs
    .readFileSync(stdinFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"user"'));
}

const warnings = (events: TurnEvent[]): string[] => events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));

/** The session the CLI that answered says it runs (its `system/init`). */
function sessionOf(events: TurnEvent[]): string | undefined {
  const init = events.find((e) => e.type === 'init');
  return init?.type === 'init' ? init.sessionId : undefined;
}

function argvOf(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
}

describe('a kept or pre-warmed process that says nothing', () => {
  it('the kept process is ended and the turn is answered by a fresh one resuming the session, with a note', async () => {
    const { engine, advance } = engineWith(['wedge-after:1', 'text']);
    const one = await runTurn(engine, h.request('t1', 'Turn one'));
    expect(one.outcome.status).toBe('done');
    const kept = h.spawned[0]!;
    expect(engine.idle.peek('t1')?.pid).toBe(kept);

    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Turn two'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(2); // the kept process has it, and says nothing
    expect(h.spawned).toEqual([kept]);
    advance(BOUNDS.reusedMs);
    const outcome = await turn.done;

    expect(outcome.status).toBe('done');
    expect(summarize(events).text).toBe('Hello from the mock API.');
    expect(warnings(events)).toEqual([wedgedNote('kept')]);
    expect(h.spawned).toHaveLength(2);
    expect(await waitGone(kept)).toBe(true);
    // The fresh process resumed the thread's session, and is now the one kept.
    const sessionId = sessionOf(one.events);
    expect(sessionOf(events)).toBe(sessionId);
    const fresh = h.spawned[1]!;
    expect(argvOf(fresh)).toEqual(expect.arrayContaining(['--resume', sessionId]));
    expect(engine.idle.peek('t1')?.pid).toBe(fresh);
  });

  it('when the fresh process says nothing either, the turn fails with what happened and what to do', async () => {
    const { engine, advance } = engineWith(['wedge-after:1', 'wedge-after:0']);
    await runTurn(engine, h.request('t1', 'Turn one'));
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Turn two'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(2);
    advance(BOUNDS.reusedMs);
    await expect.poll(() => userLinesRead().length).toBe(3); // the fresh one has it too
    advance(BOUNDS.freshMs);
    const outcome = await turn.done;

    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatchObject({
      kind: 'idle_timeout',
      message: expect.stringContaining('a fresh one said nothing for 1 s'),
      hint: expect.stringContaining('Retry'),
    });
    expect(warnings(events)).toEqual([wedgedNote('kept')]);
    expect(h.spawned).toHaveLength(2);
    for (const pid of h.spawned) expect(await waitGone(pid)).toBe(true);
  });

  it('a process that has begun its answer is not retried: nothing is sent twice', async () => {
    const { engine, advance } = engineWith(['stall-after:1']);
    await runTurn(engine, h.request('t1', 'Turn one'));
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Turn two'), (e) => events.push(e));
    await expect.poll(() => events.some((e) => e.type === 'init')).toBe(true);
    advance(BOUNDS.reusedMs * 10);
    expect(signalled).toEqual([]);
    expect(h.spawned).toHaveLength(1);
    expect(engine.phases.phase(turn.turnId)).toBe('running');
    turn.stop();
    advance(KILL_GRACE_MS);
    expect((await turn.done).status).toBe('stopped');
    expect(warnings(events)).toEqual([]);
    expect(h.spawned).toHaveLength(1);
  });

  it('Stop pressed while the kept process is silent stops the turn: no fresh process, no note', async () => {
    const { engine, advance } = engineWith(['wedge-after:1']);
    await runTurn(engine, h.request('t1', 'Turn one'));
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Turn two'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(2);
    turn.stop();
    advance(KILL_GRACE_MS);
    expect((await turn.done).status).toBe('stopped');
    expect(h.spawned).toHaveLength(1);
    expect(warnings(events)).toEqual([]);
  });

  it('a pre-warmed process that has waited and does not answer is replaced the same way (its own note)', async () => {
    const { engine, advance } = engineWith(['wedge-after:0', 'text']);
    expect(await engine.idle.warm(h.request('t1', ''))).toBe('warmed');
    const warm = h.spawned[0]!;
    const sessionId = engine.idle.pendingSessionId('t1');
    advance(BOUNDS.freshMs); // long started: it gets only the reused bound
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Hello'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(1);
    advance(BOUNDS.reusedMs);
    const outcome = await turn.done;
    expect(outcome.status).toBe('done');
    expect(summarize(events).text).toBe('Hello from the mock API.');
    expect(warnings(events)).toEqual([wedgedNote('warm')]);
    expect(await waitGone(warm)).toBe(true);
    // It never said a word, so the session it was started with is the one the fresh process gets.
    expect(sessionOf(events)).toBe(sessionId);
    expect(argvOf(h.spawned[1]!)).toEqual(expect.arrayContaining(['--session-id', sessionId]));
  });

  it('a pre-warmed process taken just after its spawn is still starting: it gets the fresh bound', async () => {
    const { engine, advance } = engineWith(['wedge-after:0', 'text']);
    await engine.idle.warm(h.request('t1', ''));
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Hello'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(1);
    advance(BOUNDS.reusedMs);
    expect(signalled).toEqual([]); // not ended: it may still be starting
    advance(BOUNDS.freshMs - BOUNDS.reusedMs);
    expect(signalled).toEqual([[h.spawned[0], 'SIGKILL']]);
    expect((await turn.done).status).toBe('done');
    expect(warnings(events)).toEqual([wedgedNote('warm')]);
  });

  it('a fresh process is never bounded this way on a first attempt: its start may take long', async () => {
    const { engine, advance } = engineWith(['wedge-after:0'], manualClock(), 0);
    const events: TurnEvent[] = [];
    const turn = engine.run(h.request('t1', 'Hello'), (e) => events.push(e));
    await expect.poll(() => userLinesRead().length).toBe(1);
    advance(BOUNDS.freshMs * 10);
    expect(signalled).toEqual([]);
    expect(engine.phases.phase(turn.turnId)).toBe('running');
    turn.stop();
    advance(KILL_GRACE_MS);
    expect((await turn.done).status).toBe('stopped');
    expect(h.spawned).toHaveLength(1);
    expect(warnings(events)).toEqual([]);
  });
});
