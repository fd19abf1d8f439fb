import { useRef } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useDesk } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { MessageRow } from './message-row';
import { useStickToBottom } from './use-stick-to-bottom';

const ESTIMATED_ROW_PX = 140;

/** Measured height, or the estimate when layout is unavailable (hidden tab, jsdom) so rows never collapse to 0. */
function measure(el: Element, _entry: ResizeObserverEntry | undefined, _v: Virtualizer<HTMLDivElement, Element>): number {
  const h = el.getBoundingClientRect().height;
  return h > 0 ? h : ESTIMATED_ROW_PX;
}

/**
 * The thread's messages, virtualized: only the rows near the viewport are in the DOM, so a
 * 2,000-message thread opens as fast as a short one. The list re-renders when messages are added
 * or resized, never for a streamed delta (rows subscribe to their own message).
 */
export function MessageList() {
  const ids = useDesk((s) => s.messageIds);
  const threadId = useDesk((s) => s.activeThreadId);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (i) => ids[i] ?? i,
    measureElement: measure,
    overscan: 6,
    initialOffset: () => Number.MAX_SAFE_INTEGER,
  });
  const total = virtualizer.getTotalSize();
  const sent = useDesk((s) => s.sendCount);
  const { showJump, jumpToLatest } = useStickToBottom(scroller, `${ids.length}:${total}`, threadId, sent);
  const items = virtualizer.getVirtualItems();

  return (
    <div className="message-list-wrap">
      <div
        ref={scroller}
        className="message-scroller"
        data-testid="message-scroller"
        role="log"
        aria-label="Conversation"
        tabIndex={0}
      >
        <div className="message-canvas" style={{ height: total }}>
          <div className="message-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {items.map((item) => (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="message-slot">
                <MessageRow id={ids[item.index]!} />
              </div>
            ))}
          </div>
        </div>
      </div>
      {showJump && (
        <button type="button" className="btn jump-latest" onClick={jumpToLatest} data-testid="jump-latest">
          <Icon name="down" size={14} /> Jump to latest
        </button>
      )}
    </div>
  );
}
