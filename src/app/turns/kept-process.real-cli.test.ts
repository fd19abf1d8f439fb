import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath, type RealCliEnv } from '../../../test/fixtures/real-cli';
import { waitGone } from '../../../test/fixtures/turn-harness';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp, type DeskApp } from '../desk-app';

/**
 * Kept processes through the contract every front door calls, real CLI + mock API: the thread's CLI stays
 * between its turns (the end of a turn warms nothing new), and is closed when the thread is deleted,
 * when a launch-only setting changes, and on quit.
 */
describe('kept CLI processes through the app (real CLI, mock API)', () => {
  let mock: MockApi;
  let cli: RealCliEnv;
  let desk: DeskApp;
  let dataDir: string;
  const events: TurnEvent[] = [];

  beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-kept-'));
    desk = await createDeskApp({
      host: 'web',
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
    });
    desk.bus.subscribe((name, payload) => name === 'turnEvent' && events.push(payload as TurnEvent));
  });
  afterAll(async () => {
    await desk?.shutdown();
    await mock?.close();
    cli?.cleanup();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const prewarm = () => desk.services.prewarm!;
  const send = async (threadId: string, text: string) => {
    const { turnId } = await desk.handlers.sendMessage({ threadId, text });
    await expect
      .poll(() => events.some((e) => e.turnId === turnId && e.type === 'finished'), { timeout: 60_000 })
      .toBe(true);
    return events.find((e) => e.turnId === turnId && e.type === 'finished');
  };
  /** The pid of the thread's next-turn process once the pool holds one. */
  const nextPid = async (threadId: string): Promise<number> => {
    await expect.poll(() => prewarm().status(threadId).pid, { timeout: 30_000 }).toBeDefined();
    return prewarm().status(threadId).pid!;
  };

  it('the same CLI answers turn after turn; a permission-mode change replaces it; deleting the thread closes it', async () => {
    await desk.handlers.updateSettings({ permissionMode: 'acceptEdits' });
    const thread = await desk.handlers.createThread(undefined);
    expect(await send(thread.id, 'Turn one')).toMatchObject({ status: 'done' });
    const pid = await nextPid(thread.id);
    mock.requests.length = 0;
    expect(await send(thread.id, 'Turn two')).toMatchObject({ status: 'done' });
    expect(mock.requests).toHaveLength(1);
    expect(await nextPid(thread.id)).toBe(pid);
    expect(prewarm().status().spawned).toBe(0); // the end of a turn started no warm process

    // Ask mode launches with other tool flags than Accept edits: no control request can switch that.
    await desk.handlers.updateThreadSettings({ threadId: thread.id, settings: { permissionMode: 'ask' } });
    expect(await send(thread.id, 'Turn three, asking')).toMatchObject({ status: 'done' });
    expect(await waitGone(pid)).toBe(true);
    const askPid = await nextPid(thread.id);
    expect(askPid).not.toBe(pid);

    await desk.handlers.deleteThread({ threadId: thread.id });
    expect(await waitGone(askPid)).toBe(true);
    await expect.poll(() => prewarm().status().size, { timeout: 15_000 }).toBe(0);
  });

  it('quit closes every kept CLI', async () => {
    const a = await desk.handlers.createThread(undefined);
    const b = await desk.handlers.createThread(undefined);
    await send(a.id, 'Thread a');
    await send(b.id, 'Thread b');
    const pids = [await nextPid(a.id), await nextPid(b.id)];
    await desk.shutdown();
    for (const pid of pids) expect(await waitGone(pid)).toBe(true);
  });
});
