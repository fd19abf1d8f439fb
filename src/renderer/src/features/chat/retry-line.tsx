import { useEffect, useState } from 'react';
import { type RetryInfo, retrySentence } from '../../../../shared/retry-text';

/**
 * "Anthropic's API is overloaded — retrying in 8 s (attempt 5 of 10)", counting down to the CLI's next try.
 * The count starts when this attempt's notice arrives (the CLI says how long it waits, not when it started).
 */
export function RetryLine({ retry, now = Date.now }: { retry: RetryInfo; now?: () => number }) {
  const [start, setStart] = useState(now);
  const [t, setT] = useState(start);
  useEffect(() => {
    const t0 = now();
    setStart(t0);
    setT(t0);
    const id = setInterval(() => setT(now()), 250);
    return () => clearInterval(id);
  }, [retry.attempt, now]);
  const left = retry.delayMs === undefined ? undefined : Math.max(0, retry.delayMs - (t - start));
  return (
    <span data-testid="turn-retrying">
      {/* The ticking sentence is for the eyes; a screen reader hears it once per attempt, without the count. */}
      <span aria-hidden="true">{retrySentence(retry, left)}</span>
      <span className="visually-hidden">
        {retrySentence(retry, undefined).replace(' — retrying now', ' — retrying')}
      </span>
    </span>
  );
}
