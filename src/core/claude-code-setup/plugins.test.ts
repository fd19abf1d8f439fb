import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { RECORDED_DIR } from '../../../test/fixtures/recorded-cases';
import { listPlugins, parseDescription, parseInventory, pluginFailure } from './plugins';

describe('plugin answers (recorded case 49)', () => {
  it('what a plugin adds, from `plugin details`: kinds with something in them', () => {
    const text =
      'hello 1.0.0\n  Description: Says hello\n\nComponent inventory\n  Skills (1)  hello\n  Agents (1)  greeter\n  Hooks (1)  UserPromptSubmit  (harness-only — no model context cost)\n  MCP servers (0)\n  LSP servers (0)\n\nProjected token cost\n';
    expect(parseInventory(text)).toEqual([
      'Skills (1): hello',
      'Agents (1): greeter',
      'Hooks (1): UserPromptSubmit · (harness-only — no model context cost)',
    ]);
  });

  it('a failure is Claude Code’s own ✘ line, as one sentence', () => {
    const err = pluginFailure('Could not install x@y', {
      exitCode: 1,
      stdout: 'Installing plugin "x@y"...\n',
      stderr: '✘ Failed to install plugin "x@y": Anthropic Directory is unavailable: it could not be reached\n',
    });
    expect(err.message).toBe(
      'Could not install x@y: Failed to install plugin "x@y": Anthropic Directory is unavailable: it could not be reached',
    );
  });

  it('built-in plugins (case 64): shown as part of Claude Code, with their name, summary and description, never "unknown"', async () => {
    const recorded = JSON.parse(fs.readFileSync(path.join(RECORDED_DIR, '64-builtin-plugins.json'), 'utf8')) as {
      steps: { after_exit: { list: { stdout: string }; details: { args: string[]; stdout: string }[] } }[];
    };
    const { list, details } = recorded.steps[0]!.after_exit;
    const plugins = await listPlugins(async (args) => {
      if (args[1] === 'list') return { exitCode: 0, stdout: list.stdout, stderr: '' };
      const d = details.find((x) => x.args[2] === args[2]);
      return d ? { exitCode: 0, stdout: d.stdout, stderr: '' } : { exitCode: 1, stdout: '', stderr: 'no such' };
    });
    expect(plugins.map((p) => p.id)).toEqual([
      'cc-plugin-agents-md@builtin',
      'cc-plugin-plugin-authoring@builtin',
      'cc-plugin-privacy@builtin',
      'cc-plugin-verbs@builtin',
    ]);
    expect(plugins.every((p) => p.builtIn === true && p.version === undefined && p.enabled)).toBe(true);
    expect(plugins[1]).toMatchObject({
      displayName: 'Plugin authoring',
      summary: 'How to write and debug plugins',
      description: expect.stringMatching(/^Plugin authoring: Claude knows how a plugin/),
      adds: ['Skills (1): plugin-authoring'],
    });
    expect(parseDescription('x\n  Description: Says hello\n')).toBe('Says hello');
  });

  it('an installed plugin keeps its version and is not built in', async () => {
    const stdout = JSON.stringify([{ id: 'hello@desk-local', version: '1.0.0', scope: 'user', enabled: true }]);
    const plugins = await listPlugins(async (args) =>
      args[1] === 'list' ? { exitCode: 0, stdout, stderr: '' } : { exitCode: 1, stdout: '', stderr: '' },
    );
    expect(plugins).toEqual([{ id: 'hello@desk-local', enabled: true, scope: 'user', version: '1.0.0', adds: [] }]);
  });
});
