import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameBatch, MIN_GAP_MS } from './frame-batch';

function fakeWindow(withFrames: boolean) {
  const frames: FrameRequestCallback[] = [];
  const win = {
    requestAnimationFrame: withFrames
      ? (cb: FrameRequestCallback) => frames.push(cb)
      : (undefined as unknown as Window['requestAnimationFrame']),
    cancelAnimationFrame: (id: number) => {
      frames[id - 1] = () => {};
    },
  } as unknown as Window;
  return { win, frame: () => frames.splice(0).forEach((f) => f(0)) };
}

describe('frameBatch', () => {
  afterEach(() => vi.useRealTimers());

  it('hands over everything that arrived before the next frame, once, in order', () => {
    vi.useFakeTimers();
    const { win, frame } = fakeWindow(true);
    const apply = vi.fn();
    const batch = frameBatch<number>(apply, win);
    for (const n of [1, 2, 3]) batch.push(n);
    expect(apply).not.toHaveBeenCalled();
    frame();
    expect(apply.mock.calls).toEqual([[[1, 2, 3]]]);
    vi.advanceTimersByTime(MIN_GAP_MS);
    batch.push(4);
    frame();
    expect(apply.mock.calls).toEqual([[[1, 2, 3]], [[4]]]);
  });

  it('a fast stream is handed over at most once per MIN_GAP_MS, nothing lost, the first batch at once', () => {
    vi.useFakeTimers();
    const { win, frame } = fakeWindow(true);
    const apply = vi.fn();
    const batch = frameBatch<number>(apply, win);
    // One item per 60 Hz frame for 20 frames (~333 ms).
    for (let n = 0; n < 20; n++) {
      batch.push(n);
      vi.advanceTimersByTime(16);
      frame();
    }
    vi.advanceTimersByTime(MIN_GAP_MS);
    frame();
    expect(apply.mock.calls[0]).toEqual([[0]]);
    expect(apply.mock.calls.length).toBeLessThanOrEqual(11);
    expect(apply.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(apply.mock.calls.flatMap(([items]) => items as number[])).toEqual([...Array(20).keys()]);
  });

  it('flush hands over at once and the frame then has nothing left to do', () => {
    const { win, frame } = fakeWindow(true);
    const apply = vi.fn();
    const batch = frameBatch<string>(apply, win);
    batch.push('delta');
    batch.push('finished');
    batch.flush();
    expect(apply.mock.calls).toEqual([[['delta', 'finished']]]);
    frame();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('a window that gets no frames (hidden) still gets its events within 100 ms', () => {
    vi.useFakeTimers();
    const { win } = fakeWindow(false);
    const apply = vi.fn();
    frameBatch<number>(apply, win).push(1);
    vi.advanceTimersByTime(99);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply.mock.calls).toEqual([[[1]]]);
  });

  it('cancel drops what is pending (the bridge is torn down)', () => {
    const { win, frame } = fakeWindow(true);
    const apply = vi.fn();
    const batch = frameBatch<number>(apply, win);
    batch.push(1);
    batch.cancel();
    frame();
    expect(apply).not.toHaveBeenCalled();
  });
});
