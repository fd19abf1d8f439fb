import { useEffect, useState, type RefObject } from 'react';

/**
 * Below this width of the chat header itself (not the window: the sidebar takes 280 px of it, or none when
 * folded away), its less used buttons fold into a "More" menu so the thread's title keeps its room.
 */
export const NARROW_HEADER_PX = 860;

/** Whether the header is narrow now; false until measured (and where ResizeObserver is missing, e.g. jsdom). */
export function useNarrowHeader(ref: RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      setNarrow(width > 0 && width < NARROW_HEADER_PX);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return narrow;
}
