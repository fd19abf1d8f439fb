/**
 * The app's own typed events for one chat turn. Core maps raw CLI stream-json into these
 * (see src/core/turn); the app pushes them to every front door; the renderer and the store
 * fold them into an AssistantMessage with the shared reducer (turn-reducer.ts).
 */

export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
}

/** The CLI's `result` line. Failure is judged by `isError`, never by `subtype` (recorded case 04). */
export interface TurnVerdict {
  isError: boolean;
  subtype: string;
  terminalReason?: string;
  result?: string;
  costUsd: number;
  durationMs: number;
  numTurns: number;
  usage: TurnUsage;
}

export type TurnErrorKind =
  | 'auth_required' // not logged in / invalid key → login card
  | 'cli_missing' // spawn failed / binary gone
  | 'idle_timeout'
  | 'root_bypass' // bypassPermissions refused as root
  | 'session' // resume/session recovery failed
  | 'cli_error' // is_error verdict or non-zero exit
  | 'stopped'
  | 'internal';

export interface TurnError {
  kind: TurnErrorKind;
  message: string;
  /** What the user can do about it, in one sentence. */
  hint?: string;
}

export interface ApprovalRequest {
  requestId: string;
  toolUseId?: string;
  toolName: string;
  displayName?: string;
  input: Record<string, unknown>;
  description?: string;
  blockedPath?: string;
  /** The CLI's permission_suggestions, passed back verbatim for "session" / "always". */
  suggestions: unknown[];
}

export type ApprovalDecision =
  | { behavior: 'allow'; scope: 'once' | 'session' | 'always'; updatedInput?: Record<string, unknown> }
  | { behavior: 'deny'; message?: string };

type Base = { threadId: string; turnId: string };

export type TurnEvent = Base &
  (
    | { type: 'queued'; position: number }
    | { type: 'started'; startedAt: number }
    | {
        type: 'init';
        sessionId: string;
        model: string;
        permissionMode?: string;
        tools: string[];
        mcpServers: { name: string; status: string }[];
      }
    | { type: 'warning'; message: string }
    | { type: 'message_start'; messageId: string }
    | { type: 'text_delta'; messageId: string; text: string }
    /** A whole text block that was not streamed (older CLI or a non-streamed retry). */
    | { type: 'text'; messageId: string; text: string }
    | { type: 'thinking_delta'; messageId: string; text: string }
    /** The CLI abandoned a partial message (message_stop.abandoned_blocks): drop its text. */
    | { type: 'abandon'; messageId: string }
    | { type: 'tool_call'; toolUseId: string; name: string; input: unknown }
    | { type: 'tool_result'; toolUseId: string; content: string; isError: boolean }
    | { type: 'permission_denied'; toolUseId: string; toolName: string; message: string }
    | { type: 'retry'; attempt: number; maxRetries: number; errorStatus?: number; delayMs?: number }
    | { type: 'retry_cleared' }
    | { type: 'rate_limit'; info: Record<string, unknown> }
    | { type: 'approval_request'; request: ApprovalRequest }
    | { type: 'approval_resolved'; requestId: string; outcome: 'allowed' | 'denied' | 'cancelled' }
    | { type: 'result'; verdict: TurnVerdict }
    | { type: 'error'; error: TurnError }
    | { type: 'finished'; status: 'done' | 'failed' | 'stopped' }
  );

export type TurnEventType = TurnEvent['type'];
