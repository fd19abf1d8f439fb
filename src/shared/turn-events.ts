/**
 * The app's own typed events for one chat turn. Core maps raw CLI stream-json into these
 * (see src/core/turn); the app pushes them to every front door; the renderer and the store
 * fold them into an AssistantMessage with the shared reducer (turn-reducer.ts).
 */
import type { ContextUsage } from './context-usage';
import * as z from 'zod';
import type { ApprovalOutcome, FinishedStatus, TaskStatus } from './turn-states';
import { PHONE_ROUTES, type DeviceActor } from './phone';

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
  /** This turn's own cost: the increase of its session's running total (shared/turn-costs.ts). */
  costUsd: number;
  /** The CLI's `total_cost_usd`: the running total of the whole session, as reported. */
  sessionCostUsd?: number;
  /** The session the result line belongs to (its `session_id`). */
  sessionId?: string;
  durationMs: number;
  numTurns: number;
  usage: TurnUsage;
  /**
   * Tokens in the context window after the turn (the last API call's input + cache + output) and the window's size
   * (`result.modelUsage[model].contextWindow`, recorded cases 30–38).
   */
  context?: { tokens: number; window?: number };
}

/** One hunk of the CLI's `structuredPatch` (recorded case 30): `lines` start with ' ', '-' or '+'. */
export interface PatchHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/**
 * The structured part of a tool's result (`user.tool_use_result`, recorded cases 30–34), kept small: what a card
 * needs beyond the text the model saw.
 */
export type ToolResultDetail =
  /** Edit / Write: the real patch with line numbers; `created` for a Write of a new file. */
  | { kind: 'patch'; hunks: PatchHunk[]; created?: boolean }
  /** Read: which lines of how many. */
  | { kind: 'read'; startLine: number; numLines: number; totalLines: number }
  /** Glob / Grep (files mode): the matching paths. */
  | { kind: 'files'; filenames: string[]; numFiles: number; truncated: boolean }
  /** Agent: the sub-agent's totals (task_notification / the Agent result). */
  | { kind: 'subagent'; durationMs?: number; toolUses?: number; totalTokens?: number }
  /** A built-in Accept edits withholds (shell, web, sub-agents): the CLI refused the call (recorded case 56). */
  | { kind: 'withheld'; reason: WithheldReason };

/** What Accept edits keeps off, by the kind of tool (build-turn-args.ts DISALLOWED_TOOLS). */
export type WithheldReason = 'shell' | 'web' | 'subagents';

export type TurnErrorKind =
  | 'auth_required' // not logged in / invalid key → login card
  | 'cli_missing' // spawn failed / binary gone
  | 'idle_timeout'
  | 'root_bypass' // bypassPermissions refused as root
  | 'cli_error' // is_error verdict or non-zero exit
  | 'context_too_long' // the conversation no longer fits the model's context window (recorded cases 57, 57b)
  | 'interrupted' // Claude Desk stopped (crash, kill, power) while the turn ran
  | 'busy_elsewhere' // another process (a second window, the command line) is running a turn on this thread
  | 'internal';

/** Which credential a turn used (build-turn-args.ts's order): the one a 401 rejected. */
export type TurnCredential = 'env_api_key' | 'saved_api_key' | 'cli_login';

export interface TurnError {
  kind: TurnErrorKind;
  message: string;
  /** auth_required only: the credential that was missing or rejected, so the UI offers only the fix that works. */
  credential?: TurnCredential;
  /** What the user can do about it, in one sentence. */
  hint?: string;
  /** Claude Code's own words, when they say more than `message` (context_too_long: why it cannot compact). */
  detail?: string;
}

export interface ApprovalRequest {
  requestId: string;
  toolUseId?: string;
  toolName: string;
  displayName?: string;
  input: Record<string, unknown>;
  description?: string;
  blockedPath?: string;
  /** The CLI's permission_suggestions (its own rule for a shell command, cases 20c/22). */
  suggestions: unknown[];
  /** Why the CLI asks, in its words (e.g. "A variable in this command can't be checked before it runs"). */
  decisionReason?: string;
  /** The scopes offered and the rule each writes (shared/approval-scopes.ts), computed by the host. */
  offers?: ApprovalOffers;
}

/** One "allow" scope on offer: the rules as Claude Code writes them, and what the allow answer carries for them. */
export interface ScopeOffer {
  /** e.g. `Bash(npm run test:*)`, `Edit(src/app.ts)`, `WebFetch(domain:example.com)`. */
  rules: string[];
  /** The `updatedPermissions` entries of the allow answer. */
  permissions: object[];
}

export interface ApprovalOffers {
  session?: ScopeOffer;
  always?: ScopeOffer;
  /** Why only "once" is possible, when it is. */
  onceOnly?: string;
}

/** How far an "allow" reaches: this call, the rest of the session, or a rule saved in the project. */
export const approvalScopeSchema = z.enum(['once', 'session', 'always']);
export type ApprovalScope = z.infer<typeof approvalScopeSchema>;

/**
 * Who answered from a paired device (issue 51): written by the computer's device gate over anything a device sent,
 * kept on the card and in the thread log, after a revoke too.
 */
export const deviceActorSchema = z
  .object({
    deviceId: z.string().min(1).max(200),
    name: z.string().max(200),
    route: z.enum(PHONE_ROUTES),
    address: z.string().max(200),
  })
  .strict();

export const approvalDecisionSchema = z.discriminatedUnion('behavior', [
  z
    .object({
      behavior: z.literal('allow'),
      scope: approvalScopeSchema,
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      actor: deviceActorSchema.optional(),
    })
    .strict(),
  z
    .object({
      behavior: z.literal('deny'),
      message: z.string().max(10_000).optional(),
      actor: deviceActorSchema.optional(),
    })
    .strict(),
]);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** How a user hook ended: exit 0, exit 2 (it blocked what it guards), or any other failure (the CLI goes on). */
export type HookOutcome = 'ran' | 'blocked' | 'failed';

type Base = { threadId: string; turnId: string };

export type TurnEvent = Base &
  (
    | {
        type: 'queued';
        position: number;
        /** Waiting for another Claude Desk process's turn on this thread: the sentence to show. */
        elsewhere?: string;
      }
    | { type: 'started'; startedAt: number }
    | {
        type: 'init';
        sessionId: string;
        model: string;
        permissionMode?: string;
        tools: string[];
        mcpServers: { name: string; status: string; source?: string }[];
      }
    | { type: 'warning'; message: string }
    | { type: 'message_start'; messageId: string }
    | { type: 'text_delta'; messageId: string; text: string }
    /** A whole text block that was not streamed (older CLI or a non-streamed retry). */
    | { type: 'text'; messageId: string; text: string }
    | { type: 'thinking_delta'; messageId: string; text: string }
    /** The CLI abandoned a partial message (message_stop.abandoned_blocks): drop its text. */
    | { type: 'abandon'; messageId: string }
    /**
     * `parentToolUseId`: made by the sub-agent of that Agent call (recorded case 34b). `startedAt`: when
     * the app saw the call (the card's running time; a long tool is not silence).
     */
    | {
        type: 'tool_call';
        toolUseId: string;
        name: string;
        input: unknown;
        parentToolUseId?: string;
        startedAt?: number;
      }
    | {
        type: 'tool_result';
        toolUseId: string;
        content: string;
        isError: boolean;
        detail?: ToolResultDetail;
        parentToolUseId?: string;
        /**
         * Set when `content` is only the head of a big result: its full length in characters.
         * The whole result is stored once beside the thread, never in every snapshot.
         */
        fullChars?: number;
      }
    /** A sub-agent's own text (`--forward-subagent-text`, case 34b), shown inside its Agent card. */
    | { type: 'subagent_text'; parentToolUseId: string; text: string }
    /** A sub-agent started or ended (`system/task_started`, `task_notification`, case 34b). */
    | {
        type: 'subagent';
        toolUseId: string;
        status: TaskStatus;
        durationMs?: number;
        toolUses?: number;
        background?: boolean;
      }
    /**
     * A Bash call run in the background (`run_in_background`, `system/task_started` of a `local_bash` task, case 40)
     * started or ended. `endedWithTurn`: Claude Desk stopped it because the answer ended (nothing a turn starts runs
     * on after it).
     */
    | {
        type: 'background_command';
        toolUseId: string;
        /** The CLI's task id (what stop_task names). */
        taskId: string;
        status: TaskStatus;
        endedWithTurn?: boolean;
      }
    /**
     * One of the user's own Claude Code hooks started or ended (`system/hook_started` / `hook_response`, paired by
     * `hookId`; only with `--include-hook-events`, recorded case 44b). `name` is the CLI's, e.g. `PreToolUse:Write`.
     */
    | {
        type: 'hook';
        hookId: string;
        name: string;
        event: string;
        outcome?: HookOutcome;
        exitCode?: number;
        /** What the hook said on stderr (a block's reason), kept short. */
        message?: string;
      }
    /** `/compact` finished (`system/compact_boundary`, case 37). */
    | { type: 'compacted'; trigger: string; preTokens?: number; postTokens?: number }
    /** What fills the context window, by category (get_context_usage after the turn, or `/context`; cases 37, 39). */
    | { type: 'context_usage'; usage: ContextUsage }
    | { type: 'permission_denied'; toolUseId: string; toolName: string; message: string }
    | { type: 'retry'; attempt: number; maxRetries: number; errorStatus?: number; error?: string; delayMs?: number }
    | { type: 'retry_cleared' }
    | { type: 'rate_limit'; info: Record<string, unknown> }
    /** The CLI's ids for this turn's prompt and its latest answer line (rewind and forks key on them). */
    | { type: 'cli_uuids'; userUuid?: string; assistantUuid?: string }
    | { type: 'approval_request'; request: ApprovalRequest }
    | {
        type: 'approval_resolved';
        requestId: string;
        outcome: ApprovalOutcome;
        /** Allowed after the user edited the command or content: what the tool actually ran with (case 20e). */
        editedInput?: Record<string, unknown>;
        /** Answered from a paired device: which one, and the scope it allowed (issue 51). */
        actor?: DeviceActor;
        scope?: ApprovalScope;
      }
    | { type: 'result'; verdict: TurnVerdict }
    | { type: 'error'; error: TurnError }
    | { type: 'finished'; status: FinishedStatus }
  );

/**
 * A file an approval card is about, as it is on disk now (read by the host for the card: the page reads no files).
 * `outside`: the path is not in the thread's project folder, so it was not read; `gone`: the card no longer waits.
 */
export type ApprovalFile =
  | { state: 'exists'; content: string }
  | { state: 'missing' }
  | { state: 'too-big'; bytes: number; limit: number }
  | { state: 'not-text' }
  | { state: 'outside' }
  | { state: 'unreadable'; message: string }
  | { state: 'gone' };
