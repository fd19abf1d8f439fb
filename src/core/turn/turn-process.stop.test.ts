import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLAUDE } from '../../../test/fixtures/turn-harness';
import { type Clock, TurnProcess } from './turn-process';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { killProcessGroup } from '../process-group';

const procs: TurnProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) {
    p.stop();
    await Promise.race([p.exited, new Promise((r) => setTimeout(r, 5000))]);
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fake(mode: string, clock: Clock) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claude-desk-stop-'));
  dirs.push(dir);
  const stdinFile = path.join(dir, 'stdin.jsonl');
  const values: unknown[] = [];
  /** Every signal sent goes to the group first (OrderedClose.signal), so this is every signal the child got. */
  const signals: NodeJS.Signals[] = [];
  const p = new TurnProcess({
    file: FAKE_CLAUDE,
    args: [],
    cwd: dir,
    env: { PATH: process.env.PATH, FAKE_CLAUDE_MODE: mode, FAKE_CLAUDE_STDIN_FILE: stdinFile },
    onValue: (v) => values.push(v),
    clock,
    killGroup: (pid, sig) => {
      signals.push(sig);
      killProcessGroup(pid, sig);
    },
    killGraceMs: 2000,
    stopLine: () => '{"type":"control_request","request_id":"int-1","request":{"subtype":"interrupt"}}',
  });
  procs.push(p);
  p.start();
  const stdinLines = () =>
    fs.existsSync(stdinFile) ? fs.readFileSync(stdinFile, 'utf8').trim().split('\n').filter(Boolean) : [];
  return { p, values, stdinLines, signals };
}

describe('TurnProcess.stop with a stop line (interrupt first, signals only after the grace period)', () => {
  it('a child that ends by itself is never signalled', async () => {
    const c = manualClock();
    const { p, values, stdinLines } = fake('text', c.clock);
    p.writeLine('{"type":"user","message":{"role":"user","content":"hi"}}');
    p.stop();
    const exit = await p.exited;
    // It read the interrupt, answered it, and left at stdin EOF with code 0: no SIGTERM.
    expect(exit).toMatchObject({ stopped: true, signal: null, code: 0 });
    expect(stdinLines().at(-1)).toContain('"subtype":"interrupt"');
    expect(values).toContainEqual(
      expect.objectContaining({ type: 'control_response', response: expect.objectContaining({ request_id: 'int-1' }) }),
    );
  });

  it('a child that ignores it is terminated once the grace period is over', async () => {
    const c = manualClock();
    const { p, stdinLines, signals } = fake('silent', c.clock);
    p.writeLine('{"type":"user","message":{"role":"user","content":"hi"}}');
    p.stop();
    let ended = false;
    void p.exited.then(() => (ended = true));
    // It read the interrupt, so it outlived stop(): nothing was sent at once, and nothing is before the grace.
    await expect.poll(() => stdinLines().length).toBe(2);
    c.advance(1999);
    expect(signals).toEqual([]);
    expect(ended).toBe(false);
    c.advance(1);
    expect(signals).toEqual(['SIGTERM']);
    const exit = await p.exited;
    expect(exit).toMatchObject({ stopped: true, signal: 'SIGTERM' });
  });

  it('before anything was written it still stops (the interrupt goes first, then EOF)', async () => {
    const c = manualClock();
    const { p } = fake('text', c.clock);
    p.stop();
    const exit = await p.exited;
    expect(exit).toMatchObject({ stopped: true, signal: null });
  });
});
