import type { TurnError, TurnEvent } from '../../shared/turn-events';
import type { NotifyKind, PushMessage } from '../../shared/notify';
import { turnNotification } from '../../shared/turn-notification';

/** What is told of a turn event, and under which id (one notification per event), or null. */
export interface NotifyEvent {
  message: PushMessage;
  /** A "waiting" about one card: dropped unsent once the card is answered. */
  card?: string;
}

/**
 * The one policy of what a phone is told, from the same words the desktop's notification uses
 * (shared/turn-notification.ts): "Waiting for you" when a card opens (an approval, a question, a plan) or Claude
 * Code asks for a login; "Finished" when a turn is done or failed. A stopped turn is not told: every stop is asked
 * for — by the user, a queued message sent now, a discarded worktree, quitting — and who asked knows.
 */
export function notifyEventOf(
  event: TurnEvent,
  turn: { threadTitle: string; error?: TurnError },
  at: number,
): NotifyEvent | null {
  const note = turnNotification(event, { threadTitle: turn.threadTitle, error: turn.error });
  if (!note) return null;
  let kind: NotifyKind;
  let id: string;
  let card: string | undefined;
  if (event.type === 'approval_request') {
    kind = 'waiting';
    card = `${event.threadId}/${event.request.requestId}`;
    id = `waiting:${card}`;
  } else if (event.type === 'error') {
    kind = 'waiting';
    id = `login:${event.turnId}`;
  } else if (event.type === 'finished') {
    kind = 'finished';
    id = `finished:${event.turnId}`;
  } else return null;
  // A push message must stay under 4 KB once encrypted: a title and a reason are a glance.
  const title = cut(note.title, 200);
  const body = cut(note.body, 500);
  return {
    message: { v: 1, id, kind, threadId: event.threadId, title, body, at },
    ...(card ? { card } : {}),
  };
}

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
