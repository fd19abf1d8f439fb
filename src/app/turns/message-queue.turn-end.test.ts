import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMockAnthropicApi, type MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { realCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';
import { ThreadLocks } from '../../core/store/thread-locks';
import type { MessageQueueState } from '../../shared/message-queue';
import type { TurnEvent } from '../../shared/turn-events';
import { createDeskApp } from '../desk-app';

const temp = useTempDirs('claude-desk-queue-end');
let mock: MockApi | undefined;
let cleanup: (() => void) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await mock?.close();
  cleanup?.();
});

/**
 * A message sent while the window still shows the turn as running reaches the host as a queued one. If it arrives
 * just after the turn's `finished` — while the engine still gives back the thread's lock — it must go at once: the
 * `finished` that moves a queue on has already passed, and it stayed queued for good (seen in CI as a next turn that
 * never started after a plan's approval).
 */
describe('the message queue at the end of a turn (real CLI, mock API)', () => {
  it('a message queued between the turn’s finished and its lock given back is sent, not left waiting', async () => {
    mock = await startMockAnthropicApi();
    const cli = realCliEnv(mock);
    cleanup = cli.cleanup;
    const dataDir = await temp.make();
    const desk = temp.track(
      await createDeskApp({
        host: 'web',
        env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), CLAUDE_DESK_DATA_DIR: dataDir },
      }),
    );
    const events: TurnEvent[] = [];
    const queues: MessageQueueState[] = [];
    desk.bus.subscribe((name, payload) => {
      if (name === 'turnEvent') events.push(payload as TurnEvent);
      if (name === 'queueChanged') queues.push(payload as MessageQueueState);
    });
    const thread = await desk.handlers.createThread(undefined);

    // Hold the first turn's lock release: the moment between `finished` and the engine letting go of the turn.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const locks = ThreadLocks.prototype as unknown as { release: (...args: unknown[]) => Promise<void> };
    const release = locks.release;
    let holding = true;
    vi.spyOn(locks, 'release').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      if (holding) {
        holding = false;
        await held;
      }
      return release.apply(this, args);
    });

    let queued: Promise<MessageQueueState> | undefined;
    desk.bus.on('turnEvent', (e) => {
      if (e.type === 'finished' && !queued)
        queued = desk.handlers.queueMessage({ threadId: thread.id, messageId: 'msg-2', text: 'Second question' });
    });
    const first = await desk.handlers.sendMessage({ threadId: thread.id, messageId: 'msg-1', text: 'First question' });
    try {
      await expect.poll(() => queued, { timeout: 60_000 }).toBeDefined();
      const state = await queued!;
      expect(desk.services.turns.isBusy(thread.id)).toBe(true); // the first turn is still closing
      expect(state.items).toEqual([]); // sent at once, not waiting for a `finished` that has passed
    } finally {
      letGo();
    }

    await expect
      .poll(() => events.filter((e) => e.type === 'finished' && e.turnId !== first.turnId), { timeout: 60_000 })
      .toHaveLength(1);
    const second = events.find((e) => e.type === 'finished' && e.turnId !== first.turnId)!;
    expect(second).toMatchObject({ status: 'done' });
    const saved = await desk.handlers.getThread({ threadId: thread.id });
    expect(saved!.messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual(['msg-1', 'msg-2']);
    expect(saved!.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'done' });
    expect(queues.at(-1)?.items ?? []).toEqual([]);
  });
});
