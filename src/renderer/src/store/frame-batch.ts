/** Longest a batch waits when no frame comes (a hidden window gets no animation frames). */
const MAX_WAIT_MS = 100;
/**
 * Batches are handed over at least this far apart: streamed text renders about 30 times a second (every second
 * frame at 60 Hz), which reads the same, and each render is the whole pipeline — React, style, layout, paint —
 * of a row that grew (that was ~7 ms of main thread at one render per delta). The first batch after
 * a pause goes at the next frame, so the first token shows as soon as it can.
 */
export const MIN_GAP_MS = 30;

export interface FrameBatch<T> {
  push(item: T): void;
  /** Hand over what is pending now (before another kind of event that must see it applied). */
  flush(): void;
  cancel(): void;
}

/**
 * Collect items and hand them over on an animation frame, in arrival order, at most once per `minGapMs`.
 * A stream of text deltas faster than that then costs one store update and one render per batch, not per delta.
 */
export function frameBatch<T>(apply: (items: T[]) => void, win: Window, minGapMs = MIN_GAP_MS): FrameBatch<T> {
  let pending: T[] = [];
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gap: ReturnType<typeof setTimeout> | undefined;
  let since = 0; // when the oldest pending item came
  let last = -Infinity; // when the last batch was handed over
  const now = (): number => win.performance?.now() ?? Date.now();
  const hand = (): void => {
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    last = now();
    apply(items);
  };
  const onFrame = (): void => {
    frame = undefined;
    if (pending.length === 0) return;
    const wait = minGapMs - (now() - last);
    if (wait <= 0) return hand();
    // Too soon after the last batch: ask for a frame again only once the gap is over. Asking every frame
    // meanwhile made the page draw an empty frame each time (~1 ms of commit per frame in Chromium).
    gap = setTimeout(() => {
      gap = undefined;
      frame ??= win.requestAnimationFrame(onFrame);
    }, wait);
  };
  // One timer per ~100 ms of stream, not one per batch: it hands over only what frames did not (hidden window).
  const onTimer = (): void => {
    timer = undefined;
    if (pending.length === 0) return;
    const waited = now() - since;
    if (waited >= MAX_WAIT_MS - 1) hand();
    else timer = setTimeout(onTimer, MAX_WAIT_MS - waited);
  };
  return {
    push(item) {
      if (pending.length === 0) since = now();
      pending.push(item);
      if (frame === undefined && gap === undefined && typeof win.requestAnimationFrame === 'function')
        frame = win.requestAnimationFrame(onFrame);
      timer ??= setTimeout(onTimer, MAX_WAIT_MS);
    },
    flush: hand,
    cancel() {
      if (frame !== undefined) win.cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
      if (gap !== undefined) clearTimeout(gap);
      frame = timer = gap = undefined;
      pending = [];
    },
  };
}
