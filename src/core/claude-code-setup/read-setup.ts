import type { ClaudeCodeSetup } from '../../shared/claude-code-setup';
import { listAgents } from './agent-files';
import { listInstructionFiles } from './instruction-files';
import { readJsonObject } from './json-edit';
import { readSettingsFiles } from './settings-files';
import type { SetupRoots } from './setup-paths';
import { listOutputStyles, listSkills } from './skills-and-styles';

/** Everything the "Claude Code" pages show, read from the files Claude Code itself reads. */
export async function readClaudeCodeSetup(roots: SetupRoots): Promise<ClaudeCodeSetup> {
  const [settings, instructions, agents, skills] = await Promise.all([
    readSettingsFiles(roots),
    listInstructionFiles(roots),
    listAgents(roots),
    listSkills(roots),
  ]);
  // The output style in force: the last settings file (highest precedence) that names one.
  let active: string | undefined;
  for (const file of settings) {
    const { value } = await readJsonObject(file.path);
    if (typeof value.outputStyle === 'string') active = value.outputStyle;
  }
  return {
    home: roots.home,
    ...(roots.projectDir ? { projectDir: roots.projectDir } : {}),
    settings,
    instructions,
    agents,
    skills,
    outputStyles: await listOutputStyles(roots, active),
  };
}
