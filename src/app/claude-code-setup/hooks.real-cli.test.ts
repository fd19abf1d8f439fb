/**
 * The Hooks page's edits and the Permission rules page's "in effect" marks with the REAL CLI against the mock: a hook
 * added through the page's calls runs on the next message (the file it appends to shows it), switched off it does not
 * run, switched on it runs again — each time although the thread's previous process was kept for it (recorded cases
 * 44, 48b, 52b); and `get_settings` asked in the project says which rules are in force, with its cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RealCliEnv, realCliPath } from '../../../test/fixtures/real-cli';
import { useRealCliSuite } from '../../../test/fixtures/real-cli-suite';
import { type Harness, runTurn } from '../../../test/fixtures/turn-harness';
import { OFF_HOOKS_KEY } from '../../shared/claude-code-setup';
import type { ThreadSummary } from '../../shared/threads';
import { wireClaudeCodeSetup } from './claude-code-setup-wiring';

let h: Harness;
let cli: RealCliEnv;
useRealCliSuite((suite) => void ({ h, cli } = suite));

function setupFor(engine?: { idle: { discardAll(reason: string): void } }) {
  fs.mkdirSync(h.workspaceDir, { recursive: true });
  const thread = { id: 't1', settings: { projectDir: h.workspaceDir } } as unknown as ThreadSummary;
  const wired = wireClaudeCodeSetup({
    env: cli.env,
    threads: { summary: (id) => (id === 't1' ? thread : undefined) },
    workspaceDir: h.workspaceDir,
    filesChanged: (reason) => engine?.idle.discardAll(reason),
    launcher: { withEnv: async () => ({ file: realCliPath(), env: cli.env }) },
  });
  return { ...wired.handlers, close: wired.close };
}

describe('a hook from the Hooks page + real CLI + mock API', () => {
  it('added, it runs on the next message; switched off, it does not; switched on, it runs again', async () => {
    const engine = h.engine({ ...cli.env, CLAUDE_DESK_PREWARM: '0' }, { keep: { keep: 2, keepIdleMs: 600_000 } });
    const setup = setupFor(engine);
    const log = path.join(cli.home, 'hook-ran.log');
    const runs = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
    const hi = async () => expect((await runTurn(engine, h.request('t1', 'Hi'))).outcome.status).toBe('done');

    await hi(); // a process is kept for the thread's next turn, started before the hook existed
    expect(engine.idle.size).toBe(1);
    const command = 'echo "$(date +%s%N)" >> "$HOME/hook-ran.log"';
    const added = await setup.addHook({ threadId: 't1', scope: 'user', hook: { event: 'UserPromptSubmit', command } });
    expect(added.takesEffect).toMatch(/next message/);
    const hook = { event: 'UserPromptSubmit', command, off: false };
    expect(added.setup.settings.find((s) => s.scope === 'user')!.hooks).toEqual([
      { event: 'UserPromptSubmit', type: 'command', command },
    ]);
    await hi();
    expect(runs()).toBe(1);

    const off = await setup.setHookOff({ threadId: 't1', scope: 'user', hook, off: true });
    expect(off.setup.settings.find((s) => s.scope === 'user')!.hooks[0]).toMatchObject({ command, off: true });
    const file = JSON.parse(fs.readFileSync(path.join(cli.home, '.claude/settings.json'), 'utf8'));
    expect(file[OFF_HOOKS_KEY]).toEqual([{ event: 'UserPromptSubmit', hook: { type: 'command', command } }]);
    await hi();
    expect(runs()).toBe(1);

    await setup.setHookOff({ threadId: 't1', scope: 'user', hook: { ...hook, off: true }, off: false });
    await hi();
    expect(runs()).toBe(2);
  });
});

describe('what Claude Code reports in force, asked in the project', () => {
  it('names the rules of each file it read and the file it could not, in one short-lived process', async () => {
    const setup = setupFor();
    const claudeDir = path.join(h.workspaceDir, '.claude');
    fs.mkdirSync(claudeDir, { recursive: true });
    fs.writeFileSync(path.join(claudeDir, 'settings.json'), '{ "permissions": ');
    fs.writeFileSync(path.join(claudeDir, 'settings.local.json'), '{"permissions":{"deny":["Edit(notes.md)"]}}\n');
    const view = await setup.getEffectiveSettings({ threadId: 't1' });
    expect(view.rules.deny).toEqual(['Edit(notes.md)']);
    expect(view.sources.map((s) => s.scope)).toEqual(['local']);
    expect(view.errors).toEqual([
      { path: path.join(claudeDir, 'settings.json'), message: 'Invalid or malformed JSON' },
    ]);
    console.log(`get_settings probe: ${view.ms} ms`);
    expect(view.ms).toBeGreaterThan(0);
    // Asked again with the files unchanged: the same answer, no second process.
    expect(await setup.getEffectiveSettings({ threadId: 't1' })).toBe(view);
    await setup.close(); // the probe has ended before its HOME is removed
  });
});
