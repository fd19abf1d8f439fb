import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp, type DeskAppOptions } from '../desk-app';

/**
 * Pre-warm through the contract the front doors call, real CLI + mock API: prepareTurn and the end of a
 * turn warm the next turn's CLI, a send uses it, a settings change replaces it, quit leaves nothing.
 */
describe('pre-warm through the app (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  const apps: DeskApp[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.shutdown();
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await mock?.close();
    cli?.cleanup();
  });

  async function open(extraEnv: Record<string, string> = {}, opts: Partial<DeskAppOptions> = {}) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-prewarm-'));
    dirs.push(dataDir);
    const desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir, ...extraEnv },
      ...opts,
    });
    apps.push(desk);
    const events: TurnEvent[] = [];
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
    const prewarm = desk.services.prewarm!;
    const send = async (threadId: string, text: string) => {
      const { turnId } = await desk.handlers.sendMessage({ threadId, text });
      await expect
        .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 60_000 })
        .toBe(true);
      return { turnId, of: (type: TurnEvent['type']) => events.filter((e) => e.turnId === turnId && e.type === type) };
    };
    return { desk, prewarm, send };
  }

  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('warms on prepareTurn and after each turn; sends use it; a mode or model change replaces it; quit kills it', async () => {
    // Strict per-turn processes: with kept ones the end of a turn warms nothing.
    const { desk, prewarm, send } = await open({ CLAUDE_DESK_KEEP: '0' });
    const thread = await desk.handlers.createThread(undefined);
    const pids = new Set<number>();
    const warmed = async (spawned: number) => {
      await expect.poll(() => prewarm.status(thread.id).spawned, { timeout: 30_000 }).toBe(spawned);
      await expect.poll(() => prewarm.status(thread.id).pid, { timeout: 30_000 }).toBeDefined();
      pids.add(prewarm.status(thread.id).pid!);
    };
    mock.requests.length = 0;

    await desk.handlers.prepareTurn({ threadId: thread.id });
    await warmed(1);
    const first = await send(thread.id, 'Say hello');
    expect(first.of('finished')[0]).toMatchObject({ status: 'done' });
    expect(prewarm.status().reused).toBe(1);
    expect(mock.requests).toHaveLength(1);
    const saved = await desk.handlers.getThread({ threadId: thread.id });
    const answer = saved!.messages.find((m) => m.id === first.turnId) as AssistantMessage;
    expect(answer.parts).toEqual([expect.objectContaining({ kind: 'text', text: 'Hello from the mock API.' })]);

    await warmed(2); // the end of the turn started the next one
    await desk.handlers.updateThreadSettings({ threadId: thread.id, settings: { permissionMode: 'ask' } });
    await warmed(3); // discarded and replaced with the new mode
    const second = await send(thread.id, 'Again, in ask mode');
    const init = second.of('init')[0];
    expect(init?.type === 'init' && init.permissionMode).toBe('default');
    expect(prewarm.status()).toMatchObject({ reused: 2 });
    expect(mock.requests).toHaveLength(2);
    // The warm process resumed the same session: its running total includes turn one, its turn's cost does not.
    const costOf = (r: typeof first) => {
      const result = r.of('result')[0];
      return result?.type === 'result' ? result.verdict.costUsd : NaN;
    };
    expect(costOf(first)).toBeGreaterThan(0);
    expect(Math.abs(costOf(second) - costOf(first)) / costOf(first)).toBeLessThan(0.01);

    await warmed(4);
    await desk.handlers.updateThreadSettings({ threadId: thread.id, settings: { model: 'mock-model-z' } });
    await warmed(5);
    await send(thread.id, 'Now with another model');
    expect(mock.requests.at(-1)?.model).toBe('mock-model-z');
    expect(prewarm.status()).toMatchObject({ reused: 3 });
    const totals = (await desk.handlers.getThread({ threadId: thread.id }))!.totals;
    const verdicts = (await desk.handlers.getThread({ threadId: thread.id }))!.messages.flatMap((m) =>
      m.role === 'assistant' && m.verdict ? [m.verdict.costUsd] : [],
    );
    expect(verdicts).toHaveLength(3);
    expect(totals).toMatchObject({ turns: 3 });
    expect(totals.costUsd).toBeCloseTo(
      verdicts.reduce((a, b) => a + b, 0),
      10,
    );

    await warmed(6);
    await desk.shutdown();
    expect([...pids].filter(alive)).toEqual([]);
    expect(prewarm.status().size).toBe(0);
  });

  it('CLAUDE_DESK_PREWARM=0 or the power saver: prepareTurn starts nothing', async () => {
    for (const { env, opts } of [
      { env: { CLAUDE_DESK_PREWARM: '0' }, opts: {} },
      { env: {}, opts: { powerSaver: () => true } },
    ]) {
      const { desk, prewarm } = await open(env, opts);
      const thread = await desk.handlers.createThread(undefined);
      await prewarm.prepareTurn(thread.id); // resolves once the attempt is over
      expect(prewarm.status()).toMatchObject({ size: 0, spawned: 0 });
    }
  });
});
