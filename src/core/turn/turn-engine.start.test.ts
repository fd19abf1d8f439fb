import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import { ThreadLocks } from '../store/thread-locks';
import { type Harness, createHarness, waitGone } from '../../../test/fixtures/turn-harness';
import type { Spawner } from '../claude-code-wire/spawned-process';
import { TurnSetupError } from './turn-errors';
import type { TurnRequest } from './turn-request';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

const env = { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'text' };

/** A turn started while its request is still being prepared, as the app starts every turn. */
describe('TurnEngine: the one registry of live turns', () => {
  it('a turn is registered (busy, stoppable) from run() until finished, and its handle holds the answer so far', async () => {
    const engine = h.engine(env);
    let ready!: (req: TurnRequest) => void;
    const req = h.request('t', 'hi');
    const handle = engine.run(
      { threadId: 't', turnId: req.turnId, createdAt: 42, prepare: () => new Promise((r) => (ready = r)) },
      () => undefined,
    );
    expect(engine.running('t')).toEqual([handle]);
    expect(engine.turn(req.turnId)).toBe(handle);
    expect(handle.running).toBe(false);
    await expect(handle.setModel('opus')).resolves.toMatchObject({ ok: false });
    ready(req);
    const outcome = await handle.done;
    expect(outcome.status).toBe('done');
    expect(handle.message).toMatchObject({ id: req.turnId, createdAt: 42, status: 'done' });
    expect(handle.message.parts.length).toBeGreaterThan(0);
    expect(engine.running()).toEqual([]);
  });

  it('a failed preparation becomes the turn error with its kind and hint; the thread runs its next turn', async () => {
    const engine = h.engine(env);
    const events: TurnEvent[] = [];
    const failing = engine.run(
      {
        threadId: 't',
        turnId: 'x',
        prepare: () => Promise.reject(new TurnSetupError('Claude Code CLI not found.', 'cli_missing', 'Install it.')),
      },
      (e) => events.push(e),
    );
    expect((await failing.done).status).toBe('failed');
    expect(events.map((e) => e.type)).toEqual(['error', 'finished']);
    expect(events[0]).toMatchObject({
      error: { kind: 'cli_missing', message: 'Claude Code CLI not found.', hint: 'Install it.' },
    });
    expect((await engine.run(h.request('t', 'again'), () => undefined).done).status).toBe('done');
  });

  it("the thread's lock is taken while the request is prepared, and given back when the preparation fails", async () => {
    const dir = path.join(h.root, 'locks');
    const engine = h.engine(env, { threadLocks: new ThreadLocks(dir, 'web') });
    const other = new ThreadLocks(dir, 'cli'); // another Claude Desk process on the same data dir
    let fail!: (err: Error) => void;
    const failing = engine.run(
      { threadId: 't', turnId: 'x', prepare: () => new Promise((_, reject) => (fail = reject)) },
      () => undefined,
    );
    // Still preparing, and the thread is already this turn's: the other process cannot take it.
    await vi.waitFor(() => expect(fs.existsSync(path.join(dir, 't.lock'))).toBe(true));
    expect(await other.acquire('t')).toMatchObject({ ok: false });
    fail(new TurnSetupError('Claude Code CLI not found.', 'cli_missing'));
    expect((await failing.done).status).toBe('failed');
    await vi.waitFor(async () => {
      const lock = await other.acquire('t');
      expect(lock).toMatchObject({ ok: true });
      if (lock.ok) await lock.release();
    });
    expect((await engine.run(h.request('t', 'again'), () => undefined).done).status).toBe('done');
    await other.settled(); // its next lock file, written after the release, lands before the folder is removed
  });

  it('stop while the request is being prepared ends the turn as stopped without spawning', async () => {
    const engine = h.engine(env);
    let ready!: (req: TurnRequest) => void;
    const req = h.request('t', 'hi');
    const events: TurnEvent[] = [];
    const handle = engine.run(
      { threadId: 't', turnId: req.turnId, prepare: () => new Promise((r) => (ready = r)) },
      (e) => events.push(e),
    );
    handle.stop();
    ready(req);
    expect((await handle.done).status).toBe('stopped');
    expect(events.map((e) => e.type)).toEqual(['finished']);
    expect(h.spawned).toHaveLength(0);
  });
});

/** The engine gets the process ready while the app saves the message; Claude reads it only after. */
describe('TurnEngine: the user line waits for `ready`', () => {
  /** A spawner that notes, in `order`, each user line written to a CLI's stdin. */
  function recordingSpawner(order: string[]): Spawner {
    return (file, args, opts) => {
      const child = h.spawner(file, args, opts);
      const stdin = child.stdin as unknown as { write: (chunk: unknown, ...rest: unknown[]) => boolean };
      const write = stdin.write.bind(stdin);
      stdin.write = (chunk, ...rest) => {
        if (String(chunk).includes('"type":"user"')) order.push('user line');
        return write(chunk, ...rest);
      };
      return child;
    };
  }

  it('spawns meanwhile, and writes the message only once it is saved', async () => {
    const order: string[] = [];
    const engine = h.engine(env, { spawner: recordingSpawner(order) });
    let saved!: () => void;
    const ready = new Promise<void>((r) => (saved = r)).then(() => order.push('saved'));
    const handle = engine.run(h.request('t', 'hi', { ready }), () => undefined);
    await vi.waitFor(() => expect(h.spawned).toHaveLength(1)); // the process is up before the message is saved
    expect(order).toEqual([]);
    saved();
    expect((await handle.done).status).toBe('done');
    expect(order).toEqual(['saved', 'user line']);
  });

  it('a message that could not be saved never reaches Claude: the turn fails saying so, its CLI is ended', async () => {
    const order: string[] = [];
    const engine = h.engine(env, { spawner: recordingSpawner(order) });
    const events: TurnEvent[] = [];
    const ready = Promise.reject(new Error('your message could not be saved (ENOSPC), so it was not sent'));
    const outcome = await engine.run(h.request('t', 'hi', { ready }), (e) => events.push(e)).done;
    expect(outcome.status).toBe('failed');
    expect(outcome.error?.message).toMatch(/could not be saved \(ENOSPC\), so it was not sent/);
    expect(events.map((e) => e.type)).toEqual(['started', 'error', 'finished']);
    expect(order).toEqual([]);
    expect(await waitGone(h.spawned[0] ?? -1)).toBe(true);
  });
});
