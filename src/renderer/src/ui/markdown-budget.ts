import { createContext } from 'react';

/**
 * Whether the list around is scrolling (message-list.tsx provides it): deferred markdown that did not fit in a
 * frame's budget waits for the scroll to stop instead of rendering rows that are only flying past.
 */
export const ListScrolling = createContext(false);

/**
 * Parsing of deferred markdown done synchronously in one frame, at most; the first text of a frame always fits. A
 * row coming in as the reader scrolls stays formatted; a screenful at once (a drag of the scrollbar) mostly waits.
 */
const FRAME_BUDGET_MS = 1;
let spent = 0;
let frameStart = -Infinity; // without animation frames (a hidden page, tests): budgets by 16 ms windows
let resetQueued = false;

const now = (): number => performance.now();

/** Whether a deferred text may still be parsed in the frame under way. */
export function fitsInFrame(): boolean {
  if (typeof requestAnimationFrame === 'function') {
    if (!resetQueued) {
      resetQueued = true;
      requestAnimationFrame(() => {
        resetQueued = false;
        spent = 0;
      });
    }
  } else if (now() - frameStart > 16) {
    frameStart = now();
    spent = 0;
  }
  return spent < FRAME_BUDGET_MS;
}

/** Run `parse`, counting its time against the frame's budget. */
export function parseInFrame<T>(parse: () => T): T {
  const t = now();
  try {
    return parse();
  } finally {
    spent += now() - t;
  }
}
