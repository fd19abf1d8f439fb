import { describe, expect, it } from 'vitest';
import { TurnService, type TurnRunner } from './turn-service';
import type { TurnHandle, TurnStart } from '../core/turn/turn-request';
import type { AssistantMessage } from '../shared/threads';
import { EventBus } from './event-bus';
import { ThreadsStore } from '../core/store/threads-store';
import { useTempDirs } from '../../test/fixtures/temp-dirs';

const temp = useTempDirs('turn-service-settled');

/** A live turn as the engine's registry holds it: its reduced message and its `done`. */
function liveTurn(status: AssistantMessage['status']): { handle: TurnHandle; finish: () => void } {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const handle = { threadId: 't1', message: { status }, done } as unknown as TurnHandle;
  return { handle, finish };
}

function serviceWith(live: TurnHandle[]): TurnService {
  const engine: TurnRunner = { run: () => live[0]!, running: () => live, stopAll: async () => {} };
  return new TurnService({ engine } as unknown as ConstructorParameters<typeof TurnService>[0]);
}

describe('TurnService.settled', () => {
  it('waits for a turn whose answer is done but whose process is still closing', async () => {
    const live: TurnHandle[] = [];
    const closing = liveTurn('done');
    live.push(closing.handle);
    const service = serviceWith(live);
    let answer: boolean | undefined;
    const settled = service.settled('t1').then((v) => (answer = v));
    await Promise.resolve();
    expect(answer).toBeUndefined(); // still waiting: the tail has not ended
    live.length = 0; // the engine drops the turn when it finishes
    closing.finish();
    await settled;
    expect(answer).toBe(true);
  });

  it('says no at once while a turn is still answering, and yes with nothing live', async () => {
    expect(await serviceWith([liveTurn('running').handle]).settled('t1')).toBe(false);
    expect(await serviceWith([]).settled('t1')).toBe(true);
  });

  it("waits for the turn's own end too: the files' after-turn snapshot a rewind restores from", async () => {
    const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
    const thread = await threads.create({ title: 'Work' });
    const live: TurnHandle[] = [];
    // The engine answers at once and drops the turn: all that is left is the service's own end.
    const engine: TurnRunner = {
      run: (req) => {
        const done = (req as TurnStart).prepare().then(() => {
          live.length = 0;
        });
        const handle = { threadId: thread.id, message: { status: 'done' }, done } as unknown as TurnHandle;
        live.push(handle);
        return handle;
      },
      running: () => live,
      stopAll: async () => {},
    };
    let snapshotTaken!: () => void;
    const afterTurn = new Promise<void>((resolve) => (snapshotTaken = resolve));
    const service = new TurnService({
      threads,
      engine,
      bus: new EventBus(),
      prepare: () =>
        Promise.resolve({ settings: { projectDir: '/project' } } as unknown as Awaited<
          ReturnType<ConstructorParameters<typeof TurnService>[0]['prepare']>
        >),
      checkpoints: { beforeTurn: () => Promise.resolve(), afterTurn: () => afterTurn },
    });
    await service.send({ threadId: thread.id, text: 'change the files' });
    await expect.poll(() => live.length).toBe(0); // the engine is done with it
    let answer: boolean | undefined;
    const settled = service.settled(thread.id).then((v) => (answer = v));
    await new Promise((r) => setTimeout(r, 20));
    expect(answer).toBeUndefined(); // the snapshot is still being taken
    snapshotTaken();
    await settled;
    expect(answer).toBe(true);
  });
});
