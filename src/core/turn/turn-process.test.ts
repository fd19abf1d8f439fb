import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLAUDE } from '../../../test/fixtures/turn-harness';
import { type Clock, TurnProcess } from './turn-process';
import { manualClock } from '../../../test/fixtures/manual-clock';

const procs: TurnProcess[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.stop();
    await p.exited;
  }
});

function silentProcess(clock: Clock, idleTimeoutMs: number): TurnProcess {
  const p = new TurnProcess({
    file: FAKE_CLAUDE,
    args: [],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'silent' },
    onValue: () => {},
    clock,
    idleTimeoutMs,
    killGraceMs: 50,
  });
  procs.push(p);
  p.start();
  return p;
}

describe('TurnProcess idle bound', () => {
  it('does not start before the first line is written (a warm process may wait)', () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 1000);
    c.advance(10_000);
    expect(p.running).toBe(true);
  });

  it('is held while paused (an approval waits) and fires after resume', async () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 1000);
    p.writeLine('{"type":"user","message":{"role":"user","content":[{"type":"text","text":"x"}]}}');
    p.pauseIdle();
    c.advance(1500);
    c.advance(1500);
    expect(p.running).toBe(true);
    p.resumeIdle();
    c.advance(1001);
    c.advance(1001);
    const exit = await p.exited;
    expect(exit.idleTimedOut).toBe(true);
    expect(exit.stopped).toBe(false);
  });

  it('stop() is reported as stopped, not as an idle timeout', async () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 1000);
    p.writeLine('{}');
    p.stop();
    const exit = await p.exited;
    expect(exit).toMatchObject({ stopped: true, idleTimedOut: false });
  });
});
