import type { LiveTurn } from '../../shared/live-turns';
import type { TurnEvent } from '../../shared/turn-events';
import { isAnsweringPhase, type TurnPhaseChange, type TurnPhaseRecord } from '../../core/turn/turn-phases';

export interface LiveTurnsDeps {
  /** The live turns' phases (core/turn/turn-phases.ts), oldest first. */
  live(): TurnPhaseRecord[];
  /** Threads whose turn shows a card nobody answered yet. */
  waitingThreadIds(): string[];
}

/** What only the turn's events say: its queue place, and when it started. */
interface Told {
  position?: number;
  elsewhere?: string;
  startedAt?: number;
}

/**
 * Every turn of this host that has still to emit `finished`, as the window that sent it shows it. Which turns, and
 * whether each waits or runs, is the engine's phases'; its queue place and start time are kept from its events.
 */
export class LiveTurns {
  private readonly told = new Map<string, Told>();

  constructor(private readonly deps: LiveTurnsDeps) {}

  turnEvent(e: TurnEvent): void {
    if (e.type === 'queued') this.told.set(e.turnId, { position: e.position, elsewhere: e.elsewhere });
    else if (e.type === 'started') this.told.set(e.turnId, { startedAt: e.startedAt });
    else if (e.type === 'finished') this.told.delete(e.turnId);
  }

  phaseChanged(change: TurnPhaseChange): void {
    if (!isAnsweringPhase(change.phase)) this.told.delete(change.turnId);
  }

  list(): LiveTurn[] {
    const waiting = new Set(this.deps.waitingThreadIds());
    return this.deps
      .live()
      .filter((r) => isAnsweringPhase(r.phase))
      .map((r): LiveTurn => {
        const told = this.told.get(r.turnId) ?? {};
        const base = { turnId: r.turnId, threadId: r.threadId };
        if (r.phase === 'queued' || r.phase === 'preparing')
          return {
            ...base,
            status: 'queued',
            ...(told.position !== undefined ? { position: told.position } : {}),
            ...(told.elsewhere !== undefined ? { elsewhere: told.elsewhere } : {}),
          };
        return {
          ...base,
          status: waiting.has(r.threadId) ? 'waiting' : 'running',
          startedAt: told.startedAt ?? r.since,
        };
      });
  }
}
