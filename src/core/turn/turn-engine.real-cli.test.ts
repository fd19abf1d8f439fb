/**
 * The turn engine driving the REAL Claude Code CLI (the pinned devDependency) against the mock
 * Messages API — what the user would see, end to end, offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/threads';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

const allText = (body: { messages?: { content: unknown }[] }): string => JSON.stringify(body.messages ?? []);

function findSessionFile(home: string, sessionId: string): string | undefined {
  const projects = path.join(home, '.claude', 'projects');
  for (const dir of fs.existsSync(projects) ? fs.readdirSync(projects) : []) {
    const f = path.join(projects, dir, `${sessionId}.jsonl`);
    if (fs.existsSync(f)) return f;
  }
  return undefined;
}

describe('TurnEngine + real CLI + mock API', () => {
  it('streams the answer exactly once; the second turn resumes and the API sees turn 1', async () => {
    const engine = h.engine(cli.env);
    const first = await runTurn(engine, h.request('t1', 'Say hello (turn one)'));
    expect(first.outcome.status).toBe('done');
    expect(first.text).toBe('Hello from the mock API.');
    expect(first.types.filter((t) => t === 'text')).toEqual([]); // streamed, not repeated
    expect(first.outcome.verdict).toMatchObject({ isError: false, numTurns: 1 });
    const init = first.events.find((e) => e.type === 'init');
    const sessionId = init?.type === 'init' ? init.sessionId : '';
    expect(JSON.parse(fs.readFileSync(h.sessionsFile, 'utf8'))).toEqual({ t1: sessionId });

    const second = await runTurn(engine, h.request('t1', 'And again (turn two)'));
    expect(second.outcome.status).toBe('done');
    const last = mock.requests.at(-1);
    expect(allText(last?.body)).toContain('Say hello (turn one)');
    expect(allText(last?.body)).toContain('Hello from the mock API.');
    expect(last?.headers['x-claude-code-session-id']).toBe(sessionId);

    // The CLI reports the session's running total; each verdict carries the turn's own share. A new engine
    // (a restarted app) reads the saved figure, so the third identical turn costs what the first did.
    const third = await runTurn(h.engine(cli.env), h.request('t1', 'And again (turn two)'));
    const costs = [first, second, third].map((r) => r.outcome.verdict?.costUsd ?? 0);
    expect(costs[0]).toBeGreaterThan(0);
    for (const c of costs) expect(Math.abs(c - costs[0]!) / costs[0]!).toBeLessThan(0.01);
    expect(third.outcome.verdict?.sessionCostUsd).toBeCloseTo(costs[0]! + costs[1]! + costs[2]!, 10);
    expect(JSON.parse(fs.readFileSync(h.sessionCostsFile, 'utf8'))).toEqual({
      [sessionId]: third.outcome.verdict?.sessionCostUsd,
    });
  });

  it('a lost CLI session falls back once to a fresh one with the transcript', async () => {
    const engine = h.engine(cli.env);
    const first = await runTurn(engine, h.request('t1', 'Remember the word PAPAYA'));
    expect(first.outcome.status).toBe('done');
    const oldSession = JSON.parse(fs.readFileSync(h.sessionsFile, 'utf8')).t1 as string;
    const file = findSessionFile(cli.home, oldSession);
    expect(file).toBeDefined();
    fs.rmSync(file ?? '');

    const earlier: ChatMessage[] = [
      { id: 'u1', role: 'user', createdAt: 1, text: 'Remember the word PAPAYA' },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: 2,
        status: 'done',
        parts: [{ kind: 'text', text: 'Hello from the mock API.' }],
      },
    ];
    const second = await runTurn(engine, h.request('t1', 'Which word?', { earlierMessages: async () => earlier }));
    expect(second.outcome.status).toBe('done');
    expect(second.types).toContain('warning');
    expect(second.types.filter((t) => t === 'result')).toHaveLength(1); // the failed resume is not shown
    const newSession = JSON.parse(fs.readFileSync(h.sessionsFile, 'utf8')).t1 as string;
    expect(newSession).not.toBe(oldSession);
    const last = mock.requests.at(-1);
    expect(last?.lastUserText).toContain('PAPAYA');
    expect(last?.lastUserText).toContain('Which word?');
    // The fresh session's total starts at 0: its first turn is not charged the lost session's figure.
    const v = second.outcome.verdict!;
    expect(v.sessionId).toBe(newSession);
    expect(v.costUsd).toBe(v.sessionCostUsd);
    expect(v.costUsd).toBeLessThan(first.outcome.verdict!.costUsd * 2);
  });

  it('not logged in (no key, fresh HOME) → auth_required', async () => {
    const env = { ...cli.env };
    delete env.ANTHROPIC_API_KEY;
    const r = await runTurn(h.engine(env), h.request('t', 'hi'));
    expect(r.outcome.status).toBe('failed');
    expect(r.outcome.error?.kind).toBe('auth_required');
    expect(r.text).toBe('');
    expect(mock.requests).toHaveLength(0);
  });

  it('API 401 → auth error at the first retry, not after the CLI’s ten', async () => {
    const r = await runTurn(h.engine(cli.env), h.request('t', 'SCENARIO:apierr401 hi'));
    expect(r.outcome.status).toBe('failed');
    expect(r.outcome.error?.kind).toBe('auth_required');
    expect(mock.requests.length).toBeLessThanOrEqual(2);
    expect(r.types.at(-1)).toBe('finished');
    // It names the credential that was refused, and the fix that works for it (the environment's key wins).
    expect(r.outcome.error).toMatchObject({ credential: 'env_api_key' });
    expect(r.outcome.error?.message).toContain('ANTHROPIC_API_KEY');
    expect(r.outcome.error?.hint).toMatch(/restart Claude Desk/);

    const { ANTHROPIC_API_KEY: _env, ...noEnvKey } = cli.env;
    const saved = await runTurn(
      h.engine(noEnvKey),
      h.request('t2', 'SCENARIO:apierr401 hi', { savedApiKey: 'sk-ant-saved-bad' }),
    );
    expect(saved.outcome.error).toMatchObject({ kind: 'auth_required', credential: 'saved_api_key' });
    expect(saved.outcome.error?.message).toBe('The Anthropic API rejected the API key saved in Settings (HTTP 401).');
  });

  it('an is_error verdict fails the turn with the CLI’s message', async () => {
    const r = await runTurn(
      h.engine(cli.env),
      h.request('t', 'hi', { settings: { model: 'claude-code:mock-404-model@0.2' } }),
    );
    expect(r.outcome.status).toBe('failed');
    expect(r.outcome.verdict?.isError).toBe(true);
    expect(r.outcome.error?.kind).toBe('cli_error');
    expect(r.outcome.error?.message.length).toBeGreaterThan(0);
    expect(mock.requests[0]?.model).toBe('mock-404-model'); // temperature kept, not sent
  });

  it.runIf(process.getuid?.() === 0)('full access as root without IS_SANDBOX → root_bypass', async () => {
    const r = await runTurn(h.engine(cli.env), h.request('t', 'hi', { permissionMode: 'bypassPermissions' }));
    expect(r.outcome.error?.kind).toBe('root_bypass');
    expect(r.outcome.error?.hint).toContain('IS_SANDBOX=1');
  });
});
