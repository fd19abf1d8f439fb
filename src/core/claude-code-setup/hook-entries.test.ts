import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFF_HOOKS_KEY, type HookEvent } from '../../shared/claude-code-setup';
import { readClaudeCodeSetup } from './read-setup';
import { addHook, removeHook, setHookOff } from './settings-files';
import { type SetupRoots, setupRoots } from './setup-paths';

let root: string;
let roots: SetupRoots;
let file: string;
const text = () => fs.readFileSync(file, 'utf8');
const json = () => JSON.parse(text()) as Record<string, unknown>;
const userHooks = async () => (await readClaudeCodeSetup(roots)).settings.find((s) => s.scope === 'user')!.hooks;

const BLOCK = { type: 'command', command: 'echo frozen >&2; exit 2', timeout: 5 };
const ORIGINAL = {
  model: 'haiku',
  hooks: {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo hi >> log' }] }],
    PreToolUse: [{ matcher: 'Write', hooks: [BLOCK] }],
  },
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hooks-'));
  roots = setupRoots({}, path.join(root, 'home'), path.join(root, 'proj'));
  file = path.join(root, 'home/.claude/settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(ORIGINAL, null, 4)}\n`);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** Recorded case 52: Claude Code drops a whole file with a PreToolUse key or a `hooks` array outside `hooks`. */
function claudeCodeWouldDropIt(settings: Record<string, unknown>): boolean {
  const outside = JSON.stringify({ ...settings, hooks: undefined });
  return /"(PreToolUse|PermissionRequest)"\s*:/.test(outside) || /"hooks"\s*:\s*\[/.test(outside);
}

describe('one hook switched off and on again', () => {
  it('moves to the ignored key as a flat record and back, the file otherwise as it was', async () => {
    const ref = { event: 'PreToolUse', matcher: 'Write', command: BLOCK.command, off: false };
    await setHookOff(roots, 'user', ref, true);
    const off = json();
    expect(off.hooks).toEqual({ UserPromptSubmit: ORIGINAL.hooks.UserPromptSubmit });
    expect(off[OFF_HOOKS_KEY]).toEqual([{ event: 'PreToolUse', matcher: 'Write', hook: BLOCK }]);
    expect(claudeCodeWouldDropIt(off)).toBe(false);
    expect(text()).toContain('\n    "model": "haiku"'); // its own indentation kept
    expect(await userHooks()).toEqual([
      { event: 'UserPromptSubmit', type: 'command', command: 'echo hi >> log' },
      { event: 'PreToolUse', matcher: 'Write', type: 'command', command: BLOCK.command, timeout: 5, off: true },
    ]);

    await setHookOff(roots, 'user', { ...ref, off: true }, false);
    expect(json()).toEqual(ORIGINAL);
  });

  it('a hook that is no longer there is not invented; the file is left alone', async () => {
    const before = text();
    const ref = { event: 'PreToolUse', matcher: 'Edit', command: BLOCK.command, off: false };
    await expect(setHookOff(roots, 'user', ref, true)).rejects.toThrow(/no longer in the file/);
    expect(text()).toBe(before);
  });
});

describe('adding and removing a hook', () => {
  it('adds a command hook under its event (into the group of its matcher), and removes it again', async () => {
    await addHook(roots, 'user', { event: 'PreToolUse', matcher: ' Write ', command: ' echo second ' });
    await addHook(roots, 'user', { event: 'Stop', command: 'echo done' });
    expect((json().hooks as Record<string, unknown>).PreToolUse).toEqual([
      { matcher: 'Write', hooks: [BLOCK, { type: 'command', command: 'echo second' }] },
    ]);
    expect((json().hooks as Record<string, unknown>).Stop).toEqual([
      { hooks: [{ type: 'command', command: 'echo done' }] },
    ]);
    await removeHook(roots, 'user', { event: 'Stop', command: 'echo done', off: false });
    await removeHook(roots, 'user', { event: 'PreToolUse', matcher: 'Write', command: 'echo second', off: false });
    expect(json()).toEqual(ORIGINAL);
  });

  it('takes the events Claude Code 2.1.337 added: Interrupt, and PreSkillShellCommand with its shell as matcher', async () => {
    await addHook(roots, 'user', { event: 'Interrupt', command: 'echo stopped >> log' });
    await addHook(roots, 'user', { event: 'PreSkillShellCommand', matcher: 'Bash', command: 'echo skill >> log' });
    const hooks = json().hooks as Record<string, unknown>;
    expect(hooks.Interrupt).toEqual([{ hooks: [{ type: 'command', command: 'echo stopped >> log' }] }]);
    expect(hooks.PreSkillShellCommand).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo skill >> log' }] },
    ]);
  });

  it('removes a switched-off hook from the ignored key, and the key with its last one', async () => {
    const ref = { event: 'UserPromptSubmit', command: 'echo hi >> log', off: false };
    await setHookOff(roots, 'user', ref, true);
    await removeHook(roots, 'user', { ...ref, off: true });
    expect(json()).toEqual({ model: 'haiku', hooks: { PreToolUse: ORIGINAL.hooks.PreToolUse } });
  });

  it('writes a new file for a scope that has none yet', async () => {
    await addHook(roots, 'local', { event: 'UserPromptSubmit', command: 'date >> ran.log' });
    const local = JSON.parse(fs.readFileSync(path.join(root, 'proj/.claude/settings.local.json'), 'utf8'));
    expect(local).toEqual({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'date >> ran.log' }] }] },
    });
  });

  it('refuses what Claude Code could not run, with why, and writes nothing', async () => {
    const before = text();
    await expect(addHook(roots, 'user', { event: 'Stop', command: '   ' })).rejects.toThrow('needs a command');
    await expect(addHook(roots, 'user', { event: 'OnSave' as HookEvent, command: 'x' })).rejects.toThrow(
      'no "OnSave" hook event',
    );
    await expect(addHook(roots, 'user', { event: 'Stop', matcher: 'Write', command: 'x' })).rejects.toThrow(
      'only to tool events',
    );
    expect(text()).toBe(before);
  });

  it('never writes a malformed file, nor a "hooks" that is not in the shape Claude Code reads', async () => {
    fs.writeFileSync(file, '{ "hooks": { ');
    await expect(addHook(roots, 'user', { event: 'Stop', command: 'x' })).rejects.toThrow(/not valid JSON/);
    expect(text()).toBe('{ "hooks": { ');
    fs.writeFileSync(file, '{ "hooks": [] }');
    await expect(addHook(roots, 'user', { event: 'Stop', command: 'x' })).rejects.toThrow(/not an object/);
    expect(text()).toBe('{ "hooks": [] }');
  });
});
