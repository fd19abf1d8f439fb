import { isFinalStatus } from '../../../shared/turn-reducer';
import type { AssistantMessage, ChatMessage } from '../../../shared/threads';
import type { InFlightTurn } from './turns-slice';

export interface MessageIndex {
  messageIds: string[];
  messages: Record<string, ChatMessage>;
}

/** A placeholder the host never saw (a send it refused); see chat-slice's localId. */
export const isLocalId = (id: string): boolean => id.startsWith('local-');

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Reconcile a freshly fetched thread with what is on screen. Unchanged messages keep their object
 * identity (so memoized rows do not re-render on a refocus re-fetch), the live message of a turn
 * still in flight is used for ids the host does not list yet, and a just-sent user message the host
 * has not saved yet stays visible until it has. Reconcile `liveTurns` first (reconcileInFlight).
 */
export function mergeFetched(
  fetched: readonly ChatMessage[],
  prev: MessageIndex,
  liveTurns: readonly AssistantMessage[],
): MessageIndex {
  const liveById = new Map(liveTurns.map((m) => [m.id, m]));
  const messageIds: string[] = [];
  const messages: Record<string, ChatMessage> = {};
  for (const m of fetched) {
    const old = prev.messages[m.id];
    const chosen = liveById.get(m.id) ?? (old && sameMessage(old, m) ? old : m);
    messageIds.push(m.id);
    messages[m.id] = chosen;
  }
  const unsaved = liveTurns.filter((m) => !(m.id in messages));
  if (unsaved.length > 0) {
    // The host stores a user message under the id we gave it: one it does not list yet is still on its way.
    for (const id of prev.messageIds) {
      const m = prev.messages[id];
      if (m?.role === 'user' && !(id in messages)) {
        messageIds.push(id);
        messages[id] = m;
      }
    }
    for (const m of unsaved) {
      messageIds.push(m.id);
      messages[m.id] = m;
    }
  }
  if (sameIndex(prev, messageIds, messages)) return prev;
  return { messageIds, messages };
}

function sameIndex(prev: MessageIndex, ids: string[], messages: Record<string, ChatMessage>): boolean {
  if (prev.messageIds.length !== ids.length) return false;
  return ids.every((id, i) => prev.messageIds[i] === id && prev.messages[id] === messages[id]);
}

/** Append one message to the index (no-op when it is already there). */
export function appendMessage(index: MessageIndex, msg: ChatMessage): MessageIndex {
  if (index.messages[msg.id] === msg) return index;
  const known = msg.id in index.messages;
  return {
    messageIds: known ? index.messageIds : [...index.messageIds, msg.id],
    messages: { ...index.messages, [msg.id]: msg },
  };
}

/** Take one message out of the index (no-op when it is not there). */
export function removeMessage(index: MessageIndex, id: string): MessageIndex {
  if (!(id in index.messages)) return index;
  const { [id]: _gone, ...messages } = index.messages;
  return { messageIds: index.messageIds.filter((m) => m !== id), messages };
}

/**
 * The host's copy of a turn is at least as new as ours: it answers after every event it sent before,
 * and after a dropped connection ours misses events (a turn that ended while the socket was down
 * stayed "running" forever). A host copy that has ended takes the turn out of flight; one still
 * running replaces our live copy, and later events fold into it.
 */
export function reconcileInFlight(
  fetched: readonly ChatMessage[],
  threadId: string,
  inFlight: Record<string, InFlightTurn>,
  live: Record<string, AssistantMessage>,
): { inFlight: Record<string, InFlightTurn>; live: Record<string, AssistantMessage> } {
  const byId = new Map(fetched.map((m) => [m.id, m]));
  let nextFlight = inFlight;
  let nextLive = live;
  for (const turn of Object.values(inFlight)) {
    const host = turn.threadId === threadId ? byId.get(turn.turnId) : undefined;
    if (host?.role !== 'assistant') continue;
    const id = turn.turnId;
    if (isFinalStatus(host.status)) {
      const { [id]: _f, ...restFlight } = nextFlight;
      const { [id]: _l, ...restLive } = nextLive;
      nextFlight = restFlight;
      nextLive = restLive;
      continue;
    }
    const mine = nextLive[id];
    if (!mine || !sameMessage(mine, host)) nextLive = { ...nextLive, [id]: host };
    if (turn.status !== host.status) nextFlight = { ...nextFlight, [id]: { ...turn, status: host.status } };
  }
  return { inFlight: nextFlight, live: nextLive };
}
