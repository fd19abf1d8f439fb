import { describe, expect, it } from 'vitest';
import { DISALLOWED_TOOLS, buildTurnArgs, parseModelRouting } from './build-turn-args';
import { buildChildEnv } from '../claude-code-wire/child-env';

const base = { sessionId: '11111111-2222-4333-8444-555555555555', projectDir: '/p' };
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('buildTurnArgs', () => {
  it('first turn: stream-json both ways, --session-id, acceptEdits with the disallowed list and the stdio prompt tool', () => {
    const args = buildTurnArgs({ ...base, resume: false, permissionMode: 'acceptEdits' });
    expect(args.slice(0, 7)).toEqual([
      '-p',
      '--input-format',
      'stream-json',
      '--output-format',
      'stream-json',
      '--verbose',
      '--include-partial-messages',
    ]);
    expect(after(args, '--add-dir')).toBe('/p');
    // The user's hooks say they ran (recorded case 44b: without it no hook line at all).
    expect(args).toContain('--include-hook-events');
    expect(after(args, '--session-id')).toBe(base.sessionId);
    expect(args).not.toContain('--resume');
    expect(after(args, '--permission-mode')).toBe('acceptEdits');
    expect(after(args, '--disallowedTools')).toBe(DISALLOWED_TOOLS.join(','));
    expect(after(args, '--permission-prompt-tool')).toBe('stdio');
    expect(args).not.toContain('--mcp-config');
    expect(args).not.toContain('--model');
  });

  it('later turn: --resume; model, MCP config file and system prompt file when given', () => {
    const args = buildTurnArgs({
      ...base,
      resume: true,
      permissionMode: 'acceptEdits',
      model: 'claude-sonnet-4-5',
      mcpConfigPath: '/s/mcp-config.json',
      appendSystemPromptPath: '/s/append-system-prompt.txt',
    });
    expect(after(args, '--resume')).toBe(base.sessionId);
    expect(after(args, '--model')).toBe('claude-sonnet-4-5');
    expect(after(args, '--mcp-config')).toBe('/s/mcp-config.json');
    expect(args).toContain('--strict-mcp-config');
    expect(after(args, '--allowedTools')).toBe('mcp__desk');
    expect(after(args, '--append-system-prompt-file')).toBe('/s/append-system-prompt.txt');
  });

  it("Claude Desk's server in initialize (case 59): --await-initialize, no file, strict unless the user's servers join", () => {
    const args = buildTurnArgs({ ...base, resume: false, permissionMode: 'acceptEdits', mcpInInitialize: true });
    expect(args).toContain('--await-initialize');
    expect(args).not.toContain('--mcp-config');
    expect(args).toContain('--strict-mcp-config');
    expect(after(args, '--allowedTools')).toBe('mcp__desk');
    const joined = buildTurnArgs({
      ...base,
      resume: false,
      permissionMode: 'ask',
      mcpInInitialize: true,
      includeUserMcpServers: true,
    });
    expect(joined).toContain('--await-initialize');
    expect(joined).not.toContain('--strict-mcp-config');
    expect(after(joined, '--allowedTools')).toBe('mcp__desk');
  });

  it("the user's own MCP servers: no --strict-mcp-config, Claude Desk's server still allowed (case 34b)", () => {
    const args = buildTurnArgs({
      ...base,
      resume: false,
      permissionMode: 'acceptEdits',
      mcpConfigPath: '/s/m.json',
      includeUserMcpServers: true,
    });
    expect(args).not.toContain('--strict-mcp-config');
    expect(after(args, '--mcp-config')).toBe('/s/m.json');
    expect(after(args, '--allowedTools')).toBe('mcp__desk');
  });

  it("a user's server turned off in the thread: its tools are disallowed (case 34e), Claude Desk's never", () => {
    const off = { ...base, resume: false, mcpConfigPath: '/s/m.json', includeUserMcpServers: true };
    const edits = buildTurnArgs({ ...off, permissionMode: 'acceptEdits', disabledMcpServers: ['my-tools', 'desk'] });
    expect(edits.filter((a) => a === '--disallowedTools')).toHaveLength(1);
    expect(after(edits, '--disallowedTools')).toBe('Bash,BashOutput,KillShell,WebFetch,WebSearch,Task,mcp__my-tools');
    const full = buildTurnArgs({ ...off, permissionMode: 'bypassPermissions', disabledMcpServers: ['my-tools'] });
    expect(after(full, '--disallowedTools')).toBe('mcp__my-tools');
    // With the user's servers left out altogether (strict), there is nothing to turn off.
    const strict = buildTurnArgs({
      ...off,
      includeUserMcpServers: false,
      permissionMode: 'ask',
      disabledMcpServers: ['x'],
    });
    expect(strict).not.toContain('--disallowedTools');
  });

  it('full access: bypassPermissions and nothing disallowed', () => {
    const args = buildTurnArgs({ ...base, resume: false, permissionMode: 'bypassPermissions' });
    expect(after(args, '--permission-mode')).toBe('bypassPermissions');
    expect(args).not.toContain('--disallowedTools');
  });

  it('ask: default mode with the stdio prompt tool, shell not withheld', () => {
    const args = buildTurnArgs({ ...base, resume: false, permissionMode: 'ask' });
    expect(after(args, '--permission-mode')).toBe('default');
    expect(after(args, '--permission-prompt-tool')).toBe('stdio');
    expect(args).not.toContain('--disallowedTools');
  });
});

describe('parseModelRouting', () => {
  it.each([
    ['claude-code:claude-sonnet-4-5', { model: 'claude-sonnet-4-5', temperature: undefined }],
    ['claude-code:claude-sonnet-4-5@0.7', { model: 'claude-sonnet-4-5', temperature: 0.7 }],
    ['opus@1', { model: 'opus', temperature: 1 }],
    ['claude-code:default', { model: undefined, temperature: undefined }],
    ['', { model: undefined, temperature: undefined }],
    [undefined, { model: undefined, temperature: undefined }],
    ['weird@name', { model: 'weird@name', temperature: undefined }],
  ])('%s', (input, expected) => {
    expect(parseModelRouting(input)).toEqual(expected);
  });
});

describe('buildChildEnv', () => {
  it('prefers ANTHROPIC_API_KEY from the environment over the saved key', () => {
    expect(buildChildEnv({ baseEnv: { ANTHROPIC_API_KEY: 'env-key' }, savedApiKey: 'saved' }).ANTHROPIC_API_KEY).toBe(
      'env-key',
    );
  });
  it('uses the saved key when the environment has none', () => {
    expect(buildChildEnv({ baseEnv: { ANTHROPIC_API_KEY: '' }, savedApiKey: 'saved' }).ANTHROPIC_API_KEY).toBe('saved');
  });
  it('removes the variable when there is no key, so the CLI uses its own login', () => {
    const env = buildChildEnv({ baseEnv: { ANTHROPIC_API_KEY: ' ' } });
    expect('ANTHROPIC_API_KEY' in env).toBe(false);
  });
  it('gives the child the PATH discovery chose, and never sets IS_SANDBOX', () => {
    const env = buildChildEnv({
      baseEnv: { PATH: '/usr/bin:/a' },
      pathEnv: '/opt/claude:/usr/bin:/a',
      platform: 'linux',
    });
    expect(env.PATH).toBe('/opt/claude:/usr/bin:/a');
    expect(env.IS_SANDBOX).toBeUndefined();
    expect(buildChildEnv({ baseEnv: { PATH: '/usr/bin' }, platform: 'linux' }).PATH).toBe('/usr/bin');
  });
  it('on Windows sets the Path key that is there, not a second one', () => {
    const env = buildChildEnv({
      baseEnv: { Path: 'C:\\Windows' },
      pathEnv: 'C:\\claude;C:\\Windows',
      platform: 'win32',
    });
    expect(env).toMatchObject({ Path: 'C:\\claude;C:\\Windows' });
    expect('PATH' in env).toBe(false);
  });
  it('does not modify the environment it was given', () => {
    const baseEnv = { ANTHROPIC_API_KEY: 'k', CLAUDECODE: '1' };
    buildChildEnv({ baseEnv });
    expect(baseEnv).toEqual({ ANTHROPIC_API_KEY: 'k', CLAUDECODE: '1' });
  });
});
