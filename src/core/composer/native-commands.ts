import type { ModelChoice, SlashCommand } from '../../shared/composer';

/**
 * Commands Claude Desk answers itself (recorded cases 31): headless, `/clear` starts a new CLI session the app
 * would not follow, and `/model`, `/cost`, `/mcp` print a text where the app has a picker, the thread's totals and
 * a panel. `/compact` and `/context` work headless and are sent as they are.
 */
export const NATIVE_COMMANDS: readonly SlashCommand[] = [
  {
    name: 'clear',
    description: 'Start a fresh Claude Code session in this thread (the messages stay visible)',
    kind: 'native',
  },
  { name: 'model', description: 'Choose the model for this thread', kind: 'native' },
  { name: 'cost', description: "This thread's cost, tokens and time so far", kind: 'native' },
  { name: 'mcp', description: 'MCP servers of this thread and their status', kind: 'native' },
];

export const NATIVE_NAMES: ReadonlySet<string> = new Set(NATIVE_COMMANDS.map((c) => c.name));

/** When the CLI cannot list its models: the aliases 2.1.328 accepts (case 31-model's usage line). */
export const CURATED_MODELS: readonly ModelChoice[] = [
  { value: 'default', displayName: 'Default (recommended)' },
  { value: 'opus', displayName: 'Opus' },
  { value: 'sonnet', displayName: 'Sonnet' },
  { value: 'haiku', displayName: 'Haiku' },
];
