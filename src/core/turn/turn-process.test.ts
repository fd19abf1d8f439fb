import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLAUDE } from '../../../test/fixtures/turn-harness';
import { type Clock, TurnProcess, type TurnProcessOptions } from './turn-process';
import { manualClock } from '../../../test/fixtures/manual-clock';

const procs: TurnProcess[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.stop();
    await p.exited;
  }
});

function silentProcess(clock: Clock, idleTimeoutMs: number, extra: Partial<TurnProcessOptions> = {}): TurnProcess {
  const p = new TurnProcess({
    ...extra,
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

  it('a running tool is not silence: the tool bound applies until its result, then the idle bound again', async () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 1000, { toolTimeoutMs: 60_000 });
    p.writeLine('{}');
    p.setToolRunning(true); // e.g. `npm test` for minutes, printing nothing
    for (let i = 0; i < 50; i++) c.advance(1000);
    expect(p.running).toBe(true);
    p.setToolRunning(false);
    c.advance(1001);
    c.advance(1001);
    const exit = await p.exited;
    expect(exit).toMatchObject({ idleTimedOut: true, toolRunning: false, boundMs: 1000 });
  });

  it('a tool that outlives the tool bound ends the turn, and says it was the tool', async () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 1000, { toolTimeoutMs: 5000 });
    p.writeLine('{}');
    p.setToolRunning(true);
    for (let i = 0; i < 8; i++) c.advance(1000);
    const exit = await p.exited;
    expect(exit).toMatchObject({ idleTimedOut: true, toolRunning: true, boundMs: 5000 });
  });

  it('heartbeats are alive, not progress (case 62): a tool that hangs still ends at the tool bound', async () => {
    const c = manualClock();
    // A CLI that answers each stdin line with a heartbeat: 2.1.337's tool_progress every 30 s, or a keep_alive.
    const script = `
      const rl = require('node:readline').createInterface({ input: process.stdin });
      rl.on('line', (l) => process.stdout.write(JSON.stringify(l.includes('keep') ? { type: 'keep_alive' }
        : { type: 'tool_progress', tool_use_id: 't-heartbeat-0', tool_name: 'Bash', elapsed_time_seconds: 30, heartbeat: true }) + '\\n'));`;
    let seen = 0;
    let onSeen = (): void => undefined;
    const p = new TurnProcess({
      file: process.execPath,
      args: ['-e', script],
      cwd: process.cwd(),
      env: { PATH: process.env.PATH },
      onValue: () => {
        seen++;
        onSeen();
      },
      clock: c.clock,
      idleTimeoutMs: 1000,
      toolTimeoutMs: 5000,
      killGraceMs: 50,
    });
    procs.push(p);
    p.start();
    p.setToolRunning(true);
    // A heartbeat each second of the clock (read before the clock moves on): the tool bound still fires at 5 s.
    let ended = false;
    void p.exited.then(() => (ended = true));
    for (let i = 0; i < 10 && !ended; i++) {
      const read = new Promise<void>((resolve) => (onSeen = resolve));
      p.writeLine(i % 2 ? '{"keep":1}' : '{"beat":1}');
      await Promise.race([read, p.exited]);
      c.advance(1000);
    }
    c.advance(100); // the kill's grace
    const exit = await p.exited;
    expect(seen).toBeGreaterThanOrEqual(5);
    expect(exit).toMatchObject({ idleTimedOut: true, toolRunning: true, boundMs: 5000 });
  });

  it('after its answer, a CLI that does not exit is ended after the grace period (not at the idle bound)', async () => {
    const c = manualClock();
    const p = silentProcess(c.clock, 600_000, { afterResultGraceMs: 3000 });
    p.writeLine('{}');
    p.endAfterResult();
    c.advance(2999);
    expect(p.running).toBe(true);
    c.advance(1);
    c.advance(100); // SIGKILL grace
    const exit = await p.exited;
    expect(exit).toMatchObject({ idleTimedOut: false, stopped: false });
    expect(exit.signal ?? exit.code).not.toBeNull();
  });
});
