import type { TurnError, TurnEvent } from './turn-events';

export interface TurnNotification {
  title: string;
  body: string;
}

/** A notification is a glance: a long CLI error is cut (the thread shows all of it). */
const MAX_ERROR_CHARS = 120;

/**
 * Whether a turn's event deserves a system notification, and its words: the turn needs the user (an approval, a
 * question, a plan to review, a login) or is over (answered, or failed — a stop is the user's own doing). One
 * policy for the desktop app, whose host notifies natively, and browser mode, whose tab does; each shows it only
 * while its window is in the background, which only that front door can tell.
 * `error` is the turn's error so far (the answer folded up to this event).
 */
export function turnNotification(
  event: TurnEvent,
  turn: { threadTitle?: string; error?: TurnError },
): TurnNotification | null {
  const body = notificationBody(event, turn.error);
  return body === null ? null : { title: turn.threadTitle || 'Claude Desk', body };
}

function notificationBody(event: TurnEvent, error: TurnError | undefined): string | null {
  switch (event.type) {
    case 'approval_request': {
      const { toolName, displayName } = event.request;
      // Questions and plans are decisions, not permissions: say which.
      if (toolName === 'AskUserQuestion') return 'Claude has a question.';
      if (toolName === 'ExitPlanMode') return 'Claude’s plan is ready for review.';
      return `Claude is waiting for your approval to use ${displayName ?? toolName}.`;
    }
    case 'error':
      return event.error.kind === 'auth_required' ? 'Claude Code needs you to log in.' : null;
    case 'finished':
      if (event.status === 'done') return 'Claude finished answering.';
      if (event.status === 'stopped' || error?.kind === 'auth_required') return null; // the login was asked for
      return error ? `The turn failed: ${cut(error.message)}` : 'The turn failed.';
    default:
      return null;
  }
}

const cut = (text: string): string => (text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text);
