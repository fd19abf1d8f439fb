import { type RefObject, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import {
  defaultRangeExtractor,
  elementScroll,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useDesk, useDeskStore } from '../../store/store-context';
import { Icon } from '../../ui/icons';
import { ListScrolling } from '../../ui/markdown-budget';
import { MessageRow } from './message-row';
import { useStickToBottom } from './use-stick-to-bottom';

const ESTIMATED_ROW_PX = 140;

/** Measured height, or the estimate when layout is unavailable (hidden tab, jsdom) so rows never collapse to 0. */
function measure(
  el: Element,
  _entry: ResizeObserverEntry | undefined,
  _v: Virtualizer<HTMLDivElement, Element>,
): number {
  const h = el.getBoundingClientRect().height;
  return h > 0 ? h : ESTIMATED_ROW_PX;
}

/** While the list scrolls, a screen more rows ahead of the view than the overscan: rows a frame late are there. */
function withRowsAhead(range: Range, ahead: 'forward' | 'backward' | null): number[] {
  const screen = range.endIndex - range.startIndex + 1;
  return defaultRangeExtractor({
    ...range,
    startIndex: ahead === 'backward' ? Math.max(0, range.startIndex - screen) : range.startIndex,
    endIndex: ahead === 'forward' ? Math.min(range.count - 1, range.endIndex + screen) : range.endIndex,
  });
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
  const self = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  // The rows of the last commit, and the way they reach ahead of the view.
  const inPage = useRef<{ first: number; last: number; ahead: string | null }>({ first: 0, last: -1, ahead: null });
  const measuring = useRef(false);
  const [, renderNow] = useReducer((n: number) => n + 1, 0);
  // The instance is the same from render to render, and a scroll updates it before the render it asks for.
  const ahead = self.current?.isScrolling ? self.current.scrollDirection : null;
  const rangeExtractor = useCallback((range: Range) => withRowsAhead(range, ahead), [ahead]);
  // The virtualizer's own scrolls (size corrections) are told to the follow logic, which must not take them for the
  // reader's (set below, once the hook that follows the end exists).
  const noteOwnScroll = useRef<(top: number) => void>(() => {});
  const scrollToFn = useCallback<typeof elementScroll>((offset, options, instance) => {
    noteOwnScroll.current(offset + (options.adjustments ?? 0));
    elementScroll(offset, options, instance);
  }, []);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (i) => ids[i] ?? i,
    measureElement: measure,
    overscan: 6,
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    rangeExtractor,
    scrollToFn,
    // The library renders synchronously inside the scroll event (flushSync) at every step of a scroll: a frame's
    // rows, their measuring and the frame's own style, layout and paint in one task (~20 ms CPU a frame dragging a
    // long thread). While the rows in view are in the page already (the overscan, and a screen more ahead while
    // scrolling), the rest come in a task of their own; a scroll's first step, a jump past them, or a size change
    // that moved the scroll position render at once, so no frame paints the view without its rows or out of place.
    useFlushSync: false,
    onChange: (v, sync) => {
      if (!sync || measuring.current) return; // no flushSync while React commits (a row's ref measures it)
      const view = v.range;
      const page = inPage.current;
      // A scroll's first step (or first the other way) renders at once: the rows ahead are not in the page yet.
      if (
        v.isScrolling &&
        page.ahead === v.scrollDirection &&
        view &&
        view.startIndex >= page.first &&
        view.endIndex <= page.last
      )
        return;
      flushSync(renderNow);
    },
  });
  self.current = virtualizer;
  const measureRow = useCallback((el: Element | null) => {
    measuring.current = true;
    try {
      self.current?.measureElement(el);
    } finally {
      measuring.current = false;
    }
  }, []);
  const total = virtualizer.getTotalSize();
  const sent = useDesk((s) => s.sendCount);
  const {
    showJump,
    jumpToLatest,
    release,
    isPinned,
    noteOwnScroll: noted,
  } = useStickToBottom(scroller, `${ids.length}:${total}`, threadId, sent);
  noteOwnScroll.current = noted;
  const items = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    inPage.current = { first: items[0]?.index ?? 0, last: items.at(-1)?.index ?? -1, ahead };
  });
  // Rows that come in while the list scrolls, or out of sight (the overscan), may show their text plain for a
  // frame (ui/markdown.tsx): dragging through a long thread mounted a screenful of rows a frame, parsed at once.
  const view = virtualizer.scrollRect?.height ?? 0;
  const top = Math.max(0, Math.min(virtualizer.scrollOffset ?? 0, total - view));
  // The reader scrolling, not the list following its growing end: each streamed batch scrolls it to the end, and
  // taking that for a scroll flipped every row's text between deferred and not, re-parsing the streaming answer.
  const scrolling = virtualizer.isScrolling && !isPinned();
  const lazy = (start: number, end: number) => scrolling || (view > 0 && (end <= top || start >= top + view));
  useReadingPlace(threadId, ids, virtualizer, scroller, release, isPinned);

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
            <ListScrolling.Provider value={scrolling}>
              {items.map((item) => (
                <div key={item.key} data-index={item.index} ref={measureRow} className="message-slot">
                  <MessageRow id={ids[item.index]!} lazy={lazy(item.start, item.end)} />
                </div>
              ))}
            </ListScrolling.Provider>
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

const PLACE_SAVE_DELAY_MS = 150;

/**
 * Continuity: remember where the reader is in this thread (the message at the top of the view and how
 * far into it), and put them back there when the thread opens again, after a reload or a restart.
 * At the bottom there is nothing to remember: the thread opens at its latest message, as always.
 */
function useReadingPlace(
  threadId: string | null,
  ids: string[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scroller: RefObject<HTMLDivElement | null>,
  release: () => void,
  isPinned: () => boolean,
): void {
  const store = useDeskStore();
  const restoredFor = useRef<string | null>(null);

  // Restore once per opening, as soon as the anchor's message is in the list.
  useLayoutEffect(() => {
    if (!threadId || restoredFor.current === threadId || ids.length === 0) return;
    restoredFor.current = threadId;
    const anchor = store.getState().scrollAnchors[threadId];
    const index = anchor ? ids.indexOf(anchor.messageId) : -1;
    if (!anchor || index < 0) return;
    release();
    virtualizer.scrollToIndex(index, { align: 'start' });
    const el = scroller.current;
    if (el) el.scrollTop += anchor.offset;
  }, [threadId, ids, store, virtualizer, scroller, release]);

  useEffect(() => {
    const el = scroller.current;
    if (!el || !threadId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      if (restoredFor.current !== threadId) return; // not yet put back: do not overwrite the saved place
      const top = el.scrollTop;
      const first = virtualizer.getVirtualItems().find((item) => item.end > top);
      const messageId = first ? store.getState().messageIds[first.index] : undefined;
      store
        .getState()
        .setScrollAnchor(
          threadId,
          isPinned() || !first || !messageId ? null : { messageId, offset: Math.round(top - first.start) },
        );
    };
    const onScroll = () => {
      if (!timer) timer = setTimeout(save, PLACE_SAVE_DELAY_MS);
    };
    // Leaving (reload, quit) right after a scroll still keeps the place.
    const onLeave = () => {
      if (!timer) return;
      clearTimeout(timer);
      save();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
      if (timer) clearTimeout(timer);
    };
  }, [threadId, store, virtualizer, scroller, isPinned]);
}
