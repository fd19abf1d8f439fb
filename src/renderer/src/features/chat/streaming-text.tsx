import { useDeferredValue } from 'react';
import { Markdown } from '../../ui/markdown';
import { closeOpenMarkdown, splitCompleteBlocks } from './markdown-blocks';

/**
 * The text part still streaming. Blocks already complete are parsed once (Markdown is memoized on its
 * text), so a delta re-parses only the growing tail instead of the whole answer. Deferring lets React
 * drop intermediate renders under load (typing stays responsive) without losing text: the final value
 * always renders. The tail shows its open syntax closed (an open fence, code span or bold), so nothing raw
 * flashes and the rest does not jump when the closing mark arrives.
 */
export function StreamingText({ text }: { text: string }) {
  const deferred = useDeferredValue(text);
  const { blocks, tail } = splitCompleteBlocks(deferred);
  let offset = 0;
  return (
    <div className="streaming markdown-blocks" data-testid="streaming-text">
      {blocks.map((block) => {
        const key = offset; // a block never moves once complete: its start is a stable key
        offset += block.length;
        return <Markdown key={key} text={block} live />;
      })}
      {tail && <Markdown key={offset} text={closeOpenMarkdown(tail)} live />}
    </div>
  );
}
