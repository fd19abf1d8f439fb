import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDED_DIR } from '../../../test/fixtures/recorded-cases';
import type { RunOutput, RunToEndOptions } from '../../core/process-runner';
import { AGENTS_FRESH_MS, ClaudeAgents } from './claude-agents';

const recorded = (
  JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '50-agents-bg.json'), 'utf8')) as {
    steps: { step: string; stdout: string }[];
  }
).steps.find((s) => s.step === 'agents-json-one')!.stdout;

const output = (over: Partial<RunOutput>): RunOutput => ({
  exitCode: 0,
  signal: undefined,
  stdout: Buffer.alloc(0),
  stderr: Buffer.alloc(0),
  timedOut: false,
  ...over,
});

function harness(answer: () => RunOutput, ready = true) {
  let now = 0;
  const runs: { file: string; args: readonly string[]; options: RunToEndOptions }[] = [];
  const agents = new ClaudeAgents({
    launcher: {
      withEnv: async () => {
        if (!ready) throw new Error('not installed');
        return { file: '/bin/claude', env: { PATH: '/bin', HOME: '/home/u' } };
      },
    },
    run: async (file, args, options) => {
      runs.push({ file, args, options });
      return answer();
    },
    cwd: '/data/workspace',
    now: () => now,
  });
  return { agents, runs, tick: (ms: number) => (now += ms) };
}

describe('ClaudeAgents', () => {
  it('runs `claude agents --json` with the launch settings, bounded in time, and reads its sessions', async () => {
    const h = harness(() => output({ stdout: Buffer.from(recorded) }));
    const answer = await h.agents.list();
    expect(answer).toEqual({ ok: true, agents: [expect.objectContaining({ id: 'c4d0950c', state: 'working' })] });
    expect(h.runs[0]).toMatchObject({
      file: '/bin/claude',
      args: ['agents', '--json'],
      options: { cwd: '/data/workspace', env: { HOME: '/home/u' }, ownGroup: true },
    });
    expect(h.runs[0]!.options.timeoutMs).toBeGreaterThan(0);
  });

  it('asks once for boards that ask together or again within a few seconds', async () => {
    const h = harness(() => output({ stdout: Buffer.from('[]') }));
    await Promise.all([h.agents.list(), h.agents.list()]);
    h.tick(AGENTS_FRESH_MS - 1);
    await h.agents.list();
    expect(h.runs).toHaveLength(1);
    h.tick(1);
    await h.agents.list();
    expect(h.runs).toHaveLength(2);
  });

  it('fails soft, with a sentence, when the CLI is not ready, too slow, fails or prints no list', async () => {
    const cases: [ReturnType<typeof harness>, RegExp][] = [
      [harness(() => output({}), false), /Claude Code is not ready.*Settings/],
      [harness(() => output({ exitCode: undefined, signal: 'SIGKILL', timedOut: true })), /took longer than 5 s/],
      [harness(() => output({ exitCode: 1 })), /could not list its sessions .*exited with 1/],
      [harness(() => output({ exitCode: undefined, spawnError: 'ENOENT' })), /did not start: ENOENT/],
      [harness(() => output({ stdout: Buffer.from('Usage: claude') })), /something other than a list/],
    ];
    for (const [h, sentence] of cases) {
      const answer = await h.agents.list();
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.reason).toMatch(sentence);
    }
  });

  it('asks afresh for a discard, and keeps the sessions that have no short id (case 54)', async () => {
    const streamJson = '[{"pid":7,"cwd":"/r/.claude/worktrees/a","kind":"interactive","sessionId":"s-1","name":"a-1"}]';
    const h = harness(() => output({ stdout: Buffer.from(streamJson) }));
    expect(await h.agents.list()).toEqual({ ok: true, agents: [] }); // the board lists only what it can open
    expect(await h.agents.sessions()).toEqual({
      ok: true,
      sessions: [{ cwd: '/r/.claude/worktrees/a', kind: 'interactive', name: 'a-1', sessionId: 's-1', pid: 7 }],
    });
    await h.agents.sessions();
    expect(h.runs).toHaveLength(3); // no shared answer: a discard must not act on one seconds old
  });
});
