import { describe, expect, it } from 'vitest';
import { parseInventory, pluginFailure } from './plugins';

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
});
