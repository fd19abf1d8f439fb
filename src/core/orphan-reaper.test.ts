import { describe, expect, it } from 'vitest';
import { reapedSweeper, type OrphanReaper } from './orphan-reaper';
import { createProcessSweeper } from './process-sweep';

describe('reapedSweeper', () => {
  it('starts the watchdog at the first tag, once, before that tag is handed out, and closes it', () => {
    const started: string[] = [];
    let closed = 0;
    let firstTags = 0;
    const base = createProcessSweeper(() => []);
    const sweeper = reapedSweeper(
      base,
      () => firstTags++,
      (owner): OrphanReaper => {
        started.push(owner);
        return { pid: 4242, close: () => closed++ };
      },
    );
    sweeper.close(); // nothing started yet: nothing to close
    expect(started).toEqual([]);
    expect(sweeper.reaperPid).toBeUndefined();

    expect(sweeper.newTag()).toBe(`${base.owner}.1`);
    expect(sweeper.newTag()).toBe(`${base.owner}.2`);
    expect(started).toEqual([base.owner]);
    expect(firstTags).toBe(1);
    expect(sweeper.reaperPid).toBe(4242);
    sweeper.close();
    expect(closed).toBe(1);
  });
});
