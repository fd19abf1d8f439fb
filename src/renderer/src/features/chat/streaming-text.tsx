import { useDeferredValue } from 'react';
import { Markdown } from './markdown';

/**
 * The text part still streaming. Markdown is re-parsed as it grows; deferring lets React drop
 * intermediate parses under load (typing in the composer stays responsive) without losing text:
 * the final value always renders.
 */
export function StreamingText({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  return (
    <div className="streaming" data-testid="streaming-text">
      <Markdown text={deferred} />
    </div>
  );
}
