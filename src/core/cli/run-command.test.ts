import { describe, expect, it } from 'vitest';
import { runProcess } from './run-command';

const posix = process.platform !== 'win32';
const opts = { timeoutMs: 30_000 };

describe.runIf(posix)('runProcess (POSIX)', () => {
  it("gives the exit code and the output without its final newline, as the probes' parsers expect", async () => {
    const r = await runProcess('/bin/sh', ['-c', 'echo "2.1.0 (Claude Code)"; echo oops >&2; exit 3'], opts);
    expect(r).toEqual({ exitCode: 3, stdout: '2.1.0 (Claude Code)', stderr: 'oops', timedOut: false });
  });

  it('names why a program could not start', async () => {
    const r = await runProcess('/no/such/claude', ['--version'], opts);
    expect(r).toMatchObject({ exitCode: undefined, spawnError: 'ENOENT' });
  });

  it('passes exactly the environment it is given', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'echo "$ONLY_THIS-$HOME"'], { ...opts, env: { ONLY_THIS: 'yes' } });
    expect(r.stdout).toBe('yes-');
  });

  it('on timeout ends the whole group, even a grandchild still holding the output pipe', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'sleep 600 & echo started; wait'], { timeoutMs: 300 });
    expect(r).toMatchObject({ timedOut: true, stdout: 'started', signal: 'SIGKILL' });
  });

  it('ends a child whose output passes a megabyte instead of buffering it all', async () => {
    const r = await runProcess('/bin/sh', ['-c', 'yes claude'], opts);
    expect(r).toMatchObject({ timedOut: false, signal: 'SIGKILL' });
  });
});
