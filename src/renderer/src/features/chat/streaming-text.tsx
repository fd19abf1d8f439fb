import { Markdown } from '../../ui/markdown';
import { closeOpenMarkdown, splitCompleteBlocks } from './markdown-blocks';
import { openFenceStart, readOpenFence, StreamingFence } from './streaming-fence';

/**
 * The text part still streaming. Blocks already complete are parsed once (Markdown is memoized on its
 * text), so a delta re-parses only the growing tail instead of the whole answer. It renders with the batch of
 * deltas that grew it (store/frame-batch.ts hands them over at most ~30 times a second), in that frame: deferring
 * the value (useDeferredValue) bought nothing — the tail's parse is one call React cannot split — and cost each
 * batch a second render in a task of its own and a frame's delay. The tail shows its open syntax closed (a code
 * span or bold), so nothing raw flashes and the rest does not jump when the closing mark arrives; a code fence still
 * open is drawn as a finished one (streaming-fence.tsx).
 */
export function StreamingText({ text }: { text: string }) {
  const { blocks, tail } = splitCompleteBlocks(text);
  // A code fence still open at the end grows line by line: it is drawn apart, highlighted incrementally.
  const fence = openFenceStart(tail);
  const before = fence < 0 ? tail : tail.slice(0, fence);
  let offset = 0;
  return (
    <div className="streaming markdown-blocks" data-testid="streaming-text">
      {blocks.map((block) => {
        const key = offset; // a block never moves once complete: its start is a stable key
        offset += block.length;
        return <Markdown key={key} text={block} live />;
      })}
      {before && <Markdown key={offset} text={closeOpenMarkdown(before)} live />}
      {fence >= 0 && <StreamingFence key={offset + fence} {...readOpenFence(tail.slice(fence))} />}
    </div>
  );
}
