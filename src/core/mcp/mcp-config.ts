import semver from 'semver';

export interface McpEndpointInfo {
  url: string;
  token: string;
}

/** The server name the CLI sees, so tools appear as `mcp__desk__<tool>` (and `--allowedTools mcp__desk`). */
export const DESK_MCP_SERVER_NAME = 'desk';

/** Claude Desk's server as one entry of Claude Code's `mcpServers`: the one place its shape is spelled. */
export interface DeskMcpServerEntry {
  type: 'http';
  url: string;
  headers: { Authorization: string };
}

export function deskMcpServers({ url, token }: McpEndpointInfo): Record<string, DeskMcpServerEntry> {
  return { [DESK_MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } };
}

/**
 * The first Claude Code that reads MCP servers from the `initialize` request (its `mcpServers`, read at launch under
 * `--await-initialize`; recorded case 59 on 2.1.337). Then the token never touches a disk nor any command line.
 */
export const MCP_IN_INITIALIZE_SINCE = '2.1.326';

/** Whether this Claude Code takes its MCP servers in `initialize`; an unknown version gets the file (as before). */
export function takesMcpInInitialize(cliVersion: string | undefined): boolean {
  const version = cliVersion ? semver.valid(cliVersion) : null;
  return version !== null && semver.gte(version, MCP_IN_INITIALIZE_SINCE);
}

/**
 * The `--mcp-config` document, for a Claude Code older than MCP_IN_INITIALIZE_SINCE (the turn's scratch dir writes
 * it). The token travels in this file (written 0600), never on a command line, where any local user could read it
 * with `ps`.
 */
export function buildMcpConfigJson(endpoint: McpEndpointInfo): string {
  return JSON.stringify({ mcpServers: deskMcpServers(endpoint) });
}
