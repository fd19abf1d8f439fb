export interface McpEndpointInfo {
  url: string;
  token: string;
}

/** The server name the CLI sees, so tools appear as `mcp__desk__<tool>` (and `--allowedTools mcp__desk`). */
export const DESK_MCP_SERVER_NAME = 'desk';

/**
 * The `--mcp-config` document for the CLI, the one place its shape is spelled (the turn's scratch dir
 * writes it). The token travels in this file (written 0600), never on a command line, where any local
 * user could read it with `ps`.
 */
export function buildMcpConfigJson({ url, token }: McpEndpointInfo): string {
  return JSON.stringify({
    mcpServers: {
      [DESK_MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } },
    },
  });
}
