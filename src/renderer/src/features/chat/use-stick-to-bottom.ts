import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as "at the bottom" (sub-pixel rounding, momentum). */
const NEAR_BOTTOM_PX = 48;

/**
 * Follow new content while the reader is at the bottom; stop as soon as they scroll up, and offer
 * a way back. `contentKey` changes whenever content grows (total size, message count).
 */
export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  contentKey: unknown,
  resetKey: unknown,
  /** Changes when the user sends: they want to see their message and the answer, wherever they had scrolled. */
  repinKey?: unknown,
) {
  const pinned = useRef(true);
  const [showJump, setShowJump] = useState(false);

  const scrollToEnd = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [scroller]);

  // A different thread opens at its latest message; a send follows the conversation again.
  useLayoutEffect(() => {
    pinned.current = true;
    setShowJump(false);
    scrollToEnd();
  }, [resetKey, repinKey, scrollToEnd]);

  useLayoutEffect(() => {
    if (pinned.current) scrollToEnd();
  }, [contentKey, scrollToEnd]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let lastTop = el.scrollTop;
    const onScroll = () => {
      const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
      const movedUp = el.scrollTop < lastTop;
      lastTop = el.scrollTop;
      // Growing content never unpins; only the reader moving up does, and reaching the end re-pins.
      if (distance <= NEAR_BOTTOM_PX) pinned.current = true;
      else if (movedUp) pinned.current = false;
      setShowJump(!pinned.current);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // A smaller window (or a panel opening below) shortens the view from the bottom: a list that follows stays there.
    const resized =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => pinned.current && scrollToEnd()) : null;
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [scroller, scrollToEnd]);

  const jumpToLatest = useCallback(() => {
    pinned.current = true;
    setShowJump(false);
    scrollToEnd();
  }, [scrollToEnd]);

  /** Stop following (a restored reading place): the view stays where it is put, with a way back. */
  const release = useCallback(() => {
    pinned.current = false;
    setShowJump(true);
  }, []);

  const isPinned = useCallback(() => pinned.current, []);

  return { showJump, jumpToLatest, release, isPinned };
}
