import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import { type Harness, createHarness } from '../../../test/fixtures/turn-harness';
import type { SpawnedProcess, Spawner } from '../claude-code-wire/spawned-process';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { CONTEXT_USAGE_WAIT_MS } from './attempt-tools';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

/**
 * Wraps the real spawner: counts live CLI processes and holds each one's stdin until `open()`, so
 * turns stay running as long as the test wants, without any timing.
 */
function gatedSpawner(inner: Spawner) {
  let live = 0;
  let maxLive = 0;
  let opened = false;
  const gates: (() => void)[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const spawner: Spawner = (file, args, opts) => {
    const child = inner(file, args, opts);
    live++;
    maxLive = Math.max(maxLive, live);
    child.on('exit', () => live--);
    const gate = new PassThrough();
    const pass = () => gate.pipe(child.stdin!);
    if (opened) pass();
    else gates.push(pass);
    for (const w of waiters.splice(0))
      if (live >= w.n) w.resolve();
      else waiters.push(w);
    return new Proxy(child, {
      get: (target, prop) => (prop === 'stdin' ? gate : Reflect.get(target, prop, target)),
    }) as SpawnedProcess;
  };
  return {
    spawner,
    get live() {
      return live;
    },
    get maxLive() {
      return maxLive;
    },
    whenLive: (n: number) => new Promise<void>((resolve) => (live >= n ? resolve() : waiters.push({ n, resolve }))),
    open: () => {
      opened = true;
      for (const g of gates.splice(0)) g();
    },
  };
}

describe('TurnEngine limits', () => {
  it('6 turns on 6 threads: never more than 4 before their answer, the rest queued FIFO, all 6 finish', async () => {
    const gated = gatedSpawner(h.spawner);
    const engine = h.engine({ PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'text' }, { spawner: gated.spawner });
    // An answered turn gives its place to the next while its CLI ends: the cap counts turns still answering.
    let answering = 0;
    let maxAnswering = 0;
    engine.phases.subscribe(({ phase, previous }) => {
      if (phase === 'preparing') maxAnswering = Math.max(maxAnswering, ++answering);
      if (previous === 'running' || (previous === 'preparing' && phase === 'closing')) answering--;
    });
    const events: TurnEvent[] = [];
    const handles = Array.from({ length: 6 }, (_, i) =>
      engine.run(h.request(`thread-${i}`, `msg ${i}`), (e) => events.push(e)),
    );
    await gated.whenLive(4);
    expect(gated.live).toBe(4);
    const queued = events.filter((e) => e.type === 'queued');
    expect(queued.map((e) => [e.turnId, e.type === 'queued' && e.position])).toEqual([
      [handles[4]?.turnId, 1],
      [handles[5]?.turnId, 2],
    ]);
    gated.open();
    const outcomes = await Promise.all(handles.map((x) => x.done));
    expect(outcomes.map((o) => o.status)).toEqual(Array(6).fill('done'));
    expect(maxAnswering).toBe(4);
    // the last turn moved up to position 1 before it ran
    expect(
      events
        .filter((e) => e.turnId === handles[5]?.turnId && e.type === 'queued')
        .map((e) => e.type === 'queued' && e.position),
    ).toEqual([2, 1]);
  });

  it("an answered turn's place goes to a queued turn while its CLI still ends; its thread stays busy", async () => {
    // One place; the context breakdown asked after each answer is never answered, so each turn's end waits its bound.
    const c = manualClock();
    const env = { PATH: process.env.PATH, CLAUDE_DESK_MAX_TURNS: '1', FAKE_CLAUDE_UNANSWERED: 'get_context_usage' };
    const engine = h.engine(env, { clock: c.clock });
    const a = engine.run(h.request('a', 'first'), () => {});
    const again = engine.run(h.request('a', 'second'), () => {});
    const b = engine.run(h.request('b', 'other thread'), () => {});
    await expect.poll(() => engine.phases.phase(a.turnId)).toBe('answered');
    await expect.poll(() => engine.phases.phase(b.turnId)).toBe('running');
    expect(engine.phases.phase(a.turnId)).toBe('answered'); // a's CLI is still ending
    expect(engine.phases.phase(again.turnId)).toBe('queued'); // and its thread's next turn waits for it
    c.advance(CONTEXT_USAGE_WAIT_MS);
    expect((await a.done).status).toBe('done');
    await expect.poll(() => engine.phases.phase(b.turnId)).toBe('answered');
    c.advance(CONTEXT_USAGE_WAIT_MS);
    await expect.poll(() => engine.phases.phase(again.turnId)).toBe('answered');
    c.advance(CONTEXT_USAGE_WAIT_MS);
    expect((await Promise.all([again.done, b.done])).map((o) => o.status)).toEqual(['done', 'done']);
  });

  it('a second message to a busy thread waits for the first; stopping a queued turn removes it', async () => {
    const gated = gatedSpawner(h.spawner);
    const engine = h.engine({ PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'text' }, { spawner: gated.spawner });
    const seen: Record<string, string[]> = { a: [], b: [], c: [] };
    const a = engine.run(h.request('same', 'first'), (e) => seen.a?.push(e.type));
    const b = engine.run(h.request('same', 'second'), (e) => seen.b?.push(e.type));
    const c = engine.run(h.request('same', 'third'), (e) => seen.c?.push(e.type));
    await gated.whenLive(1);
    expect(seen.b).toEqual(['queued']);
    c.stop();
    expect(await c.done).toEqual({ status: 'stopped' });
    expect(seen.c).toEqual(['queued', 'finished']);
    gated.open();
    expect((await a.done).status).toBe('done');
    expect((await b.done).status).toBe('done');
    expect(seen.b?.[1]).toBe('started');
    expect(h.spawned).toHaveLength(2);
  });

  it('stopAll stops running and queued turns; no process is left', async () => {
    const engine = h.engine({ PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'silent', CLAUDE_DESK_MAX_TURNS: '2' });
    const handles = Array.from({ length: 3 }, (_, i) => engine.run(h.request(`t${i}`, 'x'), () => {}));
    while (h.spawned.length < 2) await new Promise((r) => setTimeout(r, 20));
    await engine.stopAll();
    expect((await Promise.all(handles.map((x) => x.done))).map((o) => o.status)).toEqual([
      'stopped',
      'stopped',
      'stopped',
    ]);
    expect(h.spawned.length).toBeLessThanOrEqual(2);
    for (const pid of h.spawned) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });
});
