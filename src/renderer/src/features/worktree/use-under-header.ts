import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Where the Changes drawer goes: right under the chat header (whose height grows when its chips wrap onto a second
 * row in a small window) and no wider than the chat beside the sidebar, so the drawer never hides the header's own
 * buttons — its Changes toggle among them — nor covers a sliver of the thread list. Measured from the header
 * itself; until then (and where ResizeObserver is missing) the stylesheet's defaults hold.
 */
export function useUnderHeader(panel: RefObject<HTMLElement | null>): CSSProperties | undefined {
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    const header = panel.current?.closest('header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const r = header.getBoundingClientRect();
      setPlace({ top: Math.round(r.bottom), width: `min(640px, ${Math.round(window.innerWidth - r.left)}px)` });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [panel]);
  return place;
}
