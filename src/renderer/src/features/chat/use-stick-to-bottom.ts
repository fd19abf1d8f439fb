import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as "at the bottom" (sub-pixel rounding, momentum). */
const NEAR_BOTTOM_PX = 48;
/** A scroll this soon after the reader's wheel, touch, key or focus on the list is theirs. */
const INPUT_MS = 500;
/** A scroll event at a position the list itself wrote this recently is that write arriving, not the reader. */
const OWN_WRITE_MS = 1_000;
/** Keys that scroll a list with the focus inside it. */
const SCROLL_KEYS = new Set(['ArrowUp', 'PageUp', 'Home', ' ']);

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
  /** Where the list's virtualizer last scrolled to itself (a size correction, a retried one), and when. */
  const ownWrite = useRef<{ top: number; at: number } | null>(null);

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
    let lastHeight = el.scrollHeight;
    let lastView = el.clientHeight;
    // The reader's hand on the list: a wheel, a touch, a key or the focus moving into it (Tab, Alt+R to a card, which
    // scrolls it into view) just now, or a pointer held (a scrollbar dragged).
    let inputAt = -Infinity;
    let held = false;
    const input = () => (inputAt = performance.now());
    const key = (e: KeyboardEvent) => SCROLL_KEYS.has(e.key) && input();
    const press = () => {
      held = true;
      input();
    };
    const lift = () => (held = false);
    const onScroll = () => {
      const { scrollTop, scrollHeight, clientHeight } = el;
      const distance = scrollHeight - scrollTop - clientHeight;
      const movedUp = scrollTop < lastTop;
      // Up with the content and the view as they were, or by the reader's hand: the reader. Up while either changed
      // size, untouched: the browser clamping to a shorter end (the composer shrank after a send) while the answer
      // grows below — a list that follows stays following (it took that for the reader once in a loaded run).
      const sized = scrollHeight !== lastHeight || clientHeight !== lastView;
      // Not the virtualizer's own write either: after the window got lower it retried a correction it could not make
      // earlier, 49 px up from the end with nothing resized — taken for the reader, the list stopped following.
      const write = ownWrite.current;
      const own = write !== null && Math.abs(scrollTop - write.top) <= 1 && performance.now() - write.at < OWN_WRITE_MS;
      if (own) ownWrite.current = null;
      const reader = !own && (held || performance.now() - inputAt < INPUT_MS || !sized);
      lastTop = scrollTop;
      lastHeight = scrollHeight;
      lastView = clientHeight;
      // Growing content never unpins; only the reader moving up does, and reaching the end re-pins.
      if (distance <= NEAR_BOTTOM_PX) pinned.current = true;
      else if (movedUp && reader) pinned.current = false;
      else if (pinned.current) scrollToEnd();
      setShowJump(!pinned.current);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', input, { passive: true });
    el.addEventListener('touchmove', input, { passive: true });
    el.addEventListener('keydown', key);
    el.addEventListener('focusin', input);
    el.addEventListener('pointerdown', press);
    const win = el.ownerDocument.defaultView;
    win?.addEventListener('pointerup', lift);
    win?.addEventListener('pointercancel', lift);
    // A smaller window (or a panel opening below) shortens the view from the bottom: a list that follows stays there.
    const resized =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => pinned.current && scrollToEnd()) : null;
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', input);
      el.removeEventListener('touchmove', input);
      el.removeEventListener('keydown', key);
      el.removeEventListener('focusin', input);
      el.removeEventListener('pointerdown', press);
      win?.removeEventListener('pointerup', lift);
      win?.removeEventListener('pointercancel', lift);
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

  /** The list scrolls itself to `top` (its virtualizer's scrollToFn): the scroll event that follows is not the reader. */
  const noteOwnScroll = useCallback((top: number) => {
    ownWrite.current = { top, at: performance.now() };
  }, []);

  return { showJump, jumpToLatest, release, isPinned, noteOwnScroll };
}
