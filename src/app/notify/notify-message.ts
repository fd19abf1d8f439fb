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
 * Code asks for a login; "Finished" when a turn is done; "Failed" when it ended in an error (its sentence).
 * "Stopped" when a person stopped it — at the computer, or from a device (`stoppedBy`: the words for who) — so a
 * phone that was told "waiting" is not left waiting on a turn that is over; the device that stopped it is not told
 * (NotifyService). Stops no one asked for by name — a queued message sent now, a deleted thread or discarded
 * worktree, quitting — are not told: what follows them is.
 */
export function notifyEventOf(
  event: TurnEvent,
  turn: { threadTitle: string; error?: TurnError; stoppedBy?: string },
  at: number,
): NotifyEvent | null {
  if (event.type === 'finished' && event.status === 'stopped') {
    if (!turn.stoppedBy) return null;
    return {
      message: {
        v: 1,
        id: `stopped:${event.turnId}`,
        kind: 'stopped',
        threadId: event.threadId,
        title: cut(turn.threadTitle || 'Claude Desk', 200),
        body: cut(`The turn was stopped ${turn.stoppedBy}.`, 500),
        at,
      },
    };
  }
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
    kind = event.status === 'done' ? 'finished' : 'failed';
    id = `${kind}:${event.turnId}`;
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
