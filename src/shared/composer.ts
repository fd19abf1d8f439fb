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
