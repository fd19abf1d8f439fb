import { applyTurnEvent, newAssistantMessage } from '../../../shared/turn-reducer';
import type { AssistantMessage } from '../../../shared/threads';
import type { TurnEvent } from '../../../shared/turn-events';
import { turnNotification } from '../../../shared/turn-notification';
import type { LiveTurn } from '../../../shared/live-turns';
import { getApi } from '../api';
import type { DeskState, Slice, StoreDeps } from './desk-state';
import type { TurnStatus } from '../../../shared/threads';

export interface InFlightTurn {
  turnId: string;
  threadId: string;
  status: TurnStatus;
  /** Place in the queue while `queued` (1 = next). */
  position?: number;
  /** Queued behind another Claude Desk process's turn on this thread: what it waits for, as a sentence. */
  elsewhere?: string;
  /** Host clock (ms) when the turn started running; drives the elapsed-time display. */
  startedAt?: number;
}

export interface TurnsSlice {
  /** Turns queued, running or waiting, by turn id (a thread may have one running and more queued). */
  inFlight: Record<string, InFlightTurn>;
  /** Messages of turns still in flight, in any thread (so switching threads mid-turn loses nothing). */
  live: Record<string, AssistantMessage>;
  handleTurnEvent(event: TurnEvent): void;
  /** Several events in order, with one store update (the bridge hands over a frame's worth at a time). */
  handleTurnEvents(events: readonly TurnEvent[]): void;
  /** Whether any event of this turn has arrived (a fast turn can finish before sendMessage answers). */
  hasSeenTurn(turnId: string): boolean;
  /**
   * Read the host's turns in flight (after a load, a reconnect, a focus) and take its word for them: a quiet turn —
   * a long tool, a stalled answer, a queued one — sends no event that would tell this page it exists.
   */
  loadTurns(): Promise<void>;
  applyLiveTurns(turns: readonly LiveTurn[]): void;
}

declare module './desk-state' {
  interface DeskState extends TurnsSlice {}
}

const SEEN_LIMIT = 500;
/** Events that only grow a message's text: they change its `live` copy, which the screen shows first. */
const GROWS_TEXT = new Set<TurnEvent['type']>(['text_delta', 'thinking_delta', 'subagent_text']);

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** The in-flight bookkeeping an event implies; returns `prev` itself when nothing changes. */
export function nextInFlight(prev: InFlightTurn | undefined, e: TurnEvent): InFlightTurn | undefined | 'done' {
  const base: InFlightTurn = prev ?? { turnId: e.turnId, threadId: e.threadId, status: 'queued' };
  switch (e.type) {
    case 'queued':
      return { ...base, status: 'queued', position: e.position, elsewhere: e.elsewhere };
    case 'started':
      return { ...base, status: 'running', startedAt: e.startedAt, position: undefined, elsewhere: undefined };
    case 'approval_request':
      return { ...base, status: 'waiting' };
    case 'approval_resolved':
      return base.status === 'waiting' ? { ...base, status: 'running' } : prev;
    case 'finished':
      return 'done';
    default:
      // Any sign of life from a turn we missed the start of (e.g. a reload mid-turn) means it runs.
      return prev ?? { ...base, status: 'running' };
  }
}

/** The host's word for a turn, over what this page had of it (a start time it did not say stays). */
function fromHost(t: LiveTurn, prev: InFlightTurn | undefined): InFlightTurn {
  const startedAt = t.startedAt ?? prev?.startedAt;
  return {
    turnId: t.turnId,
    threadId: t.threadId,
    status: t.status,
    ...(t.position !== undefined ? { position: t.position } : {}),
    ...(t.elsewhere !== undefined ? { elsewhere: t.elsewhere } : {}),
    ...(startedAt !== undefined ? { startedAt } : {}),
  };
}

const sameTurn = (a: InFlightTurn, b: InFlightTurn): boolean =>
  a.threadId === b.threadId &&
  a.status === b.status &&
  a.position === b.position &&
  a.elsewhere === b.elsewhere &&
  a.startedAt === b.startedAt;

export const createTurnsSlice =
  (deps: StoreDeps): Slice<TurnsSlice> =>
  (set, get) => {
    const now = deps.now ?? Date.now;
    const isHidden = deps.isHidden ?? (() => typeof document !== 'undefined' && document.hidden);
    const seen = new Set<string>();
    /** Turns whose `finished` this page applied: a host list read before it must not bring one back. */
    const ended = new Set<string>();

    const notifyIfHidden = (e: TurnEvent, msg: AssistantMessage): void => {
      if (!deps.notify || !isHidden()) return;
      const threadTitle = get().threads.find((t) => t.id === e.threadId)?.title;
      const note = turnNotification(e, { threadTitle, error: msg.error });
      if (note) deps.notify(note.title, note.body);
    };

    return {
      inFlight: {},
      live: {},
      hasSeenTurn: (turnId) => seen.has(turnId),

      async loadTurns() {
        const turns = await getApi()
          .listTurns()
          .catch(() => null);
        if (turns) get().applyLiveTurns(turns);
      },
      applyLiveTurns(turns) {
        // The answer left the host after every event it sent before: newer than what this page has of these turns.
        // A turn it does not list is left to the thread reads (reconcileInFlight): this page's own send may not
        // have reached the host yet when the list was made.
        let { inFlight } = get();
        for (const t of turns) {
          if (ended.has(t.turnId)) continue;
          const prev = inFlight[t.turnId];
          const next = fromHost(t, prev);
          if (!prev || !sameTurn(prev, next)) inFlight = { ...inFlight, [t.turnId]: next };
        }
        if (inFlight !== get().inFlight) set({ inFlight });
      },

      handleTurnEvent(e) {
        get().handleTurnEvents([e]);
      },
      handleTurnEvents(events) {
        const s = get();
        let { inFlight, live, messageIds, messages } = s;
        const changed = { inFlight: false, live: false, messageIds: false, messages: false };
        const applied: [TurnEvent, AssistantMessage][] = [];
        let planLimit: DeskState['planLimit'] | undefined;
        for (const e of events) {
          seen.add(e.turnId);
          if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
          const onScreen = messages[e.turnId];
          const before =
            live[e.turnId] ??
            (onScreen?.role === 'assistant' ? onScreen : undefined) ??
            newAssistantMessage(e.turnId, now());
          const next = applyTurnEvent(before, e);
          const turn = nextInFlight(inFlight[e.turnId], e);
          if (turn === 'done') {
            ended.add(e.turnId);
            if (ended.size > SEEN_LIMIT) ended.delete(ended.values().next().value as string);
            if (e.turnId in inFlight) [inFlight, changed.inFlight] = [omit(inFlight, e.turnId), true];
            if (e.turnId in live) [live, changed.live] = [omit(live, e.turnId), true];
          } else {
            if (turn && turn !== inFlight[e.turnId])
              [inFlight, changed.inFlight] = [{ ...inFlight, [e.turnId]: turn }, true];
            if (live[e.turnId] !== next) {
              // One copy per batch: later events of the same batch write into it.
              if (!changed.live) [live, changed.live] = [{ ...live }, true];
              live[e.turnId] = next;
            }
          }
          // Only the streamed message's entry changes: the id list (and so the list) stays as it is. Text deltas
          // stay in `live` (shownMessage), and `messages` takes the message with the turn's next other event:
          // copying the record of a 2,000-message thread every frame of a stream was ~1 ms a frame.
          const inList = next.id in messages;
          const liveOnly = inList && GROWS_TEXT.has(e.type) && live[e.turnId] === next;
          if (s.activeThreadId === e.threadId && onScreen !== next && !liveOnly) {
            if (!inList) [messageIds, changed.messageIds] = [[...messageIds, next.id], true];
            if (!changed.messages) [messages, changed.messages] = [{ ...messages }, true];
            messages[next.id] = next;
          }
          // Plan limits are the account's, not the thread's: the header shows the latest from any turn.
          if (e.type === 'rate_limit' && next.rateLimit && next.rateLimit !== before.rateLimit)
            planLimit = { info: next.rateLimit, seenAt: now() };
          applied.push([e, next]);
        }
        const patch: Partial<DeskState> = {};
        if (changed.inFlight) patch.inFlight = inFlight;
        if (changed.live) patch.live = live;
        if (changed.messageIds) patch.messageIds = messageIds;
        if (changed.messages) patch.messages = messages;
        if (planLimit) patch.planLimit = planLimit;
        if (Object.keys(patch).length > 0) set(patch);
        for (const [e, next] of applied) notifyIfHidden(e, next);
      },
    };
  };
