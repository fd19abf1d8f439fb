/** What the composer offers beyond plain text: slash commands, models, project files, MCP servers. Plain data. */

export interface SlashCommand {
  /** Without the leading slash, e.g. `hello`, `compact`, `frontend:review`. */
  name: string;
  description: string;
  argumentHint?: string;
  /**
   * `native`: Claude Desk does it itself (the headless CLI's version is a dead end or worse there);
   * `cli`: sent as the message text, and the CLI expands or runs it (recorded cases 30/31).
   */
  kind: 'native' | 'cli';
  /** Where a CLI command comes from, from its description suffix: project / user / built-in. */
  source?: 'project' | 'user' | 'builtin';
}

export interface ModelChoice {
  /** What goes to --model / set_model: `sonnet`, `opus`, `default`, or a full id. */
  value: string;
  displayName: string;
  description?: string;
}

export interface ComposerCatalog {
  commands: SlashCommand[];
  models: ModelChoice[];
  /** Set when the CLI could not be asked: the lists then hold only Claude Desk's own commands and a curated set. */
  problem?: string;
}

export interface FileMatch {
  /** Relative to the project folder, with `/` separators. */
  path: string;
  /** Indices in `path` the query matched (for highlighting). */
  positions: number[];
}

export interface McpServerStatus {
  name: string;
  /** As init reports it: connected / failed / needs-auth / pending / … */
  status: string;
  /** user (~/.claude.json), project (.mcp.json), local, dynamic (--mcp-config: Claude Desk's own). */
  source?: string;
}

/**
 * Claude Code's built-ins that do nothing useful in Claude Desk, each with the sentence the composer shows when one
 * is typed anyway (recorded case 31x, test/fixtures/recorded/composer/31x-builtins-headless.json: sent headless,
 * each answered locally with no API call). They are not offered in the slash picker and not sent as a turn.
 */
export const TERMINAL_ONLY_COMMANDS: Readonly<Record<string, string>> = {
  color: '/color sets the colour of Claude Code’s terminal prompt; Claude Desk has no prompt bar to colour.',
  focus: '/focus is a view of Claude Code’s terminal; it is not available outside it.',
  heapdump: '/heapdump writes a memory dump of Claude Code for its developers; run it in a terminal if asked to.',
  agents: '/agents was removed from Claude Code: ask Claude to create a subagent, or edit .claude/agents/.',
  fast: '/fast is not available outside Claude Code’s terminal.',
  rename: '/rename names Claude Code’s own session; rename this thread in the sidebar instead.',
  'auto-mode-setup': '/auto-mode-setup is a wizard of Claude Code’s terminal; run `claude` in a terminal to use it.',
  'workflow-launch-exec': '/workflow-launch-exec is used by server-launched sessions only.',
};

/** `/color red` → the sentence saying why it is not sent, when the command is a terminal-only built-in. */
export function terminalOnlyReason(text: string): string | undefined {
  const name = /^\/([\w:-]+)(\s|$)/.exec(text.trim())?.[1];
  return name && Object.hasOwn(TERMINAL_ONLY_COMMANDS, name) ? TERMINAL_ONLY_COMMANDS[name] : undefined;
}
