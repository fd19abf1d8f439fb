import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/fixtures/manual-clock';
import { ControlClient } from './control-client';
import type { SpawnedProcess, Spawner } from './spawned-process';

/**
 * A CLI in memory: it records each control request and answers it with `reply` (nothing when it returns
 * undefined); stdin's end makes it exit 0 unless `stubborn`, and a signal makes it exit unless it is SIGTERM and
 * `ignoresTerm`.
 */
function fakeCli(
  options: {
    reply?: (id: string, request: Record<string, unknown>) => Record<string, unknown> | undefined;
    stubborn?: boolean;
    ignoresTerm?: boolean;
  } = {},
) {
  const seen = { requests: [] as { id: string; request: Record<string, unknown> }[], signals: [] as string[] };
  let proc!: EventEmitter & { stdin: PassThrough; stdout: PassThrough; stderr: PassThrough; exitCode: number | null };
  const exit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (proc.exitCode !== null) return;
    proc.exitCode = code ?? 128;
    setImmediate(() => proc.emit('exit', code, signal));
  };
  const spawner: Spawner = () => {
    proc = Object.assign(new EventEmitter(), {
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      exitCode: null as number | null,
      kill: (signal: NodeJS.Signals = 'SIGTERM') => {
        seen.signals.push(signal);
        if (!(signal === 'SIGTERM' && options.ignoresTerm)) exit(null, signal);
        return true;
      },
    });
    proc.stdin.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n').filter(Boolean)) {
        const msg = JSON.parse(line) as { request_id: string; request: Record<string, unknown> };
        seen.requests.push({ id: msg.request_id, request: msg.request });
        const r = options.reply?.(msg.request_id, msg.request);
        if (r) {
          proc.stdout.write(
            `${JSON.stringify({ type: 'control_response', response: { request_id: msg.request_id, ...r } })}\n`,
          );
        }
      }
    });
    proc.stdin.on('finish', () => !options.stubborn && exit(0, null));
    return proc as unknown as SpawnedProcess;
  };
  /** The CLI writes a control_response of its own accord. */
  const respond = (id: string, body: Record<string, unknown>) =>
    proc.stdout.write(`${JSON.stringify({ type: 'control_response', response: { request_id: id, ...body } })}\n`);
  return { spawner, seen, exit, respond };
}

const launch = { file: 'claude', args: ['--input-format', 'stream-json'], cwd: '/p', env: {} };

describe('ControlClient', () => {
  it('matches each response to its request by id, whatever order they come in', async () => {
    const cli = fakeCli();
    let n = 0;
    const other: unknown[] = [];
    const client = new ControlClient({
      ...launch,
      spawner: cli.spawner,
      newId: () => String(++n),
      onValue: (v) => other.push(v),
    });
    const first = client.request({ subtype: 'initialize' }, { prefix: 'a' });
    const second = client.request({ subtype: 'rewind_files', dry_run: true }, { prefix: 'b' });
    await new Promise((r) => setImmediate(r));
    expect(cli.seen.requests.map((r) => r.id)).toEqual(['a-1', 'b-2']);
    // The CLI answers the second first; a response to nobody is handed on as any other line.
    cli.respond('b-2', { subtype: 'success', response: { canRewind: true } });
    cli.respond('nobody', { subtype: 'success', response: {} });
    cli.respond('a-1', { subtype: 'error', error: 'no', error_code: 'not_found' });
    await expect(second).resolves.toEqual({ requestId: 'b-2', ok: true, response: { canRewind: true } });
    await expect(first).resolves.toMatchObject({ requestId: 'a-1', ok: false, error: 'no', errorCode: 'not_found' });
    expect(other).toEqual([expect.objectContaining({ response: expect.objectContaining({ request_id: 'nobody' }) })]);
  });

  it('reads the answer from the CLI and hands other lines on', async () => {
    const cli = fakeCli({ reply: () => ({ subtype: 'success', response: { commands: [] } }) });
    const other: unknown[] = [];
    const client = new ControlClient({ ...launch, spawner: cli.spawner, onValue: (v) => other.push(v) });
    const answer = await client.request({ subtype: 'initialize' }, { requestId: 'catalog-1' });
    expect(answer).toEqual({ requestId: 'catalog-1', ok: true, response: { commands: [] } });
    expect(cli.seen.requests).toEqual([{ id: 'catalog-1', request: { subtype: 'initialize' } }]);
    expect(other).toEqual([]);
  });

  it('gives up on a request never answered once its timeout passes, and a late answer settles nothing', async () => {
    const time = manualClock();
    const cli = fakeCli();
    const client = new ControlClient({ ...launch, spawner: cli.spawner, timers: time.clock });
    let settled: unknown;
    void client
      .request({ subtype: 'initialize' }, { requestId: 'x', timeoutMs: 500, timeoutError: 'too late' })
      .then((r) => (settled = r));
    time.advance(499);
    await Promise.resolve();
    expect(settled).toBeUndefined();
    time.advance(1);
    await Promise.resolve();
    expect(settled).toEqual({ requestId: 'x', ok: false, error: 'too late' });
    // The late answer is no longer an answer to anything: it is handed on as any other line.
    const other: unknown[] = [];
    const late = new ControlClient({
      ...launch,
      spawner: cli.spawner,
      timers: time.clock,
      onValue: (v) => other.push(v),
    });
    void late.request({ subtype: 'initialize' }, { requestId: 'y', timeoutMs: 10 });
    time.advance(10);
    cli.respond('y', { subtype: 'success', response: {} });
    await new Promise((r) => setImmediate(r));
    expect(other).toHaveLength(1);
  });

  it('fails open requests with what describeEnd says when the CLI exits, and refuses new ones', async () => {
    const cli = fakeCli();
    const client = new ControlClient({
      ...launch,
      spawner: cli.spawner,
      describeEnd: (exit) => `stopped (exit ${exit.code})`,
    });
    const open = client.request({ subtype: 'initialize' });
    cli.exit(1, null);
    await expect(open).resolves.toMatchObject({ ok: false, error: 'stopped (exit 1)' });
    await expect(client.request({ subtype: 'initialize' })).resolves.toMatchObject({ error: 'stopped (exit 1)' });
  });

  it('a binary that cannot start ends the client with the reason', async () => {
    const refusing: Spawner = () => {
      throw new Error('spawn claude ENOENT');
    };
    const client = new ControlClient({ ...launch, spawner: refusing });
    expect((await client.exited).startError?.message).toBe('spawn claude ENOENT');
    await expect(client.request({ subtype: 'initialize' })).resolves.toMatchObject({
      error: 'Claude Code could not be started: spawn claude ENOENT',
    });
  });
});

describe('ControlClient.close (stdin first, signals only after the grace)', () => {
  it('a CLI that ends at EOF is never signalled', async () => {
    const time = manualClock();
    const cli = fakeCli();
    const client = new ControlClient({ ...launch, spawner: cli.spawner, timers: time.clock });
    const exit = await client.close({ graceMs: 2000 });
    expect(exit).toMatchObject({ code: 0, signal: null });
    time.advance(10_000);
    expect(cli.seen.signals).toEqual([]);
  });

  it('a CLI that lingers gets SIGTERM after the grace, and SIGKILL last', async () => {
    const time = manualClock();
    const cli = fakeCli({ stubborn: true, ignoresTerm: true });
    const client = new ControlClient({ ...launch, spawner: cli.spawner, timers: time.clock });
    const closing = client.close({ graceMs: 2000, stepMs: 1000 });
    time.advance(1999);
    expect(cli.seen.signals).toEqual([]);
    time.advance(1);
    expect(cli.seen.signals).toEqual(['SIGTERM']);
    time.advance(1000);
    expect(cli.seen.signals).toEqual(['SIGTERM', 'SIGKILL']);
    await expect(closing).resolves.toMatchObject({ signal: 'SIGKILL' });
  });

  it('with a single signal (the command probe) nothing follows it', async () => {
    const time = manualClock();
    const cli = fakeCli({ stubborn: true, ignoresTerm: true });
    const client = new ControlClient({ ...launch, spawner: cli.spawner, timers: time.clock });
    void client.close({ graceMs: 2000, signals: ['SIGTERM'] });
    time.advance(60_000);
    expect(cli.seen.signals).toEqual(['SIGTERM']);
  });

  it('kill signals at once, the group first when a GroupKiller is given', () => {
    const cli = fakeCli({ stubborn: true });
    const groups: string[] = [];
    const spawner: Spawner = (...a) => Object.assign(cli.spawner(...a), { pid: 42 });
    const client = new ControlClient({ ...launch, spawner, killGroup: (pid, sig) => groups.push(`${pid} ${sig}`) });
    client.kill('SIGKILL');
    expect(groups).toEqual(['42 SIGKILL']);
    expect(cli.seen.signals).toEqual(['SIGKILL']);
  });
});
