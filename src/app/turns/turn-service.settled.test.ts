import { describe, expect, it } from 'vitest';
import { TurnService, type TurnRunner } from './turn-service';
import type { TurnHandle, TurnStart } from '../../core/turn/turn-request';
import { TurnPhases } from '../../core/turn/turn-phases';
import { EventBus } from '../event-bus';
import { ThreadsStore } from '../../core/store/threads-store';
import { useTempDirs } from '../../../test/fixtures/temp-dirs';

const temp = useTempDirs('turn-service-settled');

/**
 * A live turn as the engine's phases hold it: still running (its answer not complete), or answered (the window shows
 * it done) and then only closing; `finish` ends it as the engine does.
 */
function liveTurn(phases: TurnPhases, status: 'running' | 'done'): { finish: () => void } {
  const turnId = `turn-${phases.live().length}`;
  phases.begin('t1', turnId);
  phases.advance(turnId, 'preparing');
  phases.advance(turnId, 'running');
  if (status === 'done') phases.advance(turnId, 'answered');
  return {
    finish: () => {
      phases.close(turnId, 'done');
      phases.end(turnId);
    },
  };
}

function serviceWith(phases: TurnPhases): TurnService {
  const engine = { run: () => undefined, running: () => [], stopAll: async () => {}, phases };
  return new TurnService({ engine } as unknown as ConstructorParameters<typeof TurnService>[0]);
}

describe('TurnService.settled', () => {
  it('waits for a turn whose answer is done but whose process is still closing', async () => {
    const phases = new TurnPhases();
    const closing = liveTurn(phases, 'done');
    const service = serviceWith(phases);
    let answer: boolean | undefined;
    const settled = service.settled('t1').then((v) => (answer = v));
    await Promise.resolve();
    expect(answer).toBeUndefined(); // still waiting: the tail has not ended
    closing.finish(); // the engine drops the turn when it finishes
    await settled;
    expect(answer).toBe(true);
  });

  it('says no at once while a turn is still answering, and yes with nothing live', async () => {
    const answering = new TurnPhases();
    liveTurn(answering, 'running');
    expect(await serviceWith(answering).settled('t1')).toBe(false);
    expect(await serviceWith(new TurnPhases()).settled('t1')).toBe(true);
  });

  it("waits for the turn's own end too: the files' after-turn snapshot a rewind restores from", async () => {
    const threads = temp.track(await ThreadsStore.open({ dir: await temp.make() }));
    const thread = await threads.create({ title: 'Work' });
    const live: TurnHandle[] = [];
    const phases = new TurnPhases();
    // The engine answers at once and drops the turn: all that is left is the service's own end.
    const engine: TurnRunner = {
      run: (req) => {
        phases.begin(req.threadId, req.turnId);
        const done = (req as TurnStart).prepare().then(() => {
          phases.close(req.turnId, 'done');
          live.length = 0;
          return { status: 'done' } as const;
        });
        const closed = done.then(async (outcome) => {
          await (req as TurnStart).close?.(outcome);
          phases.end(req.turnId);
          return outcome;
        });
        const handle = { threadId: thread.id, message: { status: 'done' }, done, closed } as unknown as TurnHandle;
        live.push(handle);
        return handle;
      },
      running: () => live,
      stopAll: async () => {},
      phases,
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
