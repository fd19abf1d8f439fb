import { describe, expect, it } from 'vitest';
import { ThreadQueues } from './thread-queues';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ThreadQueues', () => {
  it("runs one thread's tasks in call order, and other threads' beside them", async () => {
    const queues = new ThreadQueues();
    const order: string[] = [];
    const slow = queues.run('a', async () => {
      await later(20);
      order.push('a1');
    });
    const next = queues.run('a', async () => {
      order.push('a2');
    });
    const other = queues.run('b', async () => {
      order.push('b1');
    });
    await Promise.all([slow, next, other]);
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });

  it('a failed task rejects for its caller only; the tasks behind it still run, and idle() waits for all', async () => {
    const queues = new ThreadQueues();
    const failed = queues.run('a', () => Promise.reject(new Error('disk full')));
    let ran = false;
    void queues.run('a', async () => {
      await later(10);
      ran = true;
    });
    await expect(failed).rejects.toThrow('disk full');
    await queues.idle();
    expect(ran).toBe(true);
  });
});
