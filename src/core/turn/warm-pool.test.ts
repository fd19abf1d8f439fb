/**
 * Warm pool rules that need a clock or a fault, with the fake claude and a manual clock:
 * the 10-minute age limit, the idle bound starting at the user line, busy threads, the fingerprint.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, createHarness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';
import { buildSpawnPlan, type SpawnRequest } from './spawn-plan';
import type { TurnEngine } from './turn-engine';
import { fingerprintPlan } from './turn-fingerprint';
import { WARM_MAX_AGE_MS } from './warm-pool';
import { manualClock } from '../../../test/fixtures/manual-clock';

let h: Harness;
let engine: TurnEngine | undefined;
beforeEach(() => {
  h = createHarness();
});
afterEach(async () => {
  await engine?.stopAll();
  engine = undefined;
  h.cleanup();
});

describe('WarmPool (fake claude)', () => {
  it('a warm process older than 10 minutes is discarded and never answers', async () => {
    const c = manualClock();
    engine = h.engine({ PATH: process.env.PATH }, { clock: c.clock });
    await engine.warm.warm(h.request('t', ''));
    const pid = engine.warm.peek('t')?.pid ?? -1;
    c.advance(WARM_MAX_AGE_MS);
    expect(engine.warm.size).toBe(0);
    expect(await waitGone(pid)).toBe(true);
    const r = await runTurn(engine, h.request('t', 'hi'));
    expect(r.outcome.status).toBe('done');
    expect(engine.warm.stats).toMatchObject({ reused: 0, discarded: 1 });
  });

  it('the idle bound starts when the user line is written, not at spawn', async () => {
    const c = manualClock();
    engine = h.engine({ PATH: process.env.PATH, CLAUDE_DESK_IDLE_TIMEOUT_MS: '1000' }, { clock: c.clock });
    await engine.warm.warm(h.request('t', ''));
    c.advance(60_000); // a minute of "typing": sixty idle bounds
    const r = await runTurn(engine, h.request('t', 'hi'));
    expect(r.outcome.status).toBe('done');
    expect(r.text.length).toBeGreaterThan(0);
    expect(engine.warm.stats.reused).toBe(1);
  });

  it('does not warm a thread whose turn is running', async () => {
    engine = h.engine({ PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'silent' });
    const handle = engine.run(h.request('t', 'hi'), () => undefined);
    while (!engine.queue.isBusy('t')) await new Promise((r) => setTimeout(r, 5));
    expect(await engine.warm.warm(h.request('t', ''))).toBe('skipped');
    handle.stop();
    await handle.done;
    expect(engine.warm.size).toBe(0);
  });

  it('keeps an identical warm process instead of starting another', async () => {
    engine = h.engine({ PATH: process.env.PATH });
    expect(await engine.warm.warm(h.request('t', ''))).toBe('warmed');
    expect(await engine.warm.warm(h.request('t', ''))).toBe('kept');
    expect(await engine.warm.warm(h.request('t', '', { settings: { systemPrompt: 'Be brief.' } }))).toBe('warmed');
    expect(engine.warm.stats).toMatchObject({ spawned: 2, discarded: 1 });
    expect(h.spawned).toHaveLength(2);
  });
});

describe('fingerprintPlan', () => {
  const base: SpawnRequest = {
    settings: { systemPrompt: 'Be brief.' },
    permissionMode: 'acceptEdits',
    cli: { path: '/opt/claude' },
    mcp: { url: 'http://127.0.0.1:1/mcp', token: 'secret-a' },
  };
  const session = { sessionId: '6f1c1f5e-7a57-4a43-9d3c-3f0d6a1c2b11', resume: true, projectDir: os.tmpdir() };
  // A wrapper that names the scratch dir in argv and writes a file into it, like the Seatbelt wall.
  const wrap: SpawnRequest['wrap'] = async (file, args, dir) => {
    await fs.writeFile(path.join(dir, 'profile.sb'), `(allow file-read* (subpath "${dir}"))`);
    return { file: '/usr/bin/sandbox-exec', args: ['-f', path.join(dir, 'profile.sb'), file, ...args] };
  };
  async function fp(req: SpawnRequest, env: NodeJS.ProcessEnv = { PATH: '/bin' }): Promise<string> {
    const plan = await buildSpawnPlan(req, session, { env });
    try {
      return await fingerprintPlan(plan);
    } finally {
      await plan.scratch.cleanup();
    }
  }

  it('is equal for two plans of the same turn (the scratch dir name is masked), else differs', async () => {
    const same = await fp({ ...base, wrap });
    expect(await fp({ ...base, wrap })).toBe(same);
    expect(await fp({ ...base, wrap, settings: { systemPrompt: 'Be long.' } })).not.toBe(same);
    expect(await fp({ ...base, wrap, mcp: { url: 'http://127.0.0.1:1/mcp', token: 'secret-b' } })).not.toBe(same);
    expect(await fp({ ...base, wrap, savedApiKey: 'sk-ant-other' })).not.toBe(same);
    expect(await fp({ ...base, wrap }, { PATH: '/usr/bin' })).not.toBe(same);
    expect(await fp({ ...base })).not.toBe(same); // no wall
    expect(same).not.toContain('secret');
  });
});
