import type { InFlightTurn } from './desk-state';

/** The thread's turns in flight, oldest first (turn ids are not ordered; queue position is). */
export function turnsOf(inFlight: Record<string, InFlightTurn>, threadId: string): InFlightTurn[] {
  return Object.values(inFlight).filter((t) => t.threadId === threadId);
}

/**
 * The turn a thread is busy with: the running (or approval-waiting) one, else the first queued.
 * Returns an object already in the store, so it is a stable zustand selector result.
 */
export function currentTurn(inFlight: Record<string, InFlightTurn>, threadId: string): InFlightTurn | undefined {
  let queued: InFlightTurn | undefined;
  for (const t of Object.values(inFlight)) {
    if (t.threadId !== threadId) continue;
    if (t.status === 'running' || t.status === 'waiting') return t;
    if (!queued || (t.position ?? Infinity) < (queued.position ?? Infinity)) queued = t;
  }
  return queued;
}

export function isThreadBusy(inFlight: Record<string, InFlightTurn>, threadId: string): boolean {
  return currentTurn(inFlight, threadId) !== undefined;
}
