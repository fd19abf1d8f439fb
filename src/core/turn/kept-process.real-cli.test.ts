/**
 * Kept processes end to end: the REAL CLI that answered a turn is kept for the thread's next one, against the
 * mock Messages API. Reuse is asserted through pids, the spawn count and the mock's requests, never timing.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn, waitGone } from '../../../test/fixtures/turn-harness';
import type { TurnEngine, TurnEngineDeps } from './turn-engine';
import { createProcessSweeper, listTagged } from '../process-sweep';
import { SCRATCH_PREFIX } from './turn-scratch-dir';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

const keeping = (keep: Partial<NonNullable<TurnEngineDeps['keep']>> = {}): TurnEngine =>
  h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000, ...keep } });

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Live processes whose parent is `pid` (Linux /proc): what a turn could have left behind. */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === pid ? [Number(name)] : [];
    } catch {
      return [];
    }
  });
}

describe('kept CLI processes + real CLI + mock API', () => {
  it('the process that answered answers the next turn: one request each, no new spawn, same session', async () => {
    const e = keeping();
    const first = await runTurn(e, h.request('t1', 'Turn one'));
    expect(first.outcome.status).toBe('done');
    expect(h.spawned).toHaveLength(1);
    const pid = h.spawned[0]!;
    // After its result the turn is over, yet its CLI stays, waiting, with nothing of the turn around it.
    expect(e.idle.peek('t1')?.pid).toBe(pid);
    expect(alive(pid)).toBe(true);
    if (process.platform === 'linux') await expect.poll(() => childrenOf(pid), { timeout: 15_000 }).toEqual([]);

    mock.requests.length = 0;
    // Planned in memory and matched to the kept process: the turn makes no scratch dir of its own.
    const mkdtemp = vi.spyOn(fsp, 'mkdtemp');
    const second = await runTurn(e, h.request('t1', 'Turn two')).finally(() => mkdtemp.mockRestore());
    expect(mkdtemp.mock.calls.filter(([prefix]) => String(prefix).includes(SCRATCH_PREFIX))).toEqual([]);
    expect(second.outcome.status).toBe('done');
    expect(second.text).toBe('Hello from the mock API.');
    expect(h.spawned).toEqual([pid]);
    expect(mock.requests).toHaveLength(1);
    // The CLI kept the conversation in memory: turn two's request carries turn one (case 11c: 4 messages).
    expect(JSON.stringify(mock.requests[0]?.body.messages)).toContain('Turn one');
    const inits = [first, second].map((t) => t.events.find((ev) => ev.type === 'init'));
    expect(inits[1]?.type === 'init' && inits[1].sessionId).toBe(inits[0]?.type === 'init' && inits[0].sessionId);
    expect(e.idle.stats.reused).toBe(1);
  });

  it("a turn that answers while another thread's turn waits for a place keeps that thread's process", async () => {
    // One place, one kept process: thread a's process is kept; b answers while a's next turn waits behind it.
    const e = h.engine(
      { ...cli.env, CLAUDE_DESK_PREWARM: '0', CLAUDE_DESK_MAX_TURNS: '1' },
      { keep: { keep: 1, keepIdleMs: 600_000 } },
    );
    expect((await runTurn(e, h.request('a', 'A one'))).outcome.status).toBe('done');
    const aPid = e.idle.peek('a')?.pid;
    const b = runTurn(e, h.request('b', 'B one'));
    const a2 = runTurn(e, h.request('a', 'A two'));
    expect((await b).outcome.status).toBe('done');
    expect((await a2).outcome.status).toBe('done');
    // a's second turn ran on its kept process; b's process was not kept in its place.
    expect(h.spawned).toHaveLength(2);
    expect(e.idle.stats.reused).toBe(1);
    expect(e.idle.peek('a')?.pid).toBe(aPid);
  });

  it("each turn's context breakdown comes without a token-count API call, on a new process and a kept one", async () => {
    const e = keeping();
    const hitsBefore = mock.hits.length;
    const turns = [await runTurn(e, h.request('t1', 'Turn one')), await runTurn(e, h.request('t1', 'Turn two'))];
    expect(h.spawned).toHaveLength(1);
    for (const turn of turns) {
      const usage = turn.events.find((ev) => ev.type === 'context_usage');
      expect(usage?.type === 'context_usage' && usage.usage.categories.map((c) => c.name)).toEqual(
        expect.arrayContaining(['System prompt', 'Free space']),
      );
    }
    // The default ("full") breakdown made 26 of them for a new process (recorded case 37c).
    expect(mock.hits.slice(hitsBefore).filter((hit) => hit.includes('count_tokens'))).toEqual([]);
  });

  it('a model change is applied live on the kept process (set_model); a project-folder change discards it', async () => {
    const e = keeping();
    await runTurn(e, h.request('t1', 'Turn one'));
    const pid = h.spawned[0]!;

    const modelTurn = await runTurn(e, h.request('t1', 'Now another model', { settings: { model: 'mock-model-z' } }));
    expect(modelTurn.outcome.status).toBe('done');
    expect(h.spawned).toEqual([pid]);
    expect(mock.requests.at(-1)?.model).toBe('mock-model-z');

    const elsewhere = path.join(h.root, 'other-project');
    fs.mkdirSync(elsewhere);
    const moved = await runTurn(
      e,
      h.request('t1', 'In another folder', { settings: { model: 'mock-model-z', projectDir: elsewhere } }),
    );
    expect(moved.outcome.status).toBe('done');
    expect(h.spawned).toHaveLength(2); // a fresh CLI for the new folder
    expect(await waitGone(pid)).toBe(true);
    const fresh = h.spawned[1]!;
    expect(e.idle.peek('t1')?.pid).toBe(fresh); // and that one is kept in turn
    if (process.platform === 'linux') expect(fs.realpathSync(`/proc/${fresh}/cwd`)).toBe(fs.realpathSync(elsewhere));
  });

  it('closed after the idle time, on quit, and at most N are kept (least recently used goes)', async () => {
    const e = keeping({ keep: 1, keepIdleMs: 1_500 });
    await runTurn(e, h.request('a', 'Thread a'));
    const a = h.spawned[0]!;
    await runTurn(e, h.request('b', 'Thread b'));
    const b = h.spawned[1]!;
    // Looked at before anything that waits: b's idle clock (1.5 s) runs from its turn's end, and on a loaded machine
    // waiting for a to exit took longer than that, so b had already gone by the time it was peeked at.
    expect(e.idle.peek('b')?.pid).toBe(b);
    expect(await waitGone(a)).toBe(true); // the cap of one: a made room for b
    expect(await waitGone(b)).toBe(true); // unused for 1.5 s
    expect(e.idle.size).toBe(0);

    const quit = keeping();
    await runTurn(quit, h.request('c', 'Thread c'));
    const c = h.spawned[2]!;
    expect(alive(c)).toBe(true);
    await quit.stopAll();
    expect(alive(c)).toBe(false);
  });

  it.each([2, 0])(
    'keep %i: a command run in the background is stopped when the answer ends, and so is what a Bash call left behind',
    async (keep) => {
      const sweeper = createProcessSweeper();
      const e = h.engine(
        { ...cli.env, CLAUDE_DESK_PREWARM: '0', IS_SANDBOX: '1' },
        { sweeper, keep: { keep, keepIdleMs: 600_000 } },
      );
      const dir = fs.mkdtempSync(path.join(h.root, 'bg-'));
      const file = (name: string) => path.join(dir, name);
      // A shell that never ends by itself, and a process a foreground Bash leaves running with `&` (adopted by init).
      const loop = `echo $$ > ${file('loop.pid')}; while true; do echo tick >> ${file('ticks')}; sleep 0.2; done`;
      const orphan = `node -e "setTimeout(() => {}, 300000)" & echo $! > ${file('orphan.pid')}`;
      const steps = [
        { name: 'Bash', input: { command: loop, description: 'Tick in the background', run_in_background: true } },
        { name: 'Bash', input: { command: orphan, description: 'Leave a process behind' } },
      ];
      const fullAccess = { permissionMode: 'bypassPermissions' as const };
      const first = await runTurn(e, h.request('t1', `SCENARIO:steps ${JSON.stringify(steps)}`, fullAccess));
      expect(first.outcome.status).toBe('done');
      const pids = ['loop.pid', 'orphan.pid'].map((name) => Number(fs.readFileSync(file(name), 'utf8')));
      for (const pid of pids) expect(await waitGone(pid)).toBe(true);
      // Nothing carrying the turn's tag is left outside the CLI's own process group (its MCP servers live there).
      const cliPid = h.spawned[0]!;
      const strays = () => listTagged().filter((p) => p.tag.startsWith(`${sweeper.owner}.`) && p.pgid !== cliPid);
      if (process.platform === 'linux') await expect.poll(strays, { timeout: 15_000 }).toEqual([]);
      // The card says why the command is no longer running.
      const ended = first.events.find((ev) => ev.type === 'background_command' && ev.endedWithTurn);
      expect(ended).toMatchObject({ status: 'stopped', toolUseId: expect.any(String), taskId: expect.any(String) });
      const taskId = ended?.type === 'background_command' ? ended.taskId : '?';

      mock.requests.length = 0;
      const second = await runTurn(e, h.request('t1', 'Turn two', fullAccess));
      expect(second.outcome.status).toBe('done');
      expect(second.text).toBe('Hello from the mock API.');
      // The model is told what became of the command (its task id in the request).
      expect(JSON.stringify(mock.requests[0]?.body)).toContain(taskId);
      if (keep) {
        expect(h.spawned).toEqual([cliPid]); // the kept process answered it
      } else {
        expect(h.spawned).toHaveLength(2);
        expect(await waitGone(cliPid)).toBe(true);
      }
    },
  );

  it('a background command that ends while Claude still writes is reported in the same answer, not in the next turn', async () => {
    const e = h.engine(
      { ...cli.env, CLAUDE_DESK_PREWARM: '0', IS_SANDBOX: '1' },
      { keep: { keep: 2, keepIdleMs: 600_000 } },
    );
    // The answer after the call streams for ~3 s; the command ends after 1 s, so the CLI reports it in a turn it
    // starts by itself right after the result (recorded case 40f).
    mock.setResponder((req) =>
      req.toolResults[0]?.content.includes('running in background')
        ? { kind: 'text', chunks: Array.from({ length: 15 }, (_, i) => `w${i} `), delayMs: 200 }
        : undefined,
    );
    const steps = [
      { name: 'Bash', input: { command: 'sleep 1; echo bg-done', description: 'Soon', run_in_background: true } },
    ];
    const fullAccess = { permissionMode: 'bypassPermissions' as const };
    const first = await runTurn(e, h.request('t1', `SCENARIO:steps ${JSON.stringify(steps)}`, fullAccess));
    expect(first.outcome.status).toBe('done');
    expect(first.outcome.verdict?.result).toBe('Hello from the mock API.'); // the report's answer concludes it
    expect(first.text).toContain('w14 ');
    const second = await runTurn(e, h.request('t1', 'SCENARIO:thinking Turn two', fullAccess));
    expect(second.outcome.status).toBe('done');
    expect(second.text).toBe('Thought done.');
    expect(second.outcome.verdict?.result).toBe('Thought done.');
  });

  it('keep 0 or the power saver: every turn gets its own process, which ends with it', async () => {
    for (const e of [keeping({ keep: 0 }), keeping({ powerSaver: () => true })]) {
      const before = h.spawned.length;
      await runTurn(e, h.request('t', 'One'));
      await runTurn(e, h.request('t', 'Two'));
      expect(h.spawned.length - before).toBe(2);
      expect(e.idle.size).toBe(0);
      for (const pid of h.spawned.slice(before)) expect(alive(pid)).toBe(false);
      await e.stopAll();
    }
  });
});
