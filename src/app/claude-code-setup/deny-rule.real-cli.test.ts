/**
 * A deny rule added on the Permissions page with the REAL CLI against the mock (recorded cases 47, 47c): the next
 * turn's Write of that file is refused by Claude Code itself, even though the thread's previous CLI process was kept
 * for it — the page's edit sends the kept process away, so the next turn starts one that reads the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RealCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';
import type { ThreadSummary } from '../../shared/threads';
import { wireClaudeCodeSetup } from './claude-code-setup-wiring';

let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ h, cli } = suite));

describe('a deny rule from the Permissions page + real CLI + mock API', () => {
  it('the next turn’s matching Write is refused by Claude Code, and the file is not written', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    fs.mkdirSync(h.workspaceDir, { recursive: true });
    const thread = { id: 't1', settings: { projectDir: h.workspaceDir } } as unknown as ThreadSummary;
    const setup = wireClaudeCodeSetup({
      env: cli.env,
      threads: { summary: (id) => (id === 't1' ? thread : undefined) },
      workspaceDir: h.workspaceDir,
      filesChanged: (reason) => engine.idle.discardAll(reason),
      launcher: { withEnv: async () => ({ file: realCliPath(), env: cli.env }) },
    });
    const file = path.join(h.workspaceDir, 'notes.md');
    const write = () =>
      h.request('t1', 'SCENARIO:write FILE:notes.md Write the notes.', { permissionMode: 'acceptEdits' });

    const first = await runTurn(engine, write());
    expect(first.outcome.status).toBe('done');
    expect(fs.readFileSync(file, 'utf8')).toBe('hello from the tool\n');
    expect(engine.idle.size).toBe(1); // the thread's process waits for its next turn
    fs.rmSync(file);

    // As the page sends it: a Write rule, which the page writes as the Edit rule that covers it (case 47c).
    const outcome = await setup.handlers.editPermissionRule({
      threadId: 't1',
      scope: 'local',
      list: 'deny',
      rule: 'Write(notes.md)',
      action: 'add',
    });
    const local = outcome.setup.settings.find((s) => s.scope === 'local')!;
    expect(local.rules).toEqual([{ list: 'deny', rule: 'Edit(notes.md)' }]);
    expect(outcome.takesEffect).toMatch(/next message/);

    const second = await runTurn(engine, write());
    const result = second.events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ isError: true });
    expect((result as { content: string }).content).toContain('denied by your permission settings');
    expect(fs.existsSync(file)).toBe(false);
  });
});
