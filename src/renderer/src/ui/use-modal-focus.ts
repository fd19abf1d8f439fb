import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), a[href]';

/**
 * Focus handling every modal shares: focus the given element when it opens, keep Tab inside, Esc
 * cancels, and give focus back to whatever opened it.
 */
export function useModalFocus<T extends HTMLElement>(
  initialFocus: (box: T) => HTMLElement | null | undefined,
  onCancel: () => void,
): { box: RefObject<T | null>; onKeyDown: (e: KeyboardEvent) => void } {
  const box = useRef<T>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    if (box.current) initialFocus(box.current)?.focus();
    return () => opener?.focus?.();
    // Only on open: re-running would steal focus from the field the user is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    } else if (e.key === 'Tab' && box.current) {
      const items = box.current.querySelectorAll<HTMLElement>(FOCUSABLE);
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };
  return { box, onKeyDown };
}
