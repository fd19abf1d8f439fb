import { describe, expect, it } from 'vitest';
import { TurnService, type TurnRunner } from './turn-service';
import type { TurnHandle, TurnRequest, TurnStart } from '../../core/turn/turn-request';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { newAssistantMessage } from '../../shared/turn-reducer';
import { EventBus } from '../event-bus';
import { TurnPhases } from '../../core/turn/turn-phases';
import { ThreadsStore } from '../../core/store/threads-store';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';

const temp = useTempDirs('turn-service-snapshot');

type Prepared = Awaited<ReturnType<ConstructorParameters<typeof TurnService>[0]['prepare']>>;

/**
 * A service whose engine only prepares the turn and hands the test its request and its event sink; the test says
 * when the turn ends. Its checkpoints record each call, in order, and hold the before-snapshot until told.
 */
async function harness() {
  const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
  const thread = await threads.create({ title: 'Work' });
  const calls: string[] = [];
  let snapshotDone!: () => void;
  const before = new Promise<void>((resolve) => (snapshotDone = resolve));
  let request!: TurnRequest;
  let emit!: (event: TurnEvent) => void;
  let prepared!: () => void;
  const started = new Promise<void>((resolve) => (prepared = resolve));
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const engine: TurnRunner = {
    run: (req, onEvent) => {
      const base = { threadId: req.threadId, turnId: req.turnId };
      const message: AssistantMessage = newAssistantMessage(req.turnId, 1);
      emit = (event) => onEvent({ ...base, ...event } as TurnEvent, message);
      const done = (req as TurnStart).prepare().then(async (r) => {
        request = r as TurnRequest;
        prepared();
        await ended;
        return { status: 'done' } as const;
      });
      // The engine runs the service's own end (the after-snapshot) once it is done with the turn.
      const closed = done.then(async (outcome) => {
        await (req as TurnStart).close?.(outcome);
        return outcome;
      });
      return { ...base, message, done, closed } as unknown as TurnHandle;
    },
    running: () => [],
    stopAll: async () => {},
    phases: new TurnPhases(),
  };
  const service = new TurnService({
    threads,
    engine,
    bus: new EventBus(),
    prepare: () => Promise.resolve({ settings: { projectDir: '/project' } } as unknown as Prepared),
    checkpoints: {
      beforeTurn: (dir, threadId, messageId) => {
        calls.push(`before ${dir} ${threadId === thread.id} ${messageId}`);
        return before;
      },
      afterTurn: async (dir, threadId, messageId) => {
        calls.push(`after ${dir} ${threadId === thread.id} ${messageId}`);
      },
    },
  });
  const sent = await service.send({ threadId: thread.id, messageId: 'm1', text: 'change the files' });
  await started;
  return {
    calls,
    gate: () => request.toolGate!(),
    emit: (event: Record<string, unknown>) => emit(event as unknown as TurnEvent),
    snapshotDone,
    finish: async () => {
      end();
      await sent.done;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("TurnService: the turn's before-snapshot (Rewind to here)", () => {
  it('is not taken while the CLI works towards its request, but with the first output, once', async () => {
    const h = await harness();
    h.emit({ type: 'started', startedAt: 1 });
    h.emit({ type: 'message_start', messageId: 'a1' });
    await settle();
    expect(h.calls).toEqual([]); // the git processes would take the CPU the CLI needs now
    h.emit({ type: 'text_delta', messageId: 'a1', text: 'Sure' });
    h.emit({ type: 'text_delta', messageId: 'a1', text: ', on it.' });
    expect(h.calls).toEqual(['before /project true m1']);
    h.snapshotDone();
    await h.finish();
    expect(h.calls).toEqual(['before /project true m1', 'after /project true m1']);
  });

  it('is started by a tool that asks first, and the tool waits for it', async () => {
    const h = await harness();
    let open = false;
    const gate = h.gate().then(() => (open = true));
    expect(h.calls).toEqual(['before /project true m1']);
    await settle();
    expect(open).toBe(false); // still being taken: the tool must not touch a file yet
    h.emit({ type: 'tool_call', toolUseId: 'tu1', name: 'Write', input: {} });
    expect(h.calls).toHaveLength(1); // the same snapshot, not a second
    h.snapshotDone();
    await gate;
    expect(open).toBe(true);
    await h.finish();
    expect(h.calls).toEqual(['before /project true m1', 'after /project true m1']);
  });

  it('is still taken, before the after-snapshot, for an answer that ended without output', async () => {
    const h = await harness();
    h.snapshotDone();
    await h.finish();
    expect(h.calls).toEqual(['before /project true m1', 'after /project true m1']);
  });
});
