/**
 * Pre-warming end to end: the REAL CLI pre-started as an idle process, against the mock Messages API. Reuse is
 * asserted through the pool's counters and pids, never through timing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

function sessionFiles(home: string): string[] {
  const projects = path.join(home, '.claude', 'projects');
  if (!fs.existsSync(projects)) return [];
  return fs.readdirSync(projects).flatMap((dir) => fs.readdirSync(path.join(projects, dir)));
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Claude Code, started, writes `~/.claude/sessions/<pid>.json` ({ pid, sessionId, status: "idle", … }). */
function registeredIdle(home: string, pid: number): boolean {
  try {
    const entry = JSON.parse(fs.readFileSync(path.join(home, '.claude', 'sessions', `${pid}.json`), 'utf8'));
    return entry.status === 'idle';
  } catch {
    return false; // not written yet, or caught mid-write
  }
}

async function until(check: () => boolean, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
}

describe('idle processes + real CLI + mock API', () => {
  it('a warm process is used when nothing changed: one request per turn, the right answer, same session', async () => {
    const engine = h.engine(cli.env);
    // A new thread: the warm process waits with --session-id <uuid>; the turn takes that uuid.
    expect(await engine.idle.warm(h.request('t1', ''))).toBe('warmed');
    const pending = engine.idle.pendingSessionId('t1');
    const warmPid = engine.idle.peek('t1')?.pid;
    expect(warmPid).toBeDefined();
    const first = await runTurn(engine, h.request('t1', 'Say hello (turn one)'));
    expect(first.outcome.status).toBe('done');
    expect(first.text).toBe('Hello from the mock API.');
    expect(engine.idle.stats).toMatchObject({ spawned: 1, reused: 1, discarded: 0 });
    expect(h.spawned).toEqual([warmPid]); // no second process was started for the turn
    expect(mock.requests).toHaveLength(1);
    const init = first.events.find((e) => e.type === 'init');
    expect(init?.type === 'init' && init.sessionId).toBe(pending);

    // The next turn resumes: the warm process waits with --resume <uuid>.
    expect(await engine.idle.warm(h.request('t1', ''))).toBe('warmed');
    const second = await runTurn(engine, h.request('t1', 'And again (turn two)'));
    expect(second.outcome.status).toBe('done');
    expect(second.text).toBe('Hello from the mock API.');
    expect(engine.idle.stats).toMatchObject({ spawned: 2, reused: 2, discarded: 0 });
    expect(h.spawned).toHaveLength(2);
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests[1]?.body.messages)).toContain('Say hello (turn one)');
    expect(mock.requests[1]?.headers['x-claude-code-session-id']).toBe(pending);
  });

  it('a model change between turns discards the warm process; the request shows the new model', async () => {
    const engine = h.engine(cli.env);
    await runTurn(engine, h.request('t1', 'first', { settings: { model: 'mock-model-a' } }));
    await engine.idle.warm(h.request('t1', '', { settings: { model: 'mock-model-a' } }));
    const warmPid = engine.idle.peek('t1')?.pid ?? -1;
    const r = await runTurn(engine, h.request('t1', 'second', { settings: { model: 'mock-model-b' } }));
    expect(r.outcome.status).toBe('done');
    expect(mock.requests.map((q) => q.model)).toEqual(['mock-model-a', 'mock-model-b']);
    expect(engine.idle.stats).toMatchObject({ reused: 0, discarded: 1 });
    expect(await waitGone(warmPid)).toBe(true);
  });

  it('a permission-mode change discards the warm process; the init shows the new mode', async () => {
    const engine = h.engine(cli.env);
    await runTurn(engine, h.request('t1', 'first'));
    await engine.idle.warm(h.request('t1', '')); // acceptEdits
    const r = await runTurn(engine, h.request('t1', 'second', { permissionMode: 'ask' }));
    expect(r.outcome.status).toBe('done');
    const init = r.events.find((e) => e.type === 'init');
    expect(init?.type === 'init' && init.permissionMode).toBe('default');
    expect(engine.idle.stats).toMatchObject({ reused: 0, discarded: 1 });
  });

  it('a warm process that died is replaced transparently', async () => {
    const engine = h.engine(cli.env);
    await engine.idle.warm(h.request('t1', ''));
    const warmPid = engine.idle.peek('t1')?.pid ?? -1;
    process.kill(-warmPid, 'SIGKILL');
    await until(() => engine.idle.size === 0);
    expect(engine.idle.size).toBe(0);
    const r = await runTurn(engine, h.request('t1', 'still there?'));
    expect(r.outcome.status).toBe('done');
    expect(r.text).toBe('Hello from the mock API.');
    expect(r.types).not.toContain('error');
    expect(engine.idle.stats.reused).toBe(0);
    expect(mock.requests).toHaveLength(1);
  });

  it('a discarded warm process leaves no CLI session file and no process', async () => {
    const engine = h.engine(cli.env);
    await engine.idle.warm(h.request('t1', ''));
    const sessionId = engine.idle.pendingSessionId('t1');
    const warmPid = engine.idle.peek('t1')?.pid ?? -1;
    expect(sessionId).toBeDefined();
    // Let the CLI finish starting up, as a user would type: it has registered itself as idle under its pid.
    await expect.poll(() => registeredIdle(cli.home, warmPid), { timeout: 45_000 }).toBe(true);
    engine.idle.discard('t1');
    expect(await waitGone(warmPid)).toBe(true);
    expect(sessionFiles(cli.home)).toEqual([]);
    expect(mock.requests).toHaveLength(0);
  });

  it('at most two warm processes; stopAll (quit) leaves none alive', async () => {
    const engine = h.engine(cli.env);
    for (const t of ['a', 'b', 'c']) await engine.idle.warm(h.request(t, ''));
    expect(engine.idle.size).toBe(2);
    expect(engine.idle.peek('a')).toBeUndefined(); // the oldest made room
    expect(h.spawned).toHaveLength(3);
    await engine.stopAll();
    expect(h.spawned.filter(alive)).toEqual([]);
    expect(sessionFiles(cli.home)).toEqual([]);
  });

  it('CLAUDE_DESK_PREWARM=0 starts nothing', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' });
    expect(await engine.idle.warm(h.request('t1', ''))).toBe('skipped');
    expect(h.spawned).toEqual([]);
  });
});
