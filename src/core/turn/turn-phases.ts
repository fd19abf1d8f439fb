/**
 * A turn's life, one record per turn. Every question about a thread's turns — is it busy, is it still answering,
 * has everything it started ended — is answered from here, and the crash journal (and a board) follow its changes.
 *
 *   queued ──▶ preparing ──▶ running ──▶ answered ──▶ closing ──▶ closed | failed | stopped
 *      └──────────┴────────────┴──────────────────────────▲
 *
 * - queued: waiting for a place under the cap on CLI processes, or for the thread's lock (another turn of it, here
 *   or in another Claude Desk); its request is prepared meanwhile.
 * - preparing: the place and the lock are held; the request (CLI status, tools, wall) is not ready yet.
 * - running: `started` went out; the CLI works towards its answer.
 * - answered: the answer is complete (a `result` that is not an error: the window shows it done); its place under the
 *   cap goes to the next queued turn, while the CLI's end (the context breakdown, background commands stopped) still
 *   runs under the thread's lock and `finished` is still to come.
 * - closing: `finished` went out (its status is the outcome); the engine gives back the lock (and the place, if the
 *   turn never answered), then the owner's own end runs (the after-turn snapshot, the last saves).
 * - closed / failed / stopped: over, by the outcome (done / failed / stopped). The record is then dropped.
 *
 * A turn can leave for closing from any phase before it (stopped while queued, a preparation that failed, …).
 */
import type { FinishedStatus, TurnPhase } from '../../shared/turn-states';

export { TURN_PHASES, type TurnPhase } from '../../shared/turn-states';
/** How a turn ended: its `finished` status. */
export type TurnOutcomeStatus = FinishedStatus;

/** The phases a turn is over in. */
export type TurnEndPhase = 'closed' | 'failed' | 'stopped';

const END_OF: Record<TurnOutcomeStatus, TurnEndPhase> = { done: 'closed', failed: 'failed', stopped: 'stopped' };

const NEXT: Record<TurnPhase, readonly TurnPhase[]> = {
  queued: ['preparing', 'closing'],
  preparing: ['running', 'closing'],
  running: ['answered', 'closing'],
  answered: ['closing'],
  closing: ['closed', 'failed', 'stopped'],
  closed: [],
  failed: [],
  stopped: [],
};

/** Phases in which the turn has still to emit `finished`. */
const ANSWERING = new Set<TurnPhase>(['queued', 'preparing', 'running', 'answered']);
/** Phases in which the answer is not complete yet. */
const BEFORE_ANSWER = new Set<TurnPhase>(['queued', 'preparing', 'running']);

/** The turn has still to emit `finished`. */
export function isAnsweringPhase(phase: TurnPhase): boolean {
  return ANSWERING.has(phase);
}

export function isLegalTransition(from: TurnPhase, to: TurnPhase): boolean {
  return NEXT[from].includes(to);
}

/** One step of a turn's life, as subscribers get it. */
export interface TurnPhaseChange {
  threadId: string;
  turnId: string;
  phase: TurnPhase;
  /** Absent for a turn's first phase. */
  previous?: TurnPhase;
  /** When (the engine's clock, ms since the epoch). */
  at: number;
  /** From closing on: how the turn ended. */
  outcome?: TurnOutcomeStatus;
}

export interface TurnPhaseRecord {
  threadId: string;
  turnId: string;
  phase: TurnPhase;
  /** When it entered this phase. */
  since: number;
  outcome?: TurnOutcomeStatus;
}

export interface TurnPhasesOptions {
  now?: () => number;
  /**
   * An illegal transition is a bug in the engine. Default: throw, so every test run catches it; the engine passes its
   * log in the app, where a throw would break the user's turn (it is refused and logged instead).
   */
  onIllegal?: (message: string) => void;
  /** A subscriber that throws is logged here; the others still get the change. */
  log?: (message: string) => void;
}

type Listener = (change: TurnPhaseChange) => void;

/** The live turns' phases (a turn is dropped once over), with the predicates every caller derives from them. */
export class TurnPhases {
  private readonly records = new Map<string, TurnPhaseRecord>(); // by turnId, in the order the turns began
  private readonly listeners = new Set<Listener>();
  private readonly endWaiters = new Map<string, (() => void)[]>();
  private readonly now: () => number;

  constructor(private readonly options: TurnPhasesOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** A new turn, queued. */
  begin(threadId: string, turnId: string): void {
    if (this.records.has(turnId)) return this.illegal(`turn ${turnId} began twice`);
    const record: TurnPhaseRecord = { threadId, turnId, phase: 'queued', since: this.now() };
    this.records.set(turnId, record);
    this.publish(record, undefined);
  }

  /** To preparing, running or answered; false (and reported) when the turn is not where that step starts. */
  advance(turnId: string, phase: 'preparing' | 'running' | 'answered'): boolean {
    return this.move(turnId, phase);
  }

  /** `finished` went out: the turn closes with this outcome. */
  close(turnId: string, outcome: TurnOutcomeStatus): boolean {
    return this.move(turnId, 'closing', outcome);
  }

  /** Everything the turn started has ended: closed, failed or stopped by its outcome; the record is dropped. */
  end(turnId: string): boolean {
    const record = this.records.get(turnId);
    const moved = this.move(turnId, END_OF[record?.outcome ?? 'failed']);
    if (moved) {
      this.records.delete(turnId);
      for (const resolve of this.endWaiters.get(turnId) ?? []) resolve();
      this.endWaiters.delete(turnId);
    }
    return moved;
  }

  phase(turnId: string): TurnPhase | undefined {
    return this.records.get(turnId)?.phase;
  }

  /** The live turns (of one thread, or all), oldest first. */
  live(threadId?: string): TurnPhaseRecord[] {
    return [...this.records.values()].filter((r) => threadId === undefined || r.threadId === threadId).map(copy);
  }

  /** A turn of this thread is queued, preparing, running, answered or closing. */
  isBusy(threadId: string): boolean {
    return this.some(threadId, () => true);
  }

  /** A turn of this thread has still to emit `finished` (queued … answered). */
  isAnswering(threadId: string): boolean {
    return this.some(threadId, isAnsweringPhase);
  }

  /** A turn of this thread has not completed its answer (queued … running). */
  isBeforeAnswer(threadId: string): boolean {
    return this.some(threadId, (phase) => BEFORE_ANSWER.has(phase));
  }

  /** Resolves once this turn is over (at once for one that is not live). */
  ended(turnId: string): Promise<void> {
    if (!this.records.has(turnId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.endWaiters.get(turnId) ?? [];
      waiters.push(resolve);
      this.endWaiters.set(turnId, waiters);
    });
  }

  /** Every change, in order; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private some(threadId: string, test: (phase: TurnPhase) => boolean): boolean {
    for (const r of this.records.values()) if (r.threadId === threadId && test(r.phase)) return true;
    return false;
  }

  private move(turnId: string, phase: TurnPhase, outcome?: TurnOutcomeStatus): boolean {
    const record = this.records.get(turnId);
    if (!record) {
      this.illegal(`turn ${turnId} is not live: it cannot move to ${phase}`);
      return false;
    }
    if (!isLegalTransition(record.phase, phase)) {
      this.illegal(`turn ${turnId} cannot move from ${record.phase} to ${phase}`);
      return false;
    }
    const previous = record.phase;
    record.phase = phase;
    record.since = this.now();
    if (outcome) record.outcome = outcome;
    this.publish(record, previous);
    return true;
  }

  private publish(record: TurnPhaseRecord, previous: TurnPhase | undefined): void {
    const change: TurnPhaseChange = {
      threadId: record.threadId,
      turnId: record.turnId,
      phase: record.phase,
      ...(previous ? { previous } : {}),
      at: record.since,
      ...(record.outcome ? { outcome: record.outcome } : {}),
    };
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (err) {
        this.options.log?.(`a turn phase listener threw: ${(err as Error).message}`);
      }
    }
  }

  private illegal(message: string): void {
    const report =
      this.options.onIllegal ??
      ((m: string) => {
        throw new Error(m);
      });
    report(`illegal turn phase transition: ${message}`);
  }
}

function copy(record: TurnPhaseRecord): TurnPhaseRecord {
  return { ...record };
}
