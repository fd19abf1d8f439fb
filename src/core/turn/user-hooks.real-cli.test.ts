/**
 * The user's own Claude Code hooks with the REAL CLI against the mock (recorded cases 44b, 44d): a UserPromptSubmit
 * hook from the scratch HOME's settings runs once per message — the file it appends to says so — and each turn
 * carries its "hook ran" line, next to Claude Desk's own before-tool gate.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RealCliEnv } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';
import type { TurnEvent } from '../../shared/turn-events';

let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ h, cli } = suite));

function writeUserHook(home: string): string {
  const log = path.join(home, 'hook-ran.log');
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  const command = `{ cat; echo; } >> "$HOME/hook-ran.log"`;
  const settings = { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command }] }] } };
  fs.writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify(settings, null, 2));
  return log;
}

const hookLines = (events: TurnEvent[]) =>
  events.flatMap((e) => (e.type === 'hook' && e.outcome ? [`${e.name} ${e.outcome}`] : []));

describe("the user's hooks + real CLI + mock API", () => {
  it('a UserPromptSubmit hook runs once per message, also in a kept process, and each turn says it ran', async () => {
    const log = writeUserHook(cli.home);
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const first = await runTurn(engine, h.request('t1', 'Hi', { toolGate: async () => undefined }));
    expect(first.outcome.status).toBe('done');
    expect(hookLines(first.events)).toEqual(['UserPromptSubmit ran']);
    const runs = () => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(runs()).toHaveLength(1);
    // The hook's input is the CLI's own: Claude Desk's gate does not change what the user's hook sees (case 44d).
    expect(JSON.parse(runs()[0]!)).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'Hi' });

    const second = await runTurn(engine, h.request('t1', 'Again', { toolGate: async () => undefined }));
    expect(second.outcome.status).toBe('done');
    expect(hookLines(second.events)).toEqual(['UserPromptSubmit ran']);
    expect(runs()).toHaveLength(2);
    expect(engine.idle.stats.reused).toBe(1);
  });

  it('a PreToolUse hook that blocks a Write: the turn says it blocked and why; it saw the call as the CLI has it', async () => {
    const log = path.join(cli.home, 'pre-tool.log');
    fs.mkdirSync(path.join(cli.home, '.claude'), { recursive: true });
    const command = `cat >> "$HOME/pre-tool.log"; echo "notes are frozen" >&2; exit 2`;
    const settings = { hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command }] }] } };
    fs.writeFileSync(path.join(cli.home, '.claude', 'settings.json'), JSON.stringify(settings));
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' });
    let gated = 0;
    const run = await runTurn(
      engine,
      h.request('t1', 'SCENARIO:write FILE:notes.md Write it.', {
        toolGate: async () => void gated++, // Claude Desk's own before-tool gate runs beside the user's hook
      }),
    );
    expect(run.outcome.status).toBe('done');
    const blocked = run.events.find((e) => e.type === 'hook' && e.outcome);
    expect(blocked).toMatchObject({
      name: 'PreToolUse:Write',
      outcome: 'blocked',
      exitCode: 2,
      message: 'notes are frozen',
    });
    expect(run.events.find((e) => e.type === 'tool_result')).toMatchObject({ isError: true });
    expect(fs.existsSync(path.join(h.workspaceDir, 'notes.md'))).toBe(false);
    expect(gated).toBeGreaterThanOrEqual(1);
    // Recorded case 44d: the hook's input is the CLI's own call, untouched by the gate.
    expect(JSON.parse(fs.readFileSync(log, 'utf8'))).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'Write',
      tool_input: { file_path: path.join(h.workspaceDir, 'notes.md'), content: 'hello from the tool\n' },
    });
  });
  it('a PreToolUse hook held by the tool bound: the turn names the hook and says the bound in seconds', async () => {
    fs.mkdirSync(path.join(cli.home, '.claude'), { recursive: true });
    const command = 'sleep 600';
    const settings = { hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command }] }] } };
    fs.writeFileSync(path.join(cli.home, '.claude', 'settings.json'), JSON.stringify(settings));
    const engine = h.engine({
      ...cli.env,
      CLAUDE_DESK_PREWARM: '0',
      CLAUDE_DESK_IDLE_TIMEOUT_MS: '8000',
      CLAUDE_DESK_TOOL_TIMEOUT_MS: '16000',
    });
    const run = await runTurn(
      engine,
      h.request('t1', 'SCENARIO:write FILE:notes.md Write it.', { toolGate: async () => undefined }),
    );
    expect(run.outcome.status).toBe('failed');
    expect(run.outcome.error?.message).toBe(
      'Your Claude Code hook PreToolUse:Write ran for 16 seconds without finishing (tool bound, CLAUDE_DESK_TOOL_TIMEOUT_MS=16000) and the turn was stopped.',
    );
    expect(run.outcome.error?.hint).toMatch(/Fix the hook in your Claude Code settings/);
  });
});
