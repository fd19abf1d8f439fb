/**
 * Interactive approval, Stop and live mode switches with the REAL Claude Code CLI against the mock API
 * (shapes from recorded cases 20–27). What a user would notice: allowed tools run, denied ones
 * tell the model why, "always" stops asking, a waiting card is not killed, Stop keeps the partial answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApprovalDecision, ApprovalRequest, TurnEvent } from '../../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../../shared/turn-reducer';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness } from '../../../test/fixtures/turn-harness';
import type { TurnEngine } from './turn-engine';
import type { Clock } from './turn-process';
import type { TurnHandle, TurnRequest } from './turn-request';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

/** The real clock, noting when each timer of `ms` ran: the idle bound's checks, seen from outside. */
function watchedClock(ms: number): { clock: Clock; ran: number[] } {
  const ran: number[] = [];
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (fn, delay) =>
      setTimeout(() => {
        fn();
        if (delay === ms) ran.push(Date.now());
      }, delay),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  return { clock, ran };
}

interface Live {
  handle: TurnHandle;
  events: TurnEvent[];
  /** Resolves with the next card that has not been returned yet. */
  nextCard(): Promise<ApprovalRequest>;
}

/** Start a turn whose prompts go to the user, as the app does; the test answers through its handle. */
function start(engine: TurnEngine, text: string, overrides: Partial<TurnRequest> = {}): Live {
  const req = h.request('t1', text, { permissionMode: 'ask', approvals: 'user', ...overrides });
  const events: TurnEvent[] = [];
  const handle = engine.run(req, (e) => events.push(e));
  let seen = 0;
  const nextCard = async (): Promise<ApprovalRequest> => {
    const cards = () => events.filter((e) => e.type === 'approval_request');
    await expect.poll(() => cards().length, { timeout: 30_000 }).toBeGreaterThan(seen);
    const card = cards()[seen++];
    if (card?.type !== 'approval_request') throw new Error('no card');
    return card.request;
  };
  return { handle, events, nextCard };
}

async function answerNext(live: Live, decision: ApprovalDecision): Promise<ApprovalRequest> {
  const card = await live.nextCard();
  expect(live.handle.answer(card.requestId, decision)).toBe(true);
  return card;
}

const count = (events: TurnEvent[], type: TurnEvent['type']) => events.filter((e) => e.type === type).length;
const writtenFile = () => path.join(h.workspaceDir, 'written-by-tool.txt');

describe('approvals with the real CLI', () => {
  it('allow once runs the Write; the card showed the path and content', async () => {
    const live = start(h.engine(cli.env), 'SCENARIO:write Please write the file.');
    const card = await answerNext(live, { behavior: 'allow', scope: 'once' });
    expect(card).toMatchObject({ toolName: 'Write', input: { content: 'hello from the tool\n' } });
    expect(String(card.input.file_path)).toBe(writtenFile());
    const outcome = await live.handle.done;
    expect(outcome.status).toBe('done');
    expect(fs.readFileSync(writtenFile(), 'utf8')).toBe('hello from the tool\n');
    expect(live.events).toContainEqual(expect.objectContaining({ type: 'approval_resolved', outcome: 'allowed' }));
  });

  it('allow with an edited content writes what the user typed (case 20e)', async () => {
    const live = start(h.engine(cli.env), 'SCENARIO:write Please write the file.');
    const card = await live.nextCard();
    live.handle.answer(card.requestId, {
      behavior: 'allow',
      scope: 'once',
      updatedInput: { ...card.input, content: 'edited by the user\n' },
    });
    expect((await live.handle.done).status).toBe('done');
    expect(fs.readFileSync(writtenFile(), 'utf8')).toBe('edited by the user\n');
    // The saved turn records what ran (the edit), with the model's proposal beside it.
    const message = live.events.reduce(applyTurnEvent, newAssistantMessage('t', 0));
    const tool = message.parts.find((p) => p.kind === 'tool');
    expect(tool).toMatchObject({
      input: { content: 'edited by the user\n' },
      proposedInput: { content: 'hello from the tool\n' },
    });
    expect(message.approvals?.[0]).toMatchObject({
      outcome: 'allowed',
      editedInput: { content: 'edited by the user\n' },
    });
  });

  it('deny with a reason: nothing is written and the model reads the reason', async () => {
    const live = start(h.engine(cli.env), 'SCENARIO:write Please write the file.');
    await answerNext(live, { behavior: 'deny', message: 'Not today, use notes.md instead' });
    const outcome = await live.handle.done;
    expect(outcome.status).toBe('done');
    expect(fs.existsSync(writtenFile())).toBe(false);
    const last = mock.requests.at(-1);
    expect(last?.toolResults[0]).toMatchObject({ content: 'Not today, use notes.md instead', is_error: true });
  });

  it('always allow: the same command in the next turn runs without a card (settings.local.json)', async () => {
    const engine = h.engine(cli.env);
    const prompt = 'SCENARIO:bash CMD[touch made-by-bash.txt] Make the file.';
    const first = start(engine, prompt);
    const card = await answerNext(first, { behavior: 'allow', scope: 'always' });
    expect(card).toMatchObject({ toolName: 'Bash', blockedPath: path.join(h.workspaceDir, 'made-by-bash.txt') });
    expect((await first.handle.done).status).toBe('done');
    expect(fs.existsSync(path.join(h.workspaceDir, 'made-by-bash.txt'))).toBe(true);
    const rules = JSON.parse(fs.readFileSync(path.join(h.workspaceDir, '.claude', 'settings.local.json'), 'utf8'));
    expect(rules.permissions.allow).toContain('Bash(touch made-by-bash.txt)');

    fs.rmSync(path.join(h.workspaceDir, 'made-by-bash.txt'));
    const second = start(engine, prompt);
    expect((await second.handle.done).status).toBe('done');
    expect(count(second.events, 'approval_request')).toBe(0);
    expect(fs.existsSync(path.join(h.workspaceDir, 'made-by-bash.txt'))).toBe(true);
  });

  it('an unanswered card is not killed by a short idle bound', async () => {
    // Long enough for a loaded machine's CLI start-up (silent too) to reach the card, short enough to pass.
    const watched = watchedClock(6000);
    // The tool bound too: a card comes with its tool_use, so the tool bound (30 min by default) would hide the pause.
    const bounds = { CLAUDE_DESK_IDLE_TIMEOUT_MS: '6000', CLAUDE_DESK_TOOL_TIMEOUT_MS: '6000' };
    const engine = h.engine({ ...cli.env, ...bounds }, { clock: watched.clock });
    const live = start(engine, 'SCENARIO:write Please write the file.');
    const card = await live.nextCard();
    // The CLI is silent while the card waits (case 23): wait until the idle check has run past the bound.
    const shown = Date.now();
    const pastBound = () => watched.ran.some((at) => at >= shown + 6000);
    await expect.poll(() => pastBound() || count(live.events, 'finished') > 0, { timeout: 60_000 }).toBe(true);
    expect(count(live.events, 'finished')).toBe(0);
    live.handle.answer(card.requestId, { behavior: 'allow', scope: 'once' });
    expect((await live.handle.done).status).toBe('done');
    expect(fs.existsSync(writtenFile())).toBe(true);
  });

  it('switching ask → acceptEdits mid-turn stops the next Write from asking (case 26)', async () => {
    const live = start(h.engine(cli.env), 'SCENARIO:write REPEAT:2 Write twice.');
    const card = await live.nextCard();
    await expect(live.handle.setPermissionMode('acceptEdits')).resolves.toMatchObject({
      ok: true,
      response: { mode: 'acceptEdits' },
    });
    live.handle.answer(card.requestId, { behavior: 'allow', scope: 'once' });
    expect((await live.handle.done).status).toBe('done');
    expect(count(live.events, 'approval_request')).toBe(1);
    expect(count(live.events, 'tool_result')).toBe(2);
  });

  it('Stop while a card waits withdraws it as cancelled and ends the turn as stopped (case 25c)', async () => {
    const live = start(h.engine(cli.env), 'SCENARIO:write Please write the file.');
    await live.nextCard();
    live.handle.stop();
    const outcome = await live.handle.done;
    expect(outcome.status).toBe('stopped');
    expect(live.events).toContainEqual(expect.objectContaining({ type: 'approval_resolved', outcome: 'cancelled' }));
    expect(fs.existsSync(writtenFile())).toBe(false);
  });
});

describe('Stop with the real CLI', () => {
  it('keeps the partial answer (interrupt, not a kill), and the next message in the thread works', async () => {
    const engine = h.engine(cli.env);
    const live = start(engine, 'SCENARIO:slow Talk slowly.', { permissionMode: 'acceptEdits' });
    await expect.poll(() => count(live.events, 'text_delta'), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    live.handle.stop();
    const outcome = await live.handle.done;
    expect(outcome.status).toBe('stopped');
    // The CLI answered the interrupt with its own result (case 25): proof it was not simply killed.
    expect(outcome.verdict).toMatchObject({ isError: true, terminalReason: 'aborted_streaming' });
    const message = live.events.reduce(applyTurnEvent, newAssistantMessage('x', 0));
    expect(message.status).toBe('stopped');
    expect(message.error).toBeUndefined();
    const shown = message.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    expect(shown).toMatch(/^w00 w01 w02 w03 w04 /);
    expect(shown).not.toContain('w49');

    const next = start(engine, 'SCENARIO:text Hi again', { permissionMode: 'acceptEdits' });
    expect((await next.handle.done).status).toBe('done');
    // The CLI kept the partial answer and told the model about the interruption (case 25b).
    const body = JSON.stringify(mock.requests.at(-1)?.body.messages);
    expect(body).toContain('w00 w01 w02 w03 w04');
    expect(body).toContain('[Request interrupted by user]');
  });
});
