import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { OrderedClose } from './ordered-close';
import type { SpawnedProcess } from './spawned-process';

/** A child that never exits by itself; what reaches it (and its group) is recorded. */
function stubborn(pid?: number) {
  const sent: string[] = [];
  const stdin = new PassThrough();
  const child = {
    pid,
    stdin,
    stdout: null,
    stderr: null,
    exitCode: null,
    kill: (s: string) => sent.push(`child ${s}`),
  };
  const group = (p: number, s: string) => void sent.push(`group ${p} ${s}`);
  return { child: child as unknown as SpawnedProcess, sent, stdin, group };
}

describe('OrderedClose', () => {
  it('closes stdin at once and signals only after the grace: SIGTERM to the group, then the child, SIGKILL a step later', () => {
    const time = manualClock();
    const c = stubborn(7);
    const close = new OrderedClose(() => c.child, { timers: time.clock, killGroup: c.group, stepMs: 2000 });
    close.close(3000);
    expect(c.stdin.writableEnded).toBe(true);
    time.advance(2999);
    expect(c.sent).toEqual([]);
    time.advance(1);
    expect(c.sent).toEqual(['group 7 SIGTERM', 'child SIGTERM']);
    time.advance(2000);
    expect(c.sent.slice(2)).toEqual(['group 7 SIGKILL', 'child SIGKILL']);
    time.advance(60_000);
    expect(c.sent).toHaveLength(4);
  });

  it('a second close with `once` keeps the first grace; terminate twice schedules SIGKILL once', () => {
    const time = manualClock();
    const c = stubborn();
    const close = new OrderedClose(() => c.child, { timers: time.clock, killGroup: null, stepMs: 100 });
    close.close(1000);
    close.close(5000, true);
    time.advance(1000);
    expect(c.sent).toEqual(['child SIGTERM']);
    close.terminate();
    time.advance(100);
    expect(c.sent).toEqual(['child SIGTERM', 'child SIGTERM', 'child SIGKILL']);
    time.advance(10_000);
    expect(c.sent).toHaveLength(3);
  });

  it('cancel (the child exited) sends nothing more', () => {
    const time = manualClock();
    const c = stubborn();
    const close = new OrderedClose(() => c.child, { timers: time.clock, killGroup: null, stepMs: 100 });
    close.close(1000);
    close.cancel();
    time.advance(10_000);
    expect(c.sent).toEqual([]);
  });
});
