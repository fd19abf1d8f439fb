import { writeFileAtomic } from '../store/atomic-write';

export interface McpEndpointInfo {
  url: string;
  token: string;
}

/** The server name the CLI sees, so tools appear as `mcp__desk__<tool>` (and `--allowedTools mcp__desk`). */
export const DESK_MCP_SERVER_NAME = 'desk';

/**
 * The `--mcp-config` document for the CLI. The token travels in this file (written 0600), never
 * on a command line, where any local user could read it with `ps`.
 */
export function buildMcpConfigJson({ url, token }: McpEndpointInfo): string {
  return JSON.stringify({
    mcpServers: {
      [DESK_MCP_SERVER_NAME]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } },
    },
  });
}

/** Write the config to `file` atomically with owner-only permissions; returns the path to pass as `--mcp-config`. */
export async function writeMcpConfigFile(file: string, endpoint: McpEndpointInfo): Promise<string> {
  await writeFileAtomic(file, buildMcpConfigJson(endpoint), 0o600);
  return file;
}
