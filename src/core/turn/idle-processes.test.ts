/**
 * Warm pool rules that need a clock or a fault, with the fake claude and a manual clock:
 * the 10-minute age limit, the idle bound starting at the user line, busy threads, the fingerprint.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, createHarness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';
import { describeSpawn, materializeSpawn, type SpawnRequest } from './spawn-plan';
import type { TurnEngine } from './turn-engine';
import { WARM_MAX_AGE_MS } from './idle-processes';
import { manualClock } from '../../../test/fixtures/manual-clock';

let h: Harness;
let engine: TurnEngine | undefined;
beforeEach(() => {
  h = createHarness();
});
afterEach(async () => {
  await engine?.stopAll();
  engine = undefined;
  await h.cleanup();
});

describe('IdleProcesses (fake claude)', () => {
  it('a warm process older than 10 minutes is discarded and never answers', async () => {
    const c = manualClock();
    engine = h.engine({ PATH: process.env.PATH }, { clock: c.clock });
    await engine.idle.warm(h.request('t', ''));
    const pid = engine.idle.peek('t')?.pid ?? -1;
    c.advance(WARM_MAX_AGE_MS);
    expect(engine.idle.size).toBe(0);
    expect(await waitGone(pid)).toBe(true);
    const r = await runTurn(engine, h.request('t', 'hi'));
    expect(r.outcome.status).toBe('done');
    expect(engine.idle.stats).toMatchObject({ reused: 0, discarded: 1 });
  });

  it('the idle bound starts when the user line is written, not at spawn', async () => {
    const c = manualClock();
    engine = h.engine({ PATH: process.env.PATH, CLAUDE_DESK_IDLE_TIMEOUT_MS: '1000' }, { clock: c.clock });
    await engine.idle.warm(h.request('t', ''));
    c.advance(60_000); // a minute of "typing": sixty idle bounds
    const r = await runTurn(engine, h.request('t', 'hi'));
    expect(r.outcome.status).toBe('done');
    expect(r.text.length).toBeGreaterThan(0);
    expect(engine.idle.stats.reused).toBe(1);
  });

  it('does not warm a thread whose turn is running', async () => {
    engine = h.engine({ PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'silent' });
    const handle = engine.run(h.request('t', 'hi'), () => undefined);
    while (!engine.phases.isBusy('t')) await new Promise((r) => setTimeout(r, 5));
    expect(await engine.idle.warm(h.request('t', ''))).toBe('skipped');
    handle.stop();
    await handle.done;
    expect(engine.idle.size).toBe(0);
  });

  it('names the kept process it answers with in the log, but not on the way to the first token', async () => {
    const seen: string[] = [];
    // A manual clock: the quarter-second fallback never fires first, however slow the machine.
    const c = manualClock();
    engine = h.engine(
      { PATH: process.env.PATH },
      { clock: c.clock, keep: { keep: 1, keepIdleMs: 60_000 }, log: (m) => seen.push(m) },
    );
    const first = await runTurn(engine, h.request('t', 'hi'));
    expect(first.outcome.status).toBe('done');
    seen.length = 0;
    await engine.run(h.request('t', 'again'), (e) => seen.push(`event ${e.type}`)).done;
    const pid = engine.idle.peek('t')?.pid;
    const used = seen.filter((m) => m.startsWith('thread t: using the kept CLI process'));
    expect(used).toEqual([`thread t: using the kept CLI process ${pid}`]);
    // Not while the CLI works towards its request (its init comes then) nor before the first text is shown: with the
    // result, ahead of the line saying the process is kept again.
    const at = seen.indexOf(used[0]!);
    expect(seen.indexOf('event text_delta')).toBeGreaterThan(seen.indexOf('event init'));
    expect(at).toBeGreaterThan(seen.indexOf('event text_delta'));
    expect(at).toBeLessThan(seen.indexOf('event result'));
  });

  it('idle weight: one process per thread, at most 2 kept and warm in all, none after the idle limit', async () => {
    const c = manualClock();
    const idle = 10 * 60_000;
    engine = h.engine({ PATH: process.env.PATH }, { clock: c.clock, keep: { keep: 2, keepIdleMs: idle } });
    // Three threads answer twice each, the app pre-warming each next turn as it does after a turn.
    for (const t of ['a', 'b', 'c']) {
      for (const text of ['one', 'two']) {
        expect((await runTurn(engine, h.request(t, text))).outcome.status).toBe('done');
        await engine.idle.warm(h.request(t, ''));
        c.advance(1_000);
      }
    }
    // A kept process and a warm one for the same thread count once: the thread holds one slot.
    expect(engine.idle.size).toBe(2);
    expect(engine.idle.peek('a')).toBeUndefined(); // the least recently used thread gave its process up
    // Two more threads opened (their composers focused): warmed, in place of the least recently used.
    await engine.idle.warm(h.request('d', ''));
    await engine.idle.warm(h.request('e', ''));
    expect(engine.idle.size).toBe(2);
    const live = ['a', 'b', 'c', 'd', 'e'].map((t) => engine!.idle.peek(t)?.pid);
    expect(live.map((p) => p !== undefined)).toEqual([false, false, false, true, true]);
    c.advance(idle);
    expect(engine.idle.size).toBe(0);
    for (const pid of live) if (pid !== undefined) expect(await waitGone(pid)).toBe(true);
  });

  it('a warm process waits no longer than the idle limit it is given', async () => {
    const c = manualClock();
    engine = h.engine({ PATH: process.env.PATH }, { clock: c.clock, keep: { keep: 2, keepIdleMs: 5_000 } });
    await engine.idle.warm(h.request('t', ''));
    expect(engine.idle.size).toBe(1);
    c.advance(5_000);
    expect(engine.idle.size).toBe(0);
  });

  it('keeps an identical warm process instead of starting another', async () => {
    engine = h.engine({ PATH: process.env.PATH });
    expect(await engine.idle.warm(h.request('t', ''))).toBe('warmed');
    expect(await engine.idle.warm(h.request('t', ''))).toBe('kept');
    expect(await engine.idle.warm(h.request('t', '', { settings: { systemPrompt: 'Be brief.' } }))).toBe('warmed');
    expect(engine.idle.stats).toMatchObject({ spawned: 2, discarded: 1 });
    expect(h.spawned).toHaveLength(2);
  });
});

describe('the plan a warm or kept process is judged by', () => {
  const base: SpawnRequest = {
    settings: { systemPrompt: 'Be brief.' },
    permissionMode: 'acceptEdits',
    cli: { path: '/opt/claude' },
    mcp: { url: 'http://127.0.0.1:1/mcp', token: 'secret-a' },
  };
  const session = { sessionId: '6f1c1f5e-7a57-4a43-9d3c-3f0d6a1c2b11', resume: true, projectDir: os.tmpdir() };
  // A wrapper that names the scratch dir in argv and has a file of its own there, like the Seatbelt wall.
  const wrap: SpawnRequest['wrap'] = async (file, args, dir) => ({
    file: '/usr/bin/sandbox-exec',
    args: ['-f', path.join(dir, 'profile.sb'), file, ...args],
    files: { 'profile.sb': '(deny file-read* (subpath "/private"))' },
  });
  const fp = async (req: SpawnRequest, env: NodeJS.ProcessEnv = { PATH: '/bin' }) =>
    (await describeSpawn(req, session, { env })).fingerprint;

  it('is equal for two plans of the same turn, else differs; secrets are hashed', async () => {
    const same = await fp({ ...base, wrap });
    expect(await fp({ ...base, wrap })).toBe(same);
    expect(await fp({ ...base, wrap, settings: { systemPrompt: 'Be long.' } })).not.toBe(same);
    expect(await fp({ ...base, wrap, mcp: { url: 'http://127.0.0.1:1/mcp', token: 'secret-b' } })).not.toBe(same);
    expect(await fp({ ...base, wrap, savedApiKey: 'sk-ant-other' })).not.toBe(same);
    expect(await fp({ ...base, wrap }, { PATH: '/usr/bin' })).not.toBe(same);
    expect(await fp({ ...base })).not.toBe(same); // no wall
    const other = async (files: Record<string, string>) =>
      fp({ ...base, wrap: async (f, a, d) => ({ ...(await wrap(f, a, d)), files }) });
    expect(await other({ 'profile.sb': '(deny file-read* (subpath "/elsewhere"))' })).not.toBe(same); // the wall's file
    expect(same).not.toContain('secret');
  });

  it('is planned without touching the disk; made real, the dir holds its files (0600) and argv names it', async () => {
    const tmpRoot = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-plan-')), 'not-yet');
    const spec = await describeSpawn({ ...base, wrap }, session, { env: { PATH: '/bin' }, tmpRoot });
    await expect(fs.access(tmpRoot)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(Object.keys(spec.files).sort()).toEqual(['append-system-prompt.txt', 'mcp-config.json', 'profile.sb']);

    await fs.mkdir(tmpRoot);
    const plan = await materializeSpawn(spec, { tmpRoot });
    try {
      expect(plan.fingerprint).toBe(spec.fingerprint);
      expect(plan.args.slice(0, 2)).toEqual(['-f', path.join(plan.scratch.dir, 'profile.sb')]);
      expect(plan.args).toContain(path.join(plan.scratch.dir, 'mcp-config.json'));
      expect(plan.args.join(' ')).not.toContain('\u0000');
      for (const [name, content] of Object.entries(spec.files)) {
        const file = path.join(plan.scratch.dir, name);
        expect(await fs.readFile(file, 'utf8')).toBe(content);
        if (process.platform !== 'win32') expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      }
    } finally {
      await plan.scratch.cleanup();
      await fs.rm(path.dirname(tmpRoot), { recursive: true, force: true });
    }
  });
});
