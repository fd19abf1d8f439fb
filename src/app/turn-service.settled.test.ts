import { describe, expect, it } from 'vitest';
import { TurnService, type TurnRunner } from './turn-service';
import type { TurnHandle } from '../core/turn/turn-request';
import type { AssistantMessage } from '../shared/threads';

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
});
