/**
 * Tool processes and the turn, with the REAL Claude Code CLI running a real Bash tool (full access, as root
 * with IS_SANDBOX=1): a long tool is not silence, and no process of the turn survives it — checked by the
 * turn's process tag (process-sweep.ts), not by name.
 */
import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/turn-events';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness } from '../../../test/fixtures/turn-harness';
import { createProcessSweeper, listTagged } from '../process-sweep';

let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ h, cli } = suite));

const fullAccess = { permissionMode: 'bypassPermissions' as const };
const env = (extra: Record<string, string>) => ({ ...cli.env, IS_SANDBOX: '1', ...extra });

async function until(check: () => boolean, what: string, limitMs = 45_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(process.platform === 'linux')('tool processes of a turn (real CLI)', () => {
  it('a Bash tool that is quiet longer than the idle bound finishes, and the turn answers', async () => {
    // The idle bound also covers the CLI's start-up, which takes seconds on a loaded machine: 8 s, and a
    // tool quiet for 2.5 times that.
    const engine = h.engine(env({ CLAUDE_DESK_IDLE_TIMEOUT_MS: '8000' }));
    const events: TurnEvent[] = [];
    const cmd = 'node -e "setTimeout(() => console.log(\'slept-ok\'), 20000)"';
    const outcome = await engine.run(h.request('t', `SCENARIO:bash CMD[${cmd}] Wait.`, fullAccess), (e) =>
      events.push(e),
    ).done;
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe('done');
    const call = events.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ name: 'Bash', startedAt: expect.any(Number) });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool_result', content: expect.stringContaining('slept-ok') }),
    );
  });

  it.each([
    ['Stop', {}],
    ['the tool bound', { CLAUDE_DESK_IDLE_TIMEOUT_MS: '8000', CLAUDE_DESK_TOOL_TIMEOUT_MS: '16000' }],
  ])("after %s during a Bash tool, no process carrying the turn's tag is left", async (how, extra) => {
    const sweeper = createProcessSweeper();
    const mine = () => listTagged().filter((p) => p.tag.startsWith(`${sweeper.owner}.`));
    const engine = h.engine(env(extra), { sweeper });
    const events: TurnEvent[] = [];
    // Not `sleep 300`: Claude Code 2.1.328 refuses a long bare sleep in Bash at once (it suggests a
    // background task), so a quiet node process stands in for a long build.
    const cmd = 'node -e "setTimeout(() => {}, 300000)"';
    const handle = engine.run(h.request('t', `SCENARIO:bash CMD[${cmd}] Wait long.`, fullAccess), (e) =>
      events.push(e),
    );
    // The tool's shell and its sleep carry the tag too: that is what finds them once the CLI is gone.
    await until(() => events.some((e) => e.type === 'tool_call') && mine().length >= 2, 'the Bash tool to run');
    if (how === 'Stop') handle.stop();
    const outcome = await handle.done;
    expect(outcome.status).toBe(how === 'Stop' ? 'stopped' : 'failed');
    if (how !== 'Stop') expect(outcome.error?.message).toMatch(/A tool ran for/);
    expect(mine()).toEqual([]);
  });
});
