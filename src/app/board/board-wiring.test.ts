import { describe, expect, it } from 'vitest';
import { TurnPhases } from '../../core/turn/turn-phases';
import { TurnQueue } from '../../core/turn/turn-queue';
import type { TurnEvent } from '../../shared/turn-events';
import { EventBus } from '../event-bus';
import { wireBoard } from './board-wiring';

function setUp() {
  const bus = new EventBus();
  const phases = new TurnPhases({ now: () => 1 });
  const queue = new TurnQueue(4);
  const pushed: number[] = [];
  bus.on('boardChanged', () => pushed.push(1));
  const wiring = wireBoard({
    f: { bus, layout: { workspaceDir: '/data/workspace' } as never },
    threads: { threads: { list: async () => [] } as never },
    turns: {
      live: () => phases.live(),
      onPhaseChange: (listener) => phases.subscribe(listener),
      capacity: () => ({ running: queue.activeCount, max: queue.max }),
      liveMessages: () => [],
      waitingThreadIds: () => [],
      elsewhere: async () => [],
    },
    launcher: { withEnv: async () => ({ file: 'claude', env: {} }) },
  });
  const event = (e: Partial<TurnEvent>) => bus.emit('turnEvent', { threadId: 't', turnId: 'u', ...e } as TurnEvent);
  return { bus, phases, pushed, wiring, event };
}

describe('wireBoard', () => {
  it('tells open boards once per burst of changes, and never for streamed text', async () => {
    const { phases, pushed, event, wiring } = setUp();
    phases.begin('t', 'u');
    phases.advance('u', 'preparing');
    event({ type: 'tool_call' } as Partial<TurnEvent>);
    await Promise.resolve();
    expect(pushed).toHaveLength(1);
    event({ type: 'text_delta', messageId: 'm', text: 'x' } as Partial<TurnEvent>);
    await Promise.resolve();
    expect(pushed).toHaveLength(1);
    event({ type: 'approval_request' } as Partial<TurnEvent>);
    await Promise.resolve();
    expect(pushed).toHaveLength(2);
    wiring.close();
    phases.advance('u', 'running');
    await Promise.resolve();
    expect(pushed).toHaveLength(2);
  });

  it('answers the board with the cap on CLI processes', async () => {
    const { wiring } = setUp();
    expect(await wiring.handlers.getBoard(undefined)).toEqual({ rows: [], cap: 4 });
  });
});
