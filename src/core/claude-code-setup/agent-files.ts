import fs from 'node:fs/promises';
import path from 'node:path';
import type { AgentDefinition, AgentView } from '../../shared/claude-code-setup';
import { writeFileAtomic } from '../store/atomic-write';
import { parseFrontmatter, yamlValue } from './frontmatter';
import type { SetupRoots } from './setup-paths';

/** Claude Code's agent names: lowercase letters, digits and hyphens (the file is `<name>.md`). */
const AGENT_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const TOOL = /^[A-Za-z][\w-]*(\(.*\))?$/;
const MODELS = new Set(['sonnet', 'opus', 'haiku', 'inherit']);

export function agentDirs(roots: SetupRoots): { scope: AgentView['scope']; dir: string }[] {
  const dirs: { scope: AgentView['scope']; dir: string }[] = [
    { scope: 'user', dir: path.join(roots.configDir, 'agents') },
  ];
  if (roots.projectDir) dirs.push({ scope: 'project', dir: path.join(roots.projectDir, '.claude', 'agents') });
  return dirs;
}

function parseAgent(scope: AgentView['scope'], file: string, text: string): AgentView {
  const fm = parseFrontmatter(text);
  const field = (k: string) => {
    const v = fm?.fields[k];
    return typeof v === 'string' ? v : undefined;
  };
  const toolsField = fm?.fields.tools;
  const tools = Array.isArray(toolsField)
    ? toolsField
    : (toolsField ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
  const agent: AgentView = {
    scope,
    path: file,
    name: field('name') ?? path.basename(file, '.md'),
    description: field('description') ?? '',
    ...(tools.length ? { tools } : {}),
    ...(field('model') ? { model: field('model') } : {}),
    prompt: (fm?.body ?? text).replace(/^\n+/, '').trimEnd(),
  };
  const problem = !fm
    ? 'It has no frontmatter (--- name, description ---): Claude Code does not load it.'
    : agentProblem(agent);
  return problem ? { ...agent, problem } : agent;
}

/** The user's and the project's sub-agents (`agents/*.md`), the user's first. */
export async function listAgents(roots: SetupRoots): Promise<AgentView[]> {
  const all: AgentView[] = [];
  for (const { scope, dir } of agentDirs(roots)) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.md')).sort()) {
      const file = path.join(dir, name);
      const text = await fs.readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) all.push(parseAgent(scope, file, text));
    }
  }
  return all;
}

/** Why Claude Code would not take this definition, in one sentence; undefined when it is fine. */
export function agentProblem(agent: AgentDefinition): string | undefined {
  if (!AGENT_NAME.test(agent.name))
    return 'The name is lowercase letters, digits and hyphens, starting with a letter (like code-reviewer).';
  if (!agent.description.trim()) return 'Say in the description when Claude should use this agent.';
  if (agent.description.includes('\n')) return 'The description is one line.';
  const bad = (agent.tools ?? []).find((t) => !TOOL.test(t));
  if (bad) return `"${bad}" is not a tool name.`;
  if (agent.model && !MODELS.has(agent.model) && !/^claude-[\w.-]+$/.test(agent.model))
    return 'The model is sonnet, opus, haiku, inherit or a full model name.';
  if (!agent.prompt.trim()) return 'Write the agent’s instructions (its system prompt).';
  return undefined;
}

export function serializeAgent(agent: AgentDefinition): string {
  const lines = ['---', `name: ${agent.name}`, `description: ${yamlValue(agent.description.trim())}`];
  if (agent.tools?.length) lines.push(`tools: ${agent.tools.join(', ')}`);
  if (agent.model) lines.push(`model: ${agent.model}`);
  lines.push('---', '');
  return `${lines.join('\n')}${agent.prompt.trimEnd()}\n`;
}

/**
 * Create or change a sub-agent, validated first. `previousName`: the one being edited (a rename moves the file).
 * A new agent never overwrites another of the same name.
 */
export async function saveAgent(
  roots: SetupRoots,
  scope: AgentView['scope'],
  agent: AgentDefinition,
  previousName?: string,
): Promise<string> {
  const problem = agentProblem(agent);
  if (problem) throw new Error(problem);
  const dir = agentDirs(roots).find((d) => d.scope === scope)?.dir;
  if (!dir) throw new Error('Open a thread with a project folder to add an agent to its project.');
  const file = path.join(dir, `${agent.name}.md`);
  const exists = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (exists && previousName !== agent.name) throw new Error(`There is already an agent named ${agent.name} here.`);
  await writeFileAtomic(file, serializeAgent(agent), 0o644);
  if (previousName && previousName !== agent.name && AGENT_NAME.test(previousName))
    await fs.rm(path.join(dir, `${previousName}.md`), { force: true });
  return file;
}

/** Remove a listed sub-agent's file; the path is the host's own (`agents/<name>.md` of that scope), never the page's. */
export async function deleteAgent(roots: SetupRoots, scope: AgentView['scope'], name: string): Promise<string> {
  const agent = (await listAgents(roots)).find((a) => a.scope === scope && a.name === name);
  if (!agent) throw new Error(`There is no sub-agent named ${name} here any more; the list is shown again.`);
  await fs.rm(agent.path);
  return agent.path;
}
