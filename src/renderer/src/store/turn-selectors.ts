import type { ChatMessage } from '../../../shared/threads';
import type { DeskState } from './desk-state';
import type { InFlightTurn } from './turns-slice';

/**
 * A message as the screen shows it. A turn in flight streams into `live`; its text deltas reach `messages` only
 * with the turn's next other event (a tool call, its end), so a row must read the live copy first.
 */
export function shownMessage(s: Pick<DeskState, 'live' | 'messages'>, id: string): ChatMessage | undefined {
  return s.live[id] ?? s.messages[id];
}

/** Each list's positions by id, made once per list (a store update that leaves the list alone keeps it). */
const positions = new WeakMap<readonly string[], Map<string, number>>();

/**
 * The id before `id` in `ids` (null for the first, or one not there). Every visible row asks this on every store
 * update — each streamed batch — and `indexOf` walked a 2,000-message thread once per row per update.
 */
export function previousIdIn(ids: readonly string[], id: string): string | null {
  let at = positions.get(ids);
  if (!at) {
    at = new Map();
    for (let i = 0; i < ids.length; i++) if (!at.has(ids[i]!)) at.set(ids[i]!, i); // the first, as indexOf
    positions.set(ids, at);
  }
  const i = at.get(id) ?? -1;
  return i > 0 ? (ids[i - 1] ?? null) : null;
}

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

/** Every thread with a turn in flight, as `|id|id|` (a primitive: a stable selector result; test with `|id|`). */
export function busyThreadIds(inFlight: Record<string, InFlightTurn>): string {
  const ids = [...new Set(Object.values(inFlight).map((t) => t.threadId))].sort();
  return ids.length ? `|${ids.join('|')}|` : '';
}
