import { useEffect, useState } from 'react';

/** The clock, re-read every `everyMs` while mounted (a reset time passing changes what is shown). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
