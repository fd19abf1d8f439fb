/**
 * "Allow for this session" outlives the process it was given to, with the REAL CLI against the mock API (recorded
 * case 55): a thread's kept process is ended between turns, and its next process — resuming the same Claude Code
 * session — runs the same calls without a card. Asserted through cards, files and pids, never timing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, TurnEvent } from '../../shared/turn-events';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, waitGone } from '../../../test/fixtures/turn-harness';
import type { TurnEngine } from './turn-engine';

let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ h, cli } = suite));

// Each turn: Bash `touch x`, then a Write of notes.md (a command rule and a file rule).
const CALLS = `SCENARIO:steps ${JSON.stringify([
  { name: 'Bash', input: { command: 'touch x', description: 'Touch x' } },
  { name: 'Write', input: { file_path: '$CWD/notes.md', content: 'hello\n' } },
])}`;

/** One turn whose cards are all answered "for this session"; the cards it showed. */
async function turn(engine: TurnEngine): Promise<{ cards: ApprovalRequest[]; events: TurnEvent[] }> {
  const events: TurnEvent[] = [];
  const cards: ApprovalRequest[] = [];
  const handle = engine.run(h.request('t1', CALLS, { permissionMode: 'ask', approvals: 'user' }), (e) => {
    events.push(e);
    if (e.type !== 'approval_request') return;
    cards.push(e.request);
    handle.answer(e.request.requestId, { behavior: 'allow', scope: 'session' });
  });
  expect((await handle.done).status).toBe('done');
  return { cards, events };
}

const toolErrors = (events: TurnEvent[]) =>
  events.filter((e) => e.type === 'tool_result' && e.isError).map((e) => e.type === 'tool_result' && e.content);

describe('rules allowed for this session, real CLI + mock API', () => {
  it('turn 2 on a new process resuming the session makes the same calls without a card', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const first = await turn(engine);
    // The CLI's own rule for `touch x` is the prefix `touch x *` (case 55); the file rule is the host's (case 47c).
    expect(first.cards.map((c) => c.offers?.session?.rules)).toEqual([['Bash(touch x *)'], ['Edit(notes.md)']]);
    expect(toolErrors(first.events)).toEqual([]);

    // The kept process ends as the idle limit ends it (the pool's own discard, which its timer calls).
    const pid = engine.idle.peek('t1')?.pid;
    expect(pid).toBeDefined();
    engine.idle.discard('t1', 'unused for too long');
    expect(await waitGone(pid!)).toBe(true);
    // A Write of a file this new process has not read would fail before any permission check: start clean.
    for (const f of ['x', 'notes.md']) fs.rmSync(path.join(h.workspaceDir, f));

    const second = await turn(engine);
    expect(second.cards).toEqual([]);
    expect(toolErrors(second.events)).toEqual([]);
    expect(fs.readFileSync(path.join(h.workspaceDir, 'notes.md'), 'utf8')).toBe('hello\n');
    expect(fs.existsSync(path.join(h.workspaceDir, 'x'))).toBe(true);
    expect(h.spawned).toHaveLength(2);
    const inits = [first, second].map((t) => t.events.find((e) => e.type === 'init'));
    expect(inits[1]?.type === 'init' && inits[1].sessionId).toBe(inits[0]?.type === 'init' && inits[0].sessionId);
    // Nothing of it reached a settings file: not the project's, not the user's.
    expect(fs.existsSync(path.join(h.workspaceDir, '.claude', 'settings.local.json'))).toBe(false);
    expect(fs.existsSync(path.join(cli.home, '.claude', 'settings.json'))).toBe(false);
  });

  it('a process pre-started for the next turn (warm, resuming the session) is told them when the turn takes it', async () => {
    const engine = h.engine(cli.env); // pre-warm on, nothing kept
    expect((await turn(engine)).cards).toHaveLength(2);
    for (const f of ['x', 'notes.md']) fs.rmSync(path.join(h.workspaceDir, f));
    // Started before the rules are known to matter, as the app pre-warms a thread the user is typing in.
    expect(await engine.idle.warm(h.request('t1', '', { permissionMode: 'ask', approvals: 'user' }))).toBe('warmed');
    const second = await turn(engine);
    expect(engine.idle.stats.reused).toBe(1);
    expect(second.cards).toEqual([]);
    expect(toolErrors(second.events)).toEqual([]);
    expect(h.spawned).toHaveLength(2);
  });
});
