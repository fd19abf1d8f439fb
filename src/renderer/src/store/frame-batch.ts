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
  /**
   * `first`: the item begins something the reader waits for (a turn's first words): it goes at the next frame even
   * within the gap after the last batch, with whatever is pending. Once per turn, so the stream's rate stays.
   */
  push(item: T, opts?: { first?: boolean }): void;
  /** Hand over what is pending now (before another kind of event that must see it applied). */
  flush(): void;
  /** Drop what is pending and take nothing more. */
  cancel(): void;
}

/** Batches that share one window's frames: each split pane's store has one, the window asks for one frame. */
export interface FrameGroup {
  batch<T>(apply: (items: T[]) => void): FrameBatch<T>;
}

interface Member {
  pending: unknown[];
  apply: (items: unknown[]) => void;
}

/**
 * Batches handed over together: one animation frame for all of them, in which each gets its items (in arrival order,
 * the batches in the order they were made), at most once per `minGapMs`. Four panes streaming at once were four
 * batches with four frames' callbacks of their own: four React renders and commits a frame, each with its own
 * layout, and a pane's text a frame or more behind another's. Handed over in one callback, React renders them in one
 * pass and the page lays out once. A flush (an event that must see the stream applied) hands every batch's items.
 */
export function frameGroup(win: Window, minGapMs = MIN_GAP_MS): FrameGroup {
  const members: Member[] = [];
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gap: ReturnType<typeof setTimeout> | undefined;
  let since = 0; // when the oldest pending item came
  let last = -Infinity; // when the last batch was handed over
  let first = false; // a pending item that must not wait out the gap
  const now = (): number => win.performance?.now() ?? Date.now();
  const anyPending = (): boolean => members.some((m) => m.pending.length > 0);
  const hand = (): void => {
    if (!anyPending()) return;
    last = now();
    first = false;
    // Every member gets its items even if one throws; the first error is thrown after.
    let failed: { error: unknown } | undefined;
    for (const m of members.slice()) {
      if (m.pending.length === 0) continue;
      const items = m.pending;
      m.pending = [];
      try {
        m.apply(items);
      } catch (error) {
        failed ??= { error };
      }
    }
    if (failed) throw failed.error;
  };
  const onFrame = (): void => {
    frame = undefined;
    if (!anyPending()) return;
    const wait = minGapMs - (now() - last);
    if (wait <= 0 || first) return hand();
    if (gap !== undefined) return; // the gap's own frame comes
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
    if (!anyPending()) return;
    const waited = now() - since;
    if (waited >= MAX_WAIT_MS - 1) hand();
    else timer = setTimeout(onTimer, MAX_WAIT_MS - waited);
  };
  const stopIfIdle = (): void => {
    if (anyPending()) return;
    if (frame !== undefined) win.cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (gap !== undefined) clearTimeout(gap);
    frame = timer = gap = undefined;
  };
  return {
    batch<T>(apply: (items: T[]) => void): FrameBatch<T> {
      const me: Member = { pending: [], apply: apply as (items: unknown[]) => void };
      members.push(me);
      let cancelled = false;
      return {
        push(item, opts) {
          if (cancelled) return;
          if (!anyPending()) since = now();
          me.pending.push(item);
          if (opts?.first) first = true;
          const wanted = gap === undefined || opts?.first === true;
          if (frame === undefined && wanted && typeof win.requestAnimationFrame === 'function')
            frame = win.requestAnimationFrame(onFrame);
          timer ??= setTimeout(onTimer, MAX_WAIT_MS);
        },
        flush: hand,
        cancel() {
          cancelled = true;
          me.pending = [];
          const i = members.indexOf(me);
          if (i >= 0) members.splice(i, 1);
          stopIfIdle();
        },
      };
    },
  };
}

/**
 * Collect items and hand them over on an animation frame, in arrival order, at most once per `minGapMs`.
 * A stream of text deltas faster than that then costs one store update and one render per batch, not per delta.
 */
export function frameBatch<T>(apply: (items: T[]) => void, win: Window, minGapMs = MIN_GAP_MS): FrameBatch<T> {
  return frameGroup(win, minGapMs).batch(apply);
}
