import { useEffect, useState } from 'react';
import { useDeskStore } from '../../store/store-context';
import { shownMessage } from '../../store/turn-selectors';
import { openRequest, waitingSentence } from '../../waiting-for';

/**
 * One polite sentence when a turn of the open thread ends, or starts waiting for the user. The streamed answer
 * itself is aria-busy until then (a reader would otherwise hear every token — and, inside it, neither the card nor
 * the status line saying what the turn waits for), and a failure already speaks as an alert.
 */
export function TurnAnnouncer() {
  const store = useDeskStore();
  const [text, setText] = useState('');
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.inFlight === prev.inFlight) return;
        for (const [id, turn] of Object.entries(s.inFlight)) {
          if (turn.status !== 'waiting' || prev.inFlight[id]?.status === 'waiting') continue;
          if (turn.threadId !== s.activeThreadId) continue;
          const request = openRequest(shownMessage(s, id));
          if (request) setText(waitingSentence(request));
        }
        for (const id of Object.keys(prev.inFlight)) {
          if (id in s.inFlight || prev.inFlight[id]!.threadId !== s.activeThreadId) continue;
          const m = s.messages[id];
          const status = m?.role === 'assistant' ? m.status : undefined;
          if (status === 'done') setText('Claude finished answering.');
          else if (status === 'stopped') setText('Stopped. The partial answer is kept.');
        }
      }),
    [store],
  );
  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="turn-announcer">
      {text}
    </div>
  );
}
