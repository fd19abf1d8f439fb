import { useEffect, useState } from 'react';
import { formatElapsed } from '../../ui/format';

/** A ticking timer; only this span re-renders each second, never the message around it. */
export function Elapsed({ since, now = Date.now }: { since: number; now?: () => number }) {
  const [t, setT] = useState(now);
  useEffect(() => {
    const id = setInterval(() => setT(now()), 1000);
    return () => clearInterval(id);
  }, [now]);
  return (
    // A screen reader would announce every tick inside the turn's status line: the timer is for the eyes only.
    <span className="elapsed" aria-hidden="true" data-testid="elapsed">
      {formatElapsed(t - since)}
    </span>
  );
}
