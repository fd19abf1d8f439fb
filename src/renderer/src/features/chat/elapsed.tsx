import { useEffect, useState } from 'react';
import { formatElapsed } from './format';

/** A ticking timer; only this span re-renders each second, never the message around it. */
export function Elapsed({ since, now = Date.now }: { since: number; now?: () => number }) {
  const [t, setT] = useState(now);
  useEffect(() => {
    const id = setInterval(() => setT(now()), 1000);
    return () => clearInterval(id);
  }, [now]);
  return (
    <span className="elapsed" aria-label="elapsed time">
      {formatElapsed(t - since)}
    </span>
  );
}
