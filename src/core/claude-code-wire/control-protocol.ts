/**
 * The CLI's control protocol (`--permission-prompt-tool stdio`), as recorded in cases 20–27: parse what the
 * CLI asks, build what the app answers. Pure functions; every shape here was seen on the wire.
 */
import { randomUUID } from 'node:crypto';
import type { ApprovalDecision, ApprovalRequest, ApprovalScope } from '../../shared/turn-events';
import type { PermissionMode } from '../../shared/settings';
import { permissionsFor } from '../../shared/approval-scopes';
import { type Json, isObject, str } from './cli-json';

/** The CLI's own permission modes that can be switched live with set_permission_mode (case 26). */
export type CliPermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan';

/** `ask` is the CLI's `default` mode plus the prompt tool. */
export function cliPermissionMode(mode: PermissionMode): CliPermissionMode {
  return mode === 'ask' ? 'default' : mode;
}

/** Claude Desk's mode for one the CLI names (its `default` is `ask`); undefined for one Claude Desk has no name for. */
export function deskPermissionMode(mode: string | undefined): PermissionMode | undefined {
  if (mode === 'default') return 'ask';
  return mode === 'acceptEdits' || mode === 'plan' || mode === 'bypassPermissions' ? mode : undefined;
}

/** A `can_use_tool` control_request as an ApprovalRequest (case 20/20c shapes); undefined for anything else. */
export function parseCanUseTool(raw: Json): ApprovalRequest | undefined {
  const requestId = str(raw.request_id);
  const request = raw.request;
  if (!requestId || !isObject(request) || request.subtype !== 'can_use_tool') return undefined;
  const toolName = str(request.tool_name);
  if (!toolName) return undefined;
  return {
    requestId,
    toolUseId: str(request.tool_use_id),
    toolName,
    displayName: str(request.display_name),
    input: isObject(request.input) ? request.input : {},
    description: str(request.description),
    blockedPath: str(request.blocked_path),
    suggestions: Array.isArray(request.permission_suggestions) ? request.permission_suggestions : [],
    decisionReason: str(request.decision_reason),
  };
}

/** The request id a `control_cancel_request` withdraws (case 25c). */
export function parseCancel(raw: Json): string | undefined {
  return raw.type === 'control_cancel_request' ? str(raw.request_id) : undefined;
}

export interface ControlResult {
  requestId: string;
  ok: boolean;
  response?: Json;
  error?: string;
  /** e.g. `not_found` (case 27b), `bypass_not_launched` (case 26), `unsupported_request` (case 24c). */
  errorCode?: string;
}

/** A `control_response` to one of the app's own requests. */
export function parseControlResponse(raw: Json): ControlResult | undefined {
  const r = raw.response;
  if (raw.type !== 'control_response' || !isObject(r)) return undefined;
  const requestId = str(r.request_id);
  if (!requestId) return undefined;
  if (r.subtype === 'success') return { requestId, ok: true, response: isObject(r.response) ? r.response : {} };
  return { requestId, ok: false, error: str(r.error) ?? 'The CLI refused the request.', errorCode: str(r.error_code) };
}

/**
 * The mode a `set_permission_mode` answer says is in effect (recorded case 60: `{mode}` since 2.1.33x). It may differ
 * from the one asked (a managed or locked setting); undefined for a refusal, or an older CLI that answers `{}`.
 */
export function permissionModeInEffect(result: ControlResult): string | undefined {
  return result.ok ? str(result.response?.mode) : undefined;
}

/** How the CLI's own modes read to a person (Claude Desk's `ask` is the CLI's `default`). */
export function cliModeLabel(mode: string): string {
  const labels: Record<string, string> = {
    default: 'Ask',
    acceptEdits: 'Accept edits',
    plan: 'Plan',
    bypassPermissions: 'Full access',
    auto: 'Auto',
  };
  return labels[mode] ?? mode;
}

/** An app → CLI control_request line (interrupt, set_permission_mode, set_model, initialize). */
export function controlRequest(requestId: string, request: { subtype: string } & Json): Json {
  return { type: 'control_request', request_id: requestId, request };
}

/** The hook callback a process is started with: before every tool it runs, the CLI asks us (case 43). */
export const TOOL_GATE_CALLBACK = 'desk-before-tool';

/**
 * Written once to a new process, before its first user line (case 43): a PreToolUse hook on every tool, answered
 * by the host — the CLI runs no tool (not even one its permission mode allows outright) before the answer. With
 * `mcpServers` (a process started with `--await-initialize`, case 59): the MCP servers it loads at launch, which must
 * then be its first stdin line; its answer's `mcp_servers_applied` says whether it took them.
 */
export function initializeRequestBody(mcpServers?: Readonly<Record<string, object>>): { subtype: string } & Json {
  return {
    subtype: 'initialize',
    hooks: { PreToolUse: [{ hookCallbackIds: [TOOL_GATE_CALLBACK] }] },
    ...(mcpServers ? { mcpServers: { ...mcpServers } } : {}),
  };
}

/**
 * Tells a new process the rules allowed earlier in the session it resumes (recorded case 55 d): they apply from the
 * next tool call, as flag settings, written to no file. A second request replaces the first (case 55 e), so it
 * always carries every rule, and nothing else of Claude Desk's may use flag settings beside it.
 */
export function sessionRulesRequestBody(allow: readonly string[]): { subtype: string } & Json {
  return { subtype: 'apply_flag_settings', settings: { permissions: { allow: [...allow] } } };
}

/** The request id of a `hook_callback` for our gate (case 43), or undefined for any other line. */
export function parseToolGate(raw: Json): string | undefined {
  const request = isObject(raw.request) ? raw.request : undefined;
  if (raw.type !== 'control_request' || request?.subtype !== 'hook_callback') return undefined;
  return request.callback_id === TOOL_GATE_CALLBACK ? str(raw.request_id) : undefined;
}

/** The tool a gate's `hook_callback` asks about (its PreToolUse input, case 43), when it names one. */
export function toolGateCall(
  raw: Json,
): { toolName: string; input: unknown; permissionMode: string | undefined; toolUseId: string | undefined } | undefined {
  const request = isObject(raw.request) ? raw.request : undefined;
  const input = request && isObject(request.input) ? request.input : undefined;
  const toolName = input ? str(input.tool_name) : undefined;
  return toolName && input
    ? {
        toolName,
        input: input.tool_input,
        permissionMode: str(input.permission_mode),
        toolUseId: str(input.tool_use_id),
      }
    : undefined;
}

/**
 * Refuse the tool (a PreToolUse deny): it does not run, and the model reads `reason` as its error result (case 66 c).
 * `stop`: the turn ends right there (`terminal_reason: "hook_stopped"`, case 66 a) — the process then waits for a
 * next line as after any answer, so the session can go on elsewhere (case 66 b).
 */
export function toolGateDeny(requestId: string, reason: string, stop: boolean): Json {
  return {
    type: 'control_response',
    response: {
      subtype: 'success',
      request_id: requestId,
      response: {
        ...(stop ? { continue: false, stopReason: 'Claude Desk moved this thread into its own worktree.' } : {}),
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: reason,
        },
      },
    },
  };
}

/** Let the tool run (a PreToolUse answer that changes nothing). */
export function toolGateOpen(requestId: string): Json {
  return {
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response: { continue: true } },
  };
}

/**
 * The rules a scope writes (case 22: `localSettings` writes `<cwd>/.claude/settings.local.json`; case 22c: `session`
 * stays in memory): the ones offered on the card (shared/approval-scopes.ts).
 */
export function suggestionsFor(scope: ApprovalScope, request: ApprovalRequest): Json[] {
  return permissionsFor(scope, request) as Json[];
}

/**
 * The answer to a `can_use_tool` prompt. Allow always carries `updatedInput` (the user's edit, or the
 * model's input, case 20/20e); deny carries the user's reason verbatim and never `interrupt:true`, which
 * would discard it and end the turn (case 21b).
 */
export function permissionResponse(request: ApprovalRequest, decision: ApprovalDecision): Json {
  let response: Json;
  if (decision.behavior === 'allow') {
    response = { behavior: 'allow', updatedInput: decision.updatedInput ?? request.input };
    const permissions = suggestionsFor(decision.scope, request);
    if (permissions.length > 0) response.updatedPermissions = permissions;
  } else {
    const reason = decision.message?.trim();
    response = {
      behavior: 'deny',
      // The model reads this verbatim as the tool_result (case 21).
      message: reason || 'The user denied this tool call.',
    };
  }
  return { type: 'control_response', response: { subtype: 'success', request_id: request.requestId, response } };
}

/** Stop: `interrupt` keeps the partial answer and tells the next turn it was interrupted (cases 25/25b). */
export function interruptRequest(requestId = `int-${randomUUID()}`): Json {
  return controlRequest(requestId, { subtype: 'interrupt' });
}
