/**
 * A thread's session continued in the terminal (`claude -p --resume`, as the README invites) between two window
 * turns: the window's next turn must answer from the conversation with the terminal's turn in it, not from what its
 * kept CLI process still holds (issue 45, case 6). The REAL CLI against the mock; asserted on the mock's requests.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/fixtures/mock-anthropic-api';
import { type RealCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';
import { SessionsStore } from '../store/sessions-store';

let mock: MockApi;
let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ mock, h, cli } = suite));

/** `claude -p --resume <session> <text>` in the thread's folder, as a user types it in a terminal. */
function terminalTurn(session: string, text: string, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Not execFileSync: the mock answers from this very process.
    const child = execFile(
      realCliPath(),
      ['-p', '--resume', session, text],
      { cwd, env: cli.env, encoding: 'utf8', timeout: 120_000 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
    child.stdin?.end(); // -p reads a piped stdin to its end first
  });
}

const conversationOf = (req: MockApi['requests'][number]) =>
  JSON.stringify((req.body as { messages?: unknown } | undefined)?.messages ?? []);

describe('a conversation that moved on in the terminal (real CLI, mock API)', () => {
  it('the kept process does not answer from before the terminal’s turn: the next turn resumes afresh', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const first = await runTurn(engine, h.request('t1', 'Window turn one'));
    expect(first.outcome.status).toBe('done');
    expect(engine.idle.peek('t1')).toBeDefined(); // kept for the next turn
    const session = (await new SessionsStore(h.sessionsFile).get('t1'))!;

    await terminalTurn(session, 'Terminal turn between', h.workspaceDir);

    mock.requests.length = 0;
    const second = await runTurn(engine, h.request('t1', 'Window turn two'));
    expect(second.outcome.status).toBe('done');
    const asked = mock.requests.map(conversationOf).find((c) => c.includes('Window turn two'));
    expect(asked).toBeDefined();
    // The conversation the answer came from holds all three, in order.
    expect(asked).toContain('Window turn one');
    expect(asked).toContain('Terminal turn between');
    expect(asked!.indexOf('Terminal turn between')).toBeLessThan(asked!.indexOf('Window turn two'));
  });
});
