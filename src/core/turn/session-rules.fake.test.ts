import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision, TurnEvent } from '../../shared/turn-events';
import { type Harness, createHarness } from '../../../test/fixtures/turn-harness';
import type { TurnEngine } from './turn-engine';
import type { TurnRequest } from './turn-request';
import { SessionsStore } from '../store/sessions-store';
import { RULES_REFUSED } from './run-attempt';

let h: Harness;
beforeEach(() => {
  h = createHarness();
});
afterEach(() => h.cleanup());

type Line = { type?: string; request?: { subtype?: string; settings?: unknown } };

/** One turn on the fake in `ask` mode: its Bash prompt is answered with `decision` as soon as it shows. */
async function askedTurn(
  engine: TurnEngine,
  threadId: string,
  decision: ApprovalDecision,
  overrides: Partial<TurnRequest> = {},
  events: TurnEvent[] = [],
): Promise<void> {
  const req = h.request(threadId, 'touch x please', { permissionMode: 'ask', approvals: 'user', ...overrides });
  const handle = engine.run(req, (e: TurnEvent) => {
    events.push(e);
    if (e.type === 'approval_request') handle.answer(e.request.requestId, decision);
  });
  expect((await handle.done).status).toBe('done');
}

/** What the host wrote to each process, split at each process's first line (the tool gate's initialize). */
function stdinByProcess(file: string): Line[][] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
  const processes: Line[][] = [];
  for (const line of lines) {
    if (line.request?.subtype === 'initialize') processes.push([]);
    processes.at(-1)?.push(line);
  }
  return processes;
}

const kinds = (lines: Line[]) => lines.map((l) => l.request?.subtype ?? l.type);

describe('rules allowed for this session outlive the process they were given to (case 55)', () => {
  it("a kept process ended between turns: the session's next process is told them before the message", async () => {
    const stdinFile = path.join(h.root, 'stdin.jsonl');
    const engine = h.engine(
      { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'ask', FAKE_CLAUDE_STDIN_FILE: stdinFile },
      { keep: { keep: 2, keepIdleMs: 600_000 } },
    );
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'session' });
    expect(engine.idle.peek('t1')).toBeDefined();
    engine.idle.discard('t1', 'ended as the idle limit ends it');
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'once' });
    // Another thread (its own session) is told nothing.
    await askedTurn(engine, 't2', { behavior: 'allow', scope: 'once' });

    const [first, second, other] = stdinByProcess(stdinFile);
    expect(kinds(first ?? [])).not.toContain('apply_flag_settings');
    expect(kinds(second ?? []).slice(0, 3)).toEqual(['initialize', 'apply_flag_settings', 'user']);
    expect(second?.[1]?.request?.settings).toEqual({ permissions: { allow: ['Bash(touch x)'] } });
    expect(kinds(other ?? [])).not.toContain('apply_flag_settings');
    expect(h.spawned).toHaveLength(3);
  });

  it('a thread forked at a rewind keeps them in its new session; one that starts a new session does not', async () => {
    const stdinFile = path.join(h.root, 'stdin.jsonl');
    const sessions = new SessionsStore(h.sessionsFile);
    const env = { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'ask', FAKE_CLAUDE_STDIN_FILE: stdinFile };
    const engine = h.engine(env, { sessions });
    // The store's own answer, not its file: the session is saved without the turn waiting for the write.
    const sessionOf = async () => (await sessions.get('t1'))!;
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'session' });
    const first = await sessionOf();
    // Rewound: the next turn resumes the session they were allowed in, forked into a new one.
    await askedTurn(
      engine,
      't1',
      { behavior: 'allow', scope: 'once' },
      { forkAt: { sessionId: first, resumeAt: 'u1' } },
    );
    const forked = await sessionOf();
    expect(forked).not.toBe(first);
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'once' });
    const [, resumedToFork, resumedFork] = stdinByProcess(stdinFile);
    for (const lines of [resumedToFork, resumedFork])
      expect(lines?.find((l) => l.request?.subtype === 'apply_flag_settings')?.request?.settings).toEqual({
        permissions: { allow: ['Bash(touch x)'] },
      });
    expect(engine.sessionRules.rulesFor(forked)).toEqual(['Bash(touch x)']);

    // Rewound to the very start, the thread begins a new session: nothing is carried into it.
    await sessions.delete('t1');
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'once' });
    expect(kinds(stdinByProcess(stdinFile).at(-1) ?? [])).not.toContain('apply_flag_settings');
  });

  it('a process that refuses them says so on the turn: the user may be asked again', async () => {
    const env = { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'ask', FAKE_CLAUDE_REFUSE_FLAGS: '1' };
    const engine = h.engine(env);
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'session' });
    const events: TurnEvent[] = [];
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'once' }, {}, events);
    expect(events).toContainEqual(expect.objectContaining({ type: 'warning', message: RULES_REFUSED }));
  });

  it('allowed once or always: a new process is told nothing (always is in the settings file already)', async () => {
    const stdinFile = path.join(h.root, 'stdin.jsonl');
    const sessions = new SessionsStore(h.sessionsFile);
    const env = { PATH: process.env.PATH, FAKE_CLAUDE_MODE: 'ask', FAKE_CLAUDE_STDIN_FILE: stdinFile };
    const engine = h.engine(env, { sessions });
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'once' });
    await askedTurn(engine, 't1', { behavior: 'allow', scope: 'always' });
    await askedTurn(engine, 't1', { behavior: 'deny' });
    expect(stdinByProcess(stdinFile).flatMap(kinds)).not.toContain('apply_flag_settings');
    expect(engine.sessionRules.rulesFor((await sessions.get('t1'))!)).toEqual([]);
  });
});
