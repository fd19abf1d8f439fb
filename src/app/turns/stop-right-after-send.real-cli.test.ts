import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MockApi, startMockAnthropicApi } from '../../../test/fixtures/mock-anthropic-api';
import { type RealCliEnv, realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import type { TurnEvent } from '../../shared/turn-events';
import { type DeskApp, createDeskApp } from '../desk-app';

/**
 * Claude Code 2.1.336 fixed a message stopped right after it was sent being lost from the session. Claude Desk's side,
 * with the real CLI: a message stopped at once stays in the thread, and Claude has it when the next one is answered.
 */
describe('a message stopped right after sending (real CLI)', () => {
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
    mock.setResponder(null);
  });
  afterAll(async () => {
    await mock?.close();
    cli?.cleanup();
  });

  // On the thread's kept process (the usual case), on a fresh one (nothing kept, nothing pre-started) and on a
  // pre-started one; stopped once the turn has started, or at once (before Claude Code has read the message: it never
  // reaches its session, and Claude Desk hands it over with the next message).
  it.each([
    ['kept process', { CLAUDE_DESK_KEEP: '2' }, false],
    ['fresh process', { CLAUDE_DESK_KEEP: '0', CLAUDE_DESK_PREWARM: '0' }, false],
    ['pre-warmed process', { CLAUDE_DESK_KEEP: '0', CLAUDE_DESK_PREWARM: '1' }, false],
    ['kept process, stopped at once', { CLAUDE_DESK_KEEP: '2' }, true],
    ['fresh process, stopped at once', { CLAUDE_DESK_KEEP: '0', CLAUDE_DESK_PREWARM: '0' }, true],
    ['pre-warmed process, stopped at once', { CLAUDE_DESK_KEEP: '0', CLAUDE_DESK_PREWARM: '1' }, true],
  ])('is kept, and Claude has it with the next message (%s)', async (_how, processes, atOnce) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-stop-at-once-'));
    dirs.push(dataDir);
    const desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir, ...processes },
    });
    apps.push(desk);
    const events: TurnEvent[] = [];
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
    const finished = async (turnId: string) => {
      await expect
        .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 60_000 })
        .toBe(true);
      return events.find((e) => e.turnId === turnId && e.type === 'finished');
    };
    const thread = await desk.handlers.createThread(undefined);
    // A first answered turn: the thread has a session (and, with keeping on, a kept process) to stop a message in.
    await finished((await desk.handlers.sendMessage({ threadId: thread.id, text: 'Hello' })).turnId);

    // The slow answer is stopped as soon as the CLI has the message (its replayed user line, before any answer).
    mock.setResponder(() => ({ kind: 'text', chunks: ['never seen'], delayMs: 30_000 }));
    const { turnId } = await desk.handlers.sendMessage({ threadId: thread.id, text: 'The code word is marmalade' });
    if (!atOnce) {
      await expect
        .poll(() => events.some((e) => e.turnId === turnId && e.type === 'started'), { timeout: 30_000 })
        .toBe(true);
    }
    await desk.handlers.stopTurn({ threadId: thread.id, turnId });
    expect(await finished(turnId)).toMatchObject({ status: 'stopped' });

    mock.setResponder(null);
    mock.requests.length = 0;
    const next = await desk.handlers.sendMessage({ threadId: thread.id, text: 'What was the code word?' });
    expect(await finished(next.turnId)).toMatchObject({ status: 'done' });
    // Claude was asked with the stopped message in the conversation.
    const asked = JSON.stringify(mock.requests.at(-1)?.body.messages ?? []);
    // Once: handed over only when Claude Code's session does not have it.
    expect(asked.split('The code word is marmalade')).toHaveLength(2);
    expect(asked).toContain('What was the code word?');
    const saved = await desk.handlers.getThread({ threadId: thread.id });
    expect(saved!.messages.some((m) => m.role === 'user' && JSON.stringify(m).includes('marmalade'))).toBe(true);
  });
});
