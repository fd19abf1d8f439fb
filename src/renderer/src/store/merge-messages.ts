import type { AssistantMessage, ChatMessage } from '../../../shared/threads';

export interface MessageIndex {
  messageIds: string[];
  messages: Record<string, ChatMessage>;
}

export const isLocalId = (id: string): boolean => id.startsWith('local-');

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Reconcile a freshly fetched thread with what is on screen. Unchanged messages keep their object
 * identity (so memoized rows do not re-render on a refocus re-fetch), the live message of a turn
 * still in flight wins over the saved copy (live events are newer), and a just-sent user message
 * the host has not saved yet stays visible until it has.
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
    const savedTexts = new Set(fetched.filter((m) => m.role === 'user').map((m) => m.text));
    for (const id of prev.messageIds) {
      const m = prev.messages[id];
      if (m && isLocalId(id) && m.role === 'user' && !savedTexts.has(m.text)) {
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
