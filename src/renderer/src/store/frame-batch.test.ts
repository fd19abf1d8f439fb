import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameBatch, frameGroup, MIN_GAP_MS } from './frame-batch';

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

describe('frameGroup: the batches of one window (one per split pane) share its frames', () => {
  afterEach(() => vi.useRealTimers());

  it('hands every batch its items in the same frame callback, each in arrival order, nothing twice or lost', () => {
    vi.useFakeTimers();
    const { win, frame, requested } = fakeWindowCounted();
    const group = frameGroup(win);
    const order: string[] = [];
    const a = group.batch<string>((items) => order.push(`a:${items.join('')}`));
    const b = group.batch<string>((items) => order.push(`b:${items.join('')}`));
    a.push('1');
    b.push('x');
    a.push('2');
    b.push('y');
    expect(requested()).toBe(1); // one frame asked for the window, not one per pane
    frame();
    expect(order).toEqual(['a:12', 'b:xy']);
    vi.advanceTimersByTime(MIN_GAP_MS);
    b.push('z');
    frame();
    expect(order).toEqual(['a:12', 'b:xy', 'b:z']);
  });

  it("a flush hands over every batch's pending items (one pane's turn end is not a frame ahead of the others')", () => {
    const { win, frame } = fakeWindowCounted();
    const group = frameGroup(win);
    const got: string[] = [];
    const a = group.batch<string>((items) => got.push(...items.map((i) => `a${i}`)));
    const b = group.batch<string>((items) => got.push(...items.map((i) => `b${i}`)));
    b.push('1');
    a.push('1');
    a.flush();
    expect(got).toEqual(['a1', 'b1']);
    frame();
    expect(got).toEqual(['a1', 'b1']);
  });

  it('a batch cancelled (its pane closed) drops only its own items; when none is left no frame is asked for', () => {
    vi.useFakeTimers();
    const { win, frame, requested } = fakeWindowCounted();
    const group = frameGroup(win);
    const got: string[] = [];
    const a = group.batch<string>((items) => got.push(...items.map((i) => `a${i}`)));
    const b = group.batch<string>((items) => got.push(...items.map((i) => `b${i}`)));
    a.push('1');
    b.push('1');
    b.cancel();
    frame();
    expect(got).toEqual(['a1']);
    b.push('2'); // a closed pane's batch takes nothing more
    vi.advanceTimersByTime(200);
    frame();
    expect(got).toEqual(['a1']);
    const before = requested();
    a.cancel();
    a.push('3');
    expect(requested()).toBe(before);
  });

  it('one batch that throws does not keep the others from their items', () => {
    const { win, frame } = fakeWindowCounted();
    const group = frameGroup(win);
    const got: string[] = [];
    const a = group.batch<string>(() => {
      throw new Error('boom');
    });
    const b = group.batch<string>((items) => got.push(...items));
    a.push('1');
    b.push('2');
    expect(() => frame()).toThrow('boom');
    expect(got).toEqual(['2']);
  });
});

describe("frameGroup: a turn's first words", () => {
  afterEach(() => vi.useRealTimers());

  it("go at the next frame even right after another batch (another pane's), and take the pending rest with them", () => {
    vi.useFakeTimers();
    const { win, frame } = fakeWindowCounted();
    const group = frameGroup(win);
    const got: string[][] = [];
    const a = group.batch<string>((items) => got.push(items));
    const b = group.batch<string>((items) => got.push(items));
    a.push('a1');
    frame();
    expect(got).toEqual([['a1']]);
    a.push('a2'); // within the gap: waits
    frame();
    expect(got).toEqual([['a1']]);
    b.push('b1', { first: true }); // pane b's answer starts: the next frame, not after the gap
    frame();
    expect(got).toEqual([['a1'], ['a2'], ['b1']]);
    b.push('b2'); // then the gap again
    frame();
    expect(got).toHaveLength(3);
    vi.advanceTimersByTime(MIN_GAP_MS);
    frame();
    expect(got).toEqual([['a1'], ['a2'], ['b1'], ['b2']]);
  });
});

function fakeWindowCounted() {
  const frames: FrameRequestCallback[] = [];
  let asked = 0;
  const win = {
    requestAnimationFrame: (cb: FrameRequestCallback) => {
      asked++;
      return frames.push(cb);
    },
    cancelAnimationFrame: (id: number) => {
      frames[id - 1] = () => {};
    },
  } as unknown as Window;
  return { win, frame: () => frames.splice(0).forEach((f) => f(0)), requested: () => asked };
}
