import { Fragment, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';

/** A row's height before it is measured (a title and a time; a search hit's snippet makes it taller). */
const ESTIMATED_ROW_PX = 40;
/** A scroller that reports no height (not laid out yet, jsdom) is treated as this tall, so rows still show. */
const FALLBACK_VIEWPORT_PX = 1000;

/** What a row's own `<li>` must carry: the virtualizer measures it and places it. */
export interface RowSlot {
  measure(el: HTMLLIElement | null): void;
  index: number;
  style: CSSProperties;
}

export interface ThreadRowsProps<R> {
  rows: readonly R[];
  rowKey(row: R): string;
  /** The row Tab reaches (roving tabindex): always rendered, even scrolled far away, so Tab never skips the list. */
  tabbableKey: string | undefined;
  /** One row: an `<li>` spreading `slotProps(slot)`. */
  renderRow(row: R, slot: RowSlot): ReactNode;
  /** What the list says when it has no rows; null: nothing yet (the list is still on its way). */
  empty: ReactNode;
  /** Rows the arrows stop on (default: all); headings between groups are skipped. */
  focusable?(row: R): boolean;
}

/**
 * The thread list, virtualized: only the rows near the viewport are in the DOM, so 1,000 threads load and
 * stream like ten. Rows are `<li>`s of one `<ul>`; Up/Down/Home/End move focus between their open buttons,
 * scrolling a row into view first when it is not rendered. Headings (date groups) can be rows too.
 */
export function ThreadRows<R>({ rows, rowKey, tabbableKey, renderRow, empty, focusable }: ThreadRowsProps<R>) {
  const scroller = useRef<HTMLDivElement>(null);
  const tabbableIndex = tabbableKey === undefined ? -1 : rows.findIndex((r) => rowKey(r) === tabbableKey);
  const virtualizer = useVirtualizer({
    // No rows (the list not in yet, or none): the virtualizer stays off. On, it measures its scroller at once, a
    // forced layout of the whole page (~17 ms) inside a new window's first render, before the composer could show.
    enabled: rows.length > 0,
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (i) => (rows[i] ? rowKey(rows[i]) : i),
    overscan: 8,
    // A row not laid out (a folded sidebar, jsdom) keeps its estimate rather than collapsing to 0.
    measureElement: (el) => el.getBoundingClientRect().height || ESTIMATED_ROW_PX,
    rangeExtractor: (range: Range) => {
      const shown = defaultRangeExtractor(range);
      return tabbableIndex < 0 || shown.includes(tabbableIndex)
        ? shown
        : [...shown, tabbableIndex].sort((a, b) => a - b);
    },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_PX }),
      ),
  });
  const focusAfterRender = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = focusAfterRender.current;
    if (!key) return;
    const button = scroller.current?.querySelector<HTMLButtonElement>(`button.thread-open[data-thread-id="${key}"]`);
    if (!button) return;
    focusAfterRender.current = null;
    button.focus();
  });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const from = (document.activeElement as HTMLElement | null)?.closest('button.thread-open');
    const fromKey = from instanceof HTMLElement ? from.dataset.threadId : undefined;
    const at = rows.findIndex((r) => rowKey(r) === fromKey);
    if (at < 0) return;
    const stops = rows.flatMap((r, i) => (!focusable || focusable(r) ? [i] : []));
    const here = stops.indexOf(at);
    const next = { ArrowDown: here + 1, ArrowUp: here - 1, Home: 0, End: stops.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = stops[Math.max(0, Math.min(stops.length - 1, next))];
    const target = to === undefined ? undefined : rows[to];
    if (to === undefined || !target) return;
    focusAfterRender.current = rowKey(target);
    // Home shows the first group's heading too, not just its first row.
    virtualizer.scrollToIndex(e.key === 'Home' ? 0 : to);
    const button = scroller.current?.querySelector<HTMLButtonElement>(
      `button.thread-open[data-thread-id="${rowKey(target)}"]`,
    );
    if (button) {
      focusAfterRender.current = null;
      button.focus();
    }
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className="thread-list" data-testid="thread-list-scroller">
      <ul
        className="thread-rows"
        data-testid="thread-list"
        onKeyDown={onKeyDown}
        style={{ height: rows.length ? virtualizer.getTotalSize() : undefined }}
        aria-busy={rows.length === 0 && empty === null ? true : undefined}
      >
        {items.map((item) => (
          <Fragment key={item.key}>
            {renderRow(rows[item.index]!, {
              measure: virtualizer.measureElement,
              index: item.index,
              style: { transform: `translateY(${item.start}px)` },
            })}
          </Fragment>
        ))}
        {rows.length === 0 && empty !== null && <li className="thread-empty muted">{empty}</li>}
      </ul>
    </div>
  );
}

/** The attributes a row's `<li>` takes from its slot (none outside a virtualized list). */
export function slotProps(slot: RowSlot | undefined) {
  return slot ? { ref: slot.measure, 'data-index': slot.index, style: slot.style } : {};
}
