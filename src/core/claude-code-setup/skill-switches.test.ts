import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteAgent } from './agent-files';
import { listInstructionFiles } from './instruction-files';
import { readClaudeCodeSetup } from './read-setup';
import { type SetupRoots, setupRoots } from './setup-paths';
import { setOutputStyle, setSkillEnabled } from './skill-switches';

let root: string;
let roots: SetupRoots;
const write = (rel: string, text: string) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name}.\n---\nSteps.\n`;

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'setup-switch-')));
  write('home/.claude/skills/release-notes/SKILL.md', skill('release-notes'));
  write('home/.claude/skills/deploy-check/SKILL.md', skill('deploy-check'));
  fs.mkdirSync(path.join(root, 'work/app'), { recursive: true });
  roots = setupRoots({}, path.join(root, 'home'), path.join(root, 'work/app'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const skillStates = async () =>
  (await readClaudeCodeSetup(roots)).skills.map((s) => [s.name, s.off ? `off (${s.offBy})` : 'on']);

describe('skills switched off and on (recorded case 53)', () => {
  it('off writes skillOverrides "off" into the file picked, keeping the rest of it pretty; on removes it again', async () => {
    write('home/.claude/settings.json', '{\n    "model": "haiku"\n}\n');
    await setSkillEnabled(roots, 'user', 'release-notes', false);
    expect(read('home/.claude/settings.json')).toBe(
      '{\n    "model": "haiku",\n    "skillOverrides": {\n        "release-notes": "off"\n    }\n}\n',
    );
    expect(await skillStates()).toEqual([
      ['deploy-check', 'on'],
      ['release-notes', 'off (user)'],
    ]);
    await setSkillEnabled(roots, 'user', 'release-notes', true);
    expect(JSON.parse(read('home/.claude/settings.json'))).toEqual({ model: 'haiku' });
    expect(await skillStates()).toEqual([
      ['deploy-check', 'on'],
      ['release-notes', 'on'],
    ]);
  });

  it('on in the local file over an "off" in the user’s writes "on" (53c: the local one wins); the other way round it says which file to change', async () => {
    write('home/.claude/settings.json', JSON.stringify({ skillOverrides: { 'release-notes': 'off' } }));
    await setSkillEnabled(roots, 'local', 'release-notes', true);
    expect(JSON.parse(read('work/app/.claude/settings.local.json'))).toEqual({
      skillOverrides: { 'release-notes': 'on' },
    });
    expect(await skillStates()).toContainEqual(['release-notes', 'on']);

    write('work/app/.claude/settings.local.json', JSON.stringify({ skillOverrides: { 'deploy-check': 'off' } }));
    await expect(setSkillEnabled(roots, 'user', 'deploy-check', true)).rejects.toThrow(
      /deploy-check stays off: .*settings\.local\.json turns it off and Claude Code reads that file first/,
    );
  });

  it('a settings file that is not valid JSON is never written', async () => {
    const broken = '{ "skillOverrides": { ';
    write('work/app/.claude/settings.local.json', broken);
    await expect(setSkillEnabled(roots, 'local', 'deploy-check', false)).rejects.toThrow(/not valid JSON/);
    expect(read('work/app/.claude/settings.local.json')).toBe(broken);
  });
});

describe('the output style (recorded case 53b)', () => {
  it('is written as outputStyle in the file picked; the project’s file beats the user’s', async () => {
    await setOutputStyle(roots, 'user', 'Explanatory');
    expect((await readClaudeCodeSetup(roots)).outputStyle).toEqual({ name: 'Explanatory', scope: 'user' });
    await setOutputStyle(roots, 'project', 'Concise');
    expect(JSON.parse(read('work/app/.claude/settings.json'))).toEqual({ outputStyle: 'Concise' });
    expect((await readClaudeCodeSetup(roots)).outputStyle).toEqual({ name: 'Concise', scope: 'project' });
    await setOutputStyle(roots, 'project', null);
    expect((await readClaudeCodeSetup(roots)).outputStyle).toEqual({ name: 'Explanatory', scope: 'user' });
  });
});

describe('a sub-agent deleted', () => {
  it('removes its file; one that is not listed is refused', async () => {
    const file = write('home/.claude/agents/code-reviewer.md', '---\nname: code-reviewer\ndescription: R.\n---\nGo.\n');
    await expect(deleteAgent(roots, 'project', 'code-reviewer')).rejects.toThrow(/no sub-agent named code-reviewer/);
    expect(await deleteAgent(roots, 'user', 'code-reviewer')).toBe(file);
    expect(fs.existsSync(file)).toBe(false);
    expect((await readClaudeCodeSetup(roots)).agents).toEqual([]);
  });
});

describe('CLAUDE.md above the project (recorded case 53f)', () => {
  it('in Claude Code’s load order: yours, the folders above from the top, the project’s three, then subfolders', async () => {
    write('home/.claude/CLAUDE.md', 'u');
    write('CLAUDE.md', 'top');
    write('work/CLAUDE.local.md', 'above, local');
    write('work/.claude/CLAUDE.md', 'above, .claude');
    write('work/app/CLAUDE.md', 'p');
    write('work/app/.claude/CLAUDE.md', 'p2');
    write('work/app/pkg/CLAUDE.md', 'n');
    const files = (await listInstructionFiles(roots)).filter((f) => f.path.startsWith(root));
    expect(files.map((f) => [f.kind, path.relative(root, f.path), f.exists])).toEqual([
      ['user', 'home/.claude/CLAUDE.md', true],
      ['parent', 'CLAUDE.md', true],
      ['parent', 'work/.claude/CLAUDE.md', true],
      ['parent', 'work/CLAUDE.local.md', true],
      ['project', 'work/app/CLAUDE.md', true],
      ['project', 'work/app/.claude/CLAUDE.md', true],
      ['local', 'work/app/CLAUDE.local.md', false],
      ['nested', 'work/app/pkg/CLAUDE.md', true],
    ]);
  });
});
