/** Longest a batch waits when no frame comes (a hidden window gets no animation frames). */
const MAX_WAIT_MS = 100;

export interface FrameBatch<T> {
  push(item: T): void;
  /** Hand over what is pending now (before another kind of event that must see it applied). */
  flush(): void;
  cancel(): void;
}

/**
 * Collect items and hand them over once per animation frame, in arrival order. A stream of text deltas
 * faster than the screen refreshes then costs one store update and one render per frame, not per delta.
 */
export function frameBatch<T>(apply: (items: T[]) => void, win: Window): FrameBatch<T> {
  let pending: T[] = [];
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = (): void => {
    if (frame !== undefined) win.cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    frame = timer = undefined;
  };
  const flush = (): void => {
    clear();
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    apply(items);
  };
  return {
    push(item) {
      pending.push(item);
      if (frame !== undefined || timer !== undefined) return;
      if (typeof win.requestAnimationFrame === 'function') frame = win.requestAnimationFrame(flush);
      timer = setTimeout(flush, MAX_WAIT_MS);
    },
    flush,
    cancel() {
      clear();
      pending = [];
    },
  };
}
