/**
 * Friendly names and one-line summaries for tool calls. Built-in Claude Code tools get plain words;
 * MCP tools are named `mcp__<server>__<tool>` by the CLI (recorded case 05), shown as "Server · tool".
 */

const BUILT_IN: Record<string, string> = {
  Bash: 'Shell',
  BashOutput: 'Shell output',
  KillShell: 'Stop shell',
  Read: 'Read file',
  Write: 'Write file',
  Edit: 'Edit file',
  MultiEdit: 'Edit file',
  NotebookEdit: 'Edit notebook',
  Glob: 'Find files',
  Grep: 'Search files',
  LS: 'List folder',
  WebFetch: 'Fetch web page',
  WebSearch: 'Web search',
  Task: 'Sub-agent',
  Agent: 'Sub-agent',
  AskUserQuestion: 'Question',
  TaskCreate: 'New task',
  TaskUpdate: 'Update task',
  TaskList: 'Task list',
  TodoWrite: 'To-do list',
  ExitPlanMode: 'Plan',
};

/** The CLI's own steps, not the agent's work: ToolSearch loads a deferred tool's definition (recorded case 35). */
const INTERNAL_TOOLS = new Set(['ToolSearch']);

export function isInternalTool(name: string): boolean {
  return INTERNAL_TOOLS.has(name);
}

const SERVER_NAMES: Record<string, string> = { desk: 'Desk' };

const capitalize = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

export function friendlyToolName(name: string): string {
  const mcp = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/.exec(name);
  if (mcp) {
    const server = mcp[1]!;
    const tool = mcp[2]!;
    // Desk's own tools are `<area>_<verb>`: mcp__desk__memory_recall → "Memory · recall".
    if (server === 'desk') {
      const [area, ...rest] = tool.split('_');
      return rest.length ? `${capitalize(area!)} · ${rest.join(' ')}` : capitalize(tool);
    }
    return `${SERVER_NAMES[server] ?? capitalize(server.replace(/[_-]/g, ' '))} · ${tool.replace(/_/g, ' ')}`;
  }
  return BUILT_IN[name] ?? name;
}

/**
 * The name on an approval card. The CLI's display_name ("Memory Recall") reads better than a derived
 * name for MCP and other tools; built-ins keep the plain words above ("Bash" → "Shell", recorded case 20c).
 */
export function approvalToolName(toolName: string, displayName?: string): string {
  return toolName in BUILT_IN || !displayName?.trim() ? friendlyToolName(toolName) : displayName.trim();
}

const SUMMARY_KEYS = ['command', 'file_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt', 'content'];

/** The argument a person cares about, on one line (the full input is in the expanded card). */
export function toolSummary(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const rec = input as Record<string, unknown>;
  for (const key of SUMMARY_KEYS) {
    const v = rec[key];
    if (typeof v === 'string' && v.trim()) {
      const line = v.trim().split('\n')[0]!;
      return line.length > 120 ? `${line.slice(0, 117)}…` : line;
    }
  }
  return '';
}
