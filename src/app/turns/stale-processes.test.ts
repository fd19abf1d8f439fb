import { describe, expect, it } from 'vitest';
import { sendStaleProcessesAway } from './stale-processes';

describe('after a setup edit', () => {
  it('idle processes go at once, a running turn’s process when that turn ends, and the pre-warm starts again', async () => {
    const said: string[] = [];
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    const engine = {
      running: () => [{ threadId: 't2', done }] as never,
      idle: {
        discardAll: (reason?: string) => void said.push(`all: ${reason}`),
        discard: (threadId: string) => void said.push(`discard ${threadId}`),
      },
    };
    const changed = sendStaleProcessesAway(engine, { invalidate: (r) => void said.push(`rewarm: ${r}`) });
    changed('a permission rule changed');
    expect(said).toEqual([
      'all: your Claude Code setup changed (a permission rule changed)',
      'rewarm: a permission rule changed',
    ]);
    end();
    await done;
    await Promise.resolve();
    expect(said.at(-1)).toBe('discard t2');
  });
});
