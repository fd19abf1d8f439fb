import { useEffect } from 'react';
import type { DeskState } from '../../store/desk-state';
import { useDesk } from '../../store/store-context';
import { currentTurn, shownMessage } from '../../store/turn-selectors';
import { WAITING_TITLE, openRequest } from '../../waiting-for';

const APP = 'Claude Desk';

/**
 * The window (tab) title names the open thread and what it is doing, so a glance at the taskbar or the
 * tab strip says whether Claude needs you, and for what: "● Waiting for approval — <thread> — Claude Desk", or
 * "● Waiting for your answer" when it is a question.
 */
export function windowTitle(
  s: Pick<DeskState, 'view' | 'activeThreadId' | 'threads' | 'inFlight' | 'live' | 'messages'>,
): string {
  if (s.view === 'settings') return `Settings — ${APP}`;
  if (s.view === 'usage') return `Usage — ${APP}`;
  const thread = s.activeThreadId ? s.threads.find((t) => t.id === s.activeThreadId) : undefined;
  if (!thread) return APP;
  const turn = currentTurn(s.inFlight, thread.id);
  if (turn?.status === 'waiting') {
    const kind = openRequest(shownMessage(s, turn.turnId))?.kind ?? 'approval';
    return `● ${WAITING_TITLE[kind]} — ${thread.title} — ${APP}`;
  }
  // A turn the host has not said waits (no position in a queue, no other process ahead) is starting: as running.
  const waits = turn?.status === 'queued' && (Boolean(turn.position) || turn.elsewhere !== undefined);
  if (turn?.status === 'running' || (turn?.status === 'queued' && !waits)) return `Writing… — ${thread.title} — ${APP}`;
  if (waits) return `Queued — ${thread.title} — ${APP}`;
  return `${thread.title} — ${APP}`;
}

export function useWindowTitle(doc: Document = document): void {
  const title = useDesk(windowTitle);
  useEffect(() => {
    doc.title = title;
  }, [doc, title]);
}
