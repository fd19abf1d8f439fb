import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveAgent } from './agent-files';
import { appendInstruction, saveInstructionFile } from './instruction-files';
import { readClaudeCodeSetup } from './read-setup';
import { editPermissionRule, setHooksOff } from './settings-files';
import { type SetupRoots, setupRoots } from './setup-paths';

let root: string;
let roots: SetupRoots;
const write = (rel: string, text: string) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-'));
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'proj'));
  roots = setupRoots({}, path.join(root, 'home'), path.join(root, 'proj'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the Claude Code setup, read from its files', () => {
  it('every entry with the file it comes from: rules by file, hooks, CLAUDE.md in load order, agents, skills', async () => {
    write('home/.claude/CLAUDE.md', '# Mine\n');
    write('proj/CLAUDE.md', '# Project\n');
    write('proj/pkg/CLAUDE.md', '# Nested\n');
    write('proj/CLAUDE.local.md', '# Local\n');
    write('proj/.claude/settings.local.json', JSON.stringify({ permissions: { allow: ['Bash(npm test)'] } }));
    const hook = { hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo hi' }] }] } };
    write('home/.claude/settings.json', JSON.stringify({ ...hook, permissions: { deny: ['Write(x)', 'Bad rule'] } }));
    write(
      'home/.claude/agents/code-reviewer.md',
      '---\nname: code-reviewer\ndescription: Reviews.\ntools: Read, Grep\n---\nReview it.\n',
    );
    write('home/.claude/skills/release-notes/SKILL.md', '---\nname: release-notes\ndescription: Drafts notes.\n---\n');
    const setup = await readClaudeCodeSetup(roots);
    const local = setup.settings.find((s) => s.scope === 'local')!;
    expect(local.path).toBe(path.join(root, 'proj/.claude/settings.local.json'));
    expect(local.rules).toEqual([{ list: 'allow', rule: 'Bash(npm test)' }]);
    const user = setup.settings.find((s) => s.scope === 'user')!;
    expect(user.hooks).toEqual([{ event: 'UserPromptSubmit', type: 'command', command: 'echo hi' }]);
    // A rule that does nothing says why (recorded case 47b: Write(...) does not stop a Write).
    expect(user.rules[0]!.problem).toMatch(/File rules are Edit\(...\) rules/);
    expect(user.rules[1]!.problem).toMatch(/not a tool name/);
    expect(setup.instructions.map((f) => [f.kind, path.relative(root, f.path), f.exists])).toEqual([
      ['user', 'home/.claude/CLAUDE.md', true],
      ['project', 'proj/CLAUDE.md', true],
      ['local', 'proj/CLAUDE.local.md', true],
      ['nested', 'proj/pkg/CLAUDE.md', true],
    ]);
    expect(setup.agents[0]).toMatchObject({ scope: 'user', name: 'code-reviewer', tools: ['Read', 'Grep'] });
    expect(setup.agents[0]!.problem).toBeUndefined();
    expect(setup.skills).toEqual([
      expect.objectContaining({ name: 'release-notes', description: 'Drafts notes.', scope: 'user' }),
    ]);
  });
});

describe('editing the setup', () => {
  it('a rule is added and removed keeping the rest of the file and its indentation; a Write rule is written as Edit', async () => {
    write(
      'proj/.claude/settings.local.json',
      '{\n    "model": "haiku",\n    "permissions": {\n        "allow": []\n    }\n}\n',
    );
    const written = await editPermissionRule(roots, {
      scope: 'local',
      list: 'deny',
      rule: 'Write(notes.md)',
      action: 'add',
    });
    expect(written).toBe('Edit(notes.md)');
    const text = read('proj/.claude/settings.local.json');
    expect(JSON.parse(text)).toEqual({ model: 'haiku', permissions: { allow: [], deny: ['Edit(notes.md)'] } });
    expect(text).toContain('\n    "model": "haiku"');
    await editPermissionRule(roots, { scope: 'local', list: 'deny', rule: 'Edit(notes.md)', action: 'remove' });
    expect(JSON.parse(read('proj/.claude/settings.local.json')).permissions.deny).toEqual([]);
  });

  it('a malformed settings file is never overwritten: the edit fails with the parse error', async () => {
    write('home/.claude/settings.json', '{ "permissions": { "allow": [ }');
    const setup = await readClaudeCodeSetup(roots);
    expect(setup.settings.find((s) => s.scope === 'user')!.error).toMatch(/not valid JSON/);
    await expect(
      editPermissionRule(roots, { scope: 'user', list: 'allow', rule: 'Read', action: 'add' }),
    ).rejects.toThrow(/was not changed: It is not valid JSON/);
    await expect(setHooksOff(roots, 'user', true)).rejects.toThrow(/not valid JSON/);
    expect(read('home/.claude/settings.json')).toBe('{ "permissions": { "allow": [ }');
  });

  it('a rule that cannot work is refused with why', async () => {
    await expect(
      editPermissionRule(roots, { scope: 'user', list: 'deny', rule: 'Bash(npm', action: 'add' }),
    ).rejects.toThrow(/does not close/);
  });

  it('remember this appends one line, the rest byte for byte; only listed files may be written', async () => {
    write('proj/CLAUDE.md', '# Project\n\nKeep *this*   as is');
    const file = path.join(root, 'proj/CLAUDE.md');
    await appendInstruction(roots, file, 'Use pnpm, not npm');
    expect(read('proj/CLAUDE.md')).toBe('# Project\n\nKeep *this*   as is\n- Use pnpm, not npm\n');
    await expect(saveInstructionFile(roots, path.join(root, 'proj/other.md'), 'x')).rejects.toThrow(/not one of/);
  });

  it('a sub-agent is validated before it is saved, and reads back as written', async () => {
    const agent = {
      name: 'tester',
      description: 'Runs the tests: use after a change.',
      tools: ['Bash', 'Read'],
      prompt: 'Run them.',
    };
    await expect(saveAgent(roots, 'user', { ...agent, name: 'Bad Name' })).rejects.toThrow(/lowercase/);
    await expect(saveAgent(roots, 'user', { ...agent, description: '' })).rejects.toThrow(/description/);
    const file = await saveAgent(roots, 'project', agent);
    expect(file).toBe(path.join(root, 'proj/.claude/agents/tester.md'));
    const [read] = (await readClaudeCodeSetup(roots)).agents;
    expect(read).toMatchObject({ ...agent, scope: 'project' });
    expect(read!.prompt.trim()).toBe('Run them.');
    await expect(saveAgent(roots, 'project', agent)).rejects.toThrow(/already an agent/);
  });
});
