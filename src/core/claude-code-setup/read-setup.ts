import type { ClaudeCodeSetup } from '../../shared/claude-code-setup';
import { listAgents } from './agent-files';
import { listInstructionFiles } from './instruction-files';
import { readSettingsFiles } from './settings-files';
import type { SetupRoots } from './setup-paths';
import { listOutputStyles, listSkills } from './skills-and-styles';
import { outputStyleOf, readSettingsValues, withSkillStates } from './skill-switches';

/** Everything the "Claude Code" pages show, read from the files Claude Code itself reads. */
export async function readClaudeCodeSetup(roots: SetupRoots): Promise<ClaudeCodeSetup> {
  const [settings, instructions, agents, skills, values] = await Promise.all([
    readSettingsFiles(roots),
    listInstructionFiles(roots),
    listAgents(roots),
    listSkills(roots),
    readSettingsValues(roots),
  ]);
  const outputStyle = outputStyleOf(values);
  return {
    home: roots.home,
    ...(roots.projectDir ? { projectDir: roots.projectDir } : {}),
    settings,
    instructions,
    agents,
    skills: withSkillStates(skills, values),
    outputStyles: await listOutputStyles(roots, outputStyle?.name),
    ...(outputStyle ? { outputStyle } : {}),
  };
}
