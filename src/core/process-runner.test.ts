import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type ChildHandle, type StartOptions, runToEnd, runToEndSync, runWith } from './process-runner';

const posix = process.platform !== 'win32';

/** A child that echoes its stdin to stdout and exits 0 once stdin ends; it records how it was started. */
function fakeStart() {
  const started: { file: string; args: readonly string[]; options?: StartOptions; killed: string[] } = {
    file: '',
    args: [],
    killed: [],
  };
  const start = (file: string, args: readonly string[], options?: StartOptions): ChildHandle => {
    Object.assign(started, { file, args, options });
    const stdout = new PassThrough();
    const child = Object.assign(new EventEmitter(), {
      pid: undefined,
      stdin: options?.stdio?.[0] === 'ignore' ? null : new PassThrough(),
      stdout,
      stderr: new PassThrough(),
      exitCode: null as number | null,
      kill: (signal?: NodeJS.Signals) => {
        started.killed.push(signal ?? 'SIGTERM');
        setImmediate(() => child.emit('close', null, signal ?? 'SIGTERM'));
        return true;
      },
      unref: () => {},
    });
    child.stdin?.pipe(stdout);
    stdout.on('end', () => setImmediate(() => child.emit('close', 0, null)));
    return child as unknown as ChildHandle;
  };
  return { start, started };
}

describe('runWith (a fake child)', () => {
  it('writes the input, closes stdin and collects the output to the end', async () => {
    const { start, started } = fakeStart();
    const r = await runWith(start, 'git', ['hash-object', '--stdin'], { input: 'hello\n', cwd: '/p' });
    expect(r).toMatchObject({ exitCode: 0, timedOut: false });
    expect(r.stdout.toString()).toBe('hello\n');
    expect(started.options).toMatchObject({ cwd: '/p', stdio: ['pipe', 'pipe', 'pipe'], ownGroup: false });
  });

  it('opens no stdin without input, and a timeout ends the child with SIGTERM', async () => {
    const { start, started } = fakeStart();
    const r = await runWith(start, 'bwrap', ['true'], { timeoutMs: 10 });
    expect(started.options?.stdio?.[0]).toBe('ignore');
    expect(started.killed).toEqual(['SIGTERM']);
    expect(r).toMatchObject({ timedOut: true, exitCode: undefined, signal: 'SIGTERM' });
  });

  it('reports a program spawn refused outright as not started', async () => {
    const refuse = (): ChildHandle => {
      throw Object.assign(new Error('bad argument'), { code: 'ERR_INVALID_ARG_VALUE' });
    };
    expect(await runWith(refuse, 'a\0b', [], {})).toMatchObject({ spawnError: 'ERR_INVALID_ARG_VALUE' });
  });
});

describe.runIf(posix)('runToEnd (POSIX)', () => {
  it('passes stdin and keeps binary output as bytes', async () => {
    const r = await runToEnd('/bin/sh', ['-c', 'cat; printf "\\377"'], { input: Buffer.from('in\n') });
    expect(r.exitCode).toBe(0);
    expect([...r.stdout]).toEqual([...Buffer.from('in\n'), 0xff]);
  });

  it('ends a child past its output bound', async () => {
    const r = await runToEnd('/bin/sh', ['-c', 'yes'], { maxOutputBytes: 64 * 1024 });
    // Ended either by the signal or, a moment before it lands, by the pipe let go of first (write error, exit 1):
    // which comes first depends on the machine's load. Never a success, and the output kept stays bounded.
    expect(r.signal === 'SIGTERM' || (r.exitCode !== undefined && r.exitCode !== 0)).toBe(true);
    expect(r.stdout.length).toBeLessThan(64 * 1024 + 256 * 1024);
  });

  it('runToEndSync gives the output, or undefined when the program fails', () => {
    expect(runToEndSync('/bin/sh', ['-c', 'echo ok'], { timeoutMs: 5000, maxOutputBytes: 1024 })).toBe('ok\n');
    expect(runToEndSync('/bin/sh', ['-c', 'exit 2'], { timeoutMs: 5000, maxOutputBytes: 1024 })).toBeUndefined();
  });
});
