import type { TurnError } from '../../shared/turn-events';
import { type Json, isObject, num, str } from '../claude-code-wire/cli-json';
import type { EventBody } from './event-body';

/** `system/init`: the session the CLI accepted, its model, tools and MCP servers (a warning if the app's failed). */
export function initLine(raw: Json, appMcpServerName: string | undefined): { bodies: EventBody[]; sessionId: string } {
  const sessionId = str(raw.session_id) ?? '';
  const mcpServers = Array.isArray(raw.mcp_servers)
    ? raw.mcp_servers.filter(isObject).map((s) => ({
        name: str(s.name) ?? '?',
        status: str(s.status) ?? '?',
        ...(str(s.source) ? { source: str(s.source) } : {}),
      }))
    : [];
  const bodies: EventBody[] = [
    {
      type: 'init',
      sessionId,
      model: str(raw.model) ?? '',
      permissionMode: str(raw.permissionMode),
      tools: Array.isArray(raw.tools) ? raw.tools.filter((t): t is string => typeof t === 'string') : [],
      mcpServers,
    },
  ];
  const failed = appMcpServerName
    ? mcpServers.find((s) => s.name === appMcpServerName && s.status !== 'connected')
    : undefined;
  if (failed) {
    // Case 07: a rejected token shows only as status "failed", without any error text.
    bodies.push({
      type: 'warning',
      message: `Claude Desk's tools are unavailable this turn (MCP server status: ${failed.status}).`,
    });
  }
  return { bodies, sessionId };
}

/** `system/api_retry`: the retry to show, and a fatal error when retrying cannot help (a rejected key). */
export function apiRetryLine(raw: Json): { body: EventBody; fatal?: TurnError } {
  const errorStatus = num(raw.error_status);
  const body: EventBody = {
    type: 'retry',
    attempt: num(raw.attempt) ?? 0,
    maxRetries: num(raw.max_retries) ?? 0,
    errorStatus,
    error: str(raw.error),
    delayMs: num(raw.retry_delay_ms),
  };
  if (errorStatus !== 401 && errorStatus !== 403) return { body };
  // Case 12d: the CLI retries a bad key 10× over ~181 s. Fail now, with the login card.
  return {
    body,
    fatal: {
      kind: 'auth_required',
      message:
        errorStatus === 401
          ? 'The Anthropic API rejected the credentials (HTTP 401).'
          : 'The Anthropic API refused access (HTTP 403).',
      hint: 'Log in again with Claude Code or save a valid API key in Settings.',
    },
  };
}

/** `system/compact_boundary` (case 37: `/compact` → compact_metadata {trigger, pre_tokens, post_tokens}). */
export function compactedLine(raw: Json): EventBody {
  const meta = isObject(raw.compact_metadata) ? raw.compact_metadata : {};
  return {
    type: 'compacted',
    trigger: str(meta.trigger) ?? 'manual',
    preTokens: num(meta.pre_tokens),
    postTokens: num(meta.post_tokens),
  };
}
