import { describe, expect, it } from 'vitest';
import { type Release, TurnQueue } from './turn-queue';

const flush = () => new Promise((r) => setImmediate(r));

describe('TurnQueue', () => {
  it('runs at most max turns; the rest wait FIFO with positions that update', async () => {
    const q = new TurnQueue(2);
    const positions: Record<string, number[]> = {};
    const started: string[] = [];
    const releases: Record<string, Release> = {};
    for (const t of ['a', 'b', 'c', 'd']) {
      positions[t] = [];
      void q
        .enqueue(t, (p) => positions[t]?.push(p))
        .ready.then((r) => {
          started.push(t);
          releases[t] = r;
        });
    }
    await flush();
    expect(started).toEqual(['a', 'b']);
    expect(positions).toEqual({ a: [], b: [], c: [1], d: [2] });
    releases.a?.();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(positions.d).toEqual([2, 1]);
    releases.a?.(); // a second release is ignored
    await flush();
    expect(q.activeCount).toBe(2);
  });

  it('a second turn of a busy thread waits without blocking other threads', async () => {
    const q = new TurnQueue(4);
    const started: string[] = [];
    let releaseFirst: Release = () => {};
    void q.enqueue('t1').ready.then((r) => {
      started.push('t1#1');
      releaseFirst = r;
    });
    void q.enqueue('t1').ready.then(() => started.push('t1#2'));
    void q.enqueue('t2').ready.then(() => started.push('t2'));
    await flush();
    expect(started).toEqual(['t1#1', 't2']);
    releaseFirst();
    await flush();
    expect(started).toEqual(['t1#1', 't2', 't1#2']);
  });

  it("yieldPlace gives the place to the next thread's turn, not the thread: its own next turn waits for release", async () => {
    const q = new TurnQueue(1);
    const started: string[] = [];
    const first = q.enqueue('a');
    let release: Release = () => {};
    void first.ready.then((r) => (release = r));
    void q.enqueue('a').ready.then(() => started.push('a#2'));
    void q.enqueue('b').ready.then(() => started.push('b'));
    await flush();
    expect(started).toEqual([]);
    first.yieldPlace();
    first.yieldPlace(); // once only
    await flush();
    expect(started).toEqual(['b']);
    expect(q.activeCount).toBe(1);
    release();
    await flush();
    expect(q.activeCount).toBe(1); // b still holds the only place; a's release gave back none twice
    expect(started).toEqual(['b']);
  });

  it('cancelling a queued turn removes it and moves the others up', async () => {
    const q = new TurnQueue(1);
    const positions: number[] = [];
    let release: Release = () => {};
    void q.enqueue('a').ready.then((r) => (release = r));
    const b = q.enqueue('b');
    void q.enqueue('c', (p) => positions.push(p));
    expect(b.cancel()).toBe(true);
    expect(b.cancel()).toBe(false);
    expect(positions).toEqual([2, 1]);
    expect(q.waitingCount).toBe(1);
    await flush();
    release();
    expect(q.waitingCount).toBe(0);
  });
});
