import { useEffect, useState } from 'react';
import { useDeskStore } from '../../store/store-context';

/**
 * One polite sentence when a turn of the open thread ends. The streamed answer itself is aria-busy
 * until then (a reader would otherwise hear every token), and a failure already speaks as an alert.
 */
export function TurnAnnouncer() {
  const store = useDeskStore();
  const [text, setText] = useState('');
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.inFlight === prev.inFlight) return;
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
