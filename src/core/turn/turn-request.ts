import type { DataDirLayout } from '../store/data-dir';
import type { PermissionMode } from '../../shared/settings';
import type { AssistantMessage, ChatMessage, ImageAttachment, ThreadSettings, UserMessage } from '../../shared/threads';
import type { ApprovalDecision, ApprovalFile, TurnError, TurnVerdict } from '../../shared/turn-events';
import type { FinishedStatus } from '../../shared/turn-states';
import type { ControlResult } from '../claude-code-wire/control-protocol';
import type { McpEndpoint } from './turn-scratch-dir';

/** What to spawn instead, and the files (name → content) it needs in the scratch dir (a Seatbelt profile). */
export interface WrappedSpawn {
  file: string;
  args: string[];
  files?: Record<string, string>;
}

/**
 * Lets a sandbox put a wall around the CLI: returns what to spawn instead (e.g. bwrap … claude …). It writes
 * nothing: a turn is planned in memory first, with a stand-in for the scratch dir's path.
 */
export type SpawnWrapper = (file: string, args: string[], scratchDir: string) => WrappedSpawn | Promise<WrappedSpawn>;

/** Everything one turn needs: plain data plus the sandbox's wrapper. */
export interface TurnRequest {
  threadId: string;
  turnId: string;
  content: { text: string; images?: ImageAttachment[] };
  /**
   * The thread's messages before this one (for the transcript preamble of a new CLI session), read only when
   * asked: a resumed session (almost every turn) never needs them.
   */
  earlierMessages(): Promise<ChatMessage[]>;
  /**
   * For a resumed session: the thread's last messages that were stopped before Claude Code read them (never in its
   * session), handed over with this one. Read only when the thread may have some.
   */
  unreadMessages?(): Promise<UserMessage[]>;
  settings: ThreadSettings;
  permissionMode: PermissionMode;
  /**
   * The discovered CLI. `prefixArgs`: what goes before the CLI's own arguments — a Windows npm shim resolves
   * to `node.exe <cli.js>` (spawning the `.cmd` itself fails), so `path` is node and the script comes first.
   * `pathEnv`: the whole PATH the child gets (CliService.childPathEnv). `version`: its `--version` (how Claude Desk's
   * MCP server reaches it: in `initialize` from 2.1.326 on, else a file).
   */
  cli: { path: string; prefixArgs?: string[]; pathEnv?: string; version?: string };
  /** The key saved in Settings (used only when ANTHROPIC_API_KEY is not in the environment). */
  savedApiKey?: string;
  /** The app's MCP endpoint: up, not configured (null), or failed to start (the turn runs without tools). */
  mcp: McpEndpoint | null | 'failed';
  wrap?: SpawnWrapper;
  layout: Pick<DataDirLayout, 'workspaceDir'>;
  /**
   * Set after a rewind: while the thread's session is still `sessionId`, the next turn resumes it only up to
   * `resumeAt` (an answer line's uuid) as a forked session.
   */
  forkAt?: { sessionId: string; resumeAt: string };
  /** Let the user's own MCP servers (~/.claude.json, .mcp.json) run beside Claude Desk's (Settings, default on). */
  includeUserMcpServers?: boolean;
  /**
   * Who answers the CLI's permission prompts (can_use_tool). `user`: each becomes an approval card
   * (approval_request event) answered through TurnHandle.answer. Absent: core's default policy denies at
   * once with a sentence the model reads (case 21), so the CLI never waits for nobody (case 23).
   */
  approvals?: 'user';
  /**
   * Keeps a big tool result once, beside the thread (ThreadsStore.saveToolResult); the turn's events and
   * snapshots then carry only its head. Absent: results are kept whole (tests, no store). A result read from a
   * long line comes as its decoded pieces (a BigText), never as one string: write them one after another.
   */
  keepToolResult?: (toolUseId: string, content: string | Iterable<string>) => void;
  /**
   * Settles when Claude may read the message: it is saved. The engine takes the lock, builds the plan and takes
   * the kept process meanwhile, and writes the user line only after it; a rejection fails the turn (its message
   * says why) before the message reaches the CLI.
   */
  ready?: Promise<unknown>;
  /**
   * What each of the turn's tools waits for, however it settles: the project's snapshot for rewind, started by the
   * first call if nothing started it before (the app starts it with the answer's first output). The CLI asks
   * before every tool (a PreToolUse hook, case 43), so the message goes without waiting for it.
   */
  toolGate?: () => Promise<unknown>;
  /**
   * A "when Claude first edits" thread (still in its project folder): asked before the turn's first tool call that
   * may change files (edit-tools.ts), which waits for the answer. `moved`: the call is refused and the turn stops
   * (case 66 a), then goes on in `folder` — the same session, resumed there with `note` as its line (case 66 b);
   * `refused`: the call is refused with `reason` and Claude goes on where it is; `go`: it runs.
   */
  firstEdit?: (call: FirstEditCall) => Promise<FirstEditAnswer>;
}

/** The editing call a "when Claude first edits" thread is asked about (its PreToolUse input, case 66). */
export interface FirstEditCall {
  toolName: string;
  input: unknown;
  toolUseId?: string;
}

/** The host's answer to a thread's first editing tool call (TurnRequest.firstEdit). */
export type FirstEditAnswer =
  | { kind: 'moved'; folder: string; reason: string; note: string; line: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'go' };

/**
 * A turn whose request is still being prepared (CLI status, MCP endpoint, wall): it is registered and
 * holds its place in the thread's queue meanwhile, so it can be stopped and counts as busy. A thrown
 * TurnSetupError becomes the turn's error (its kind and hint); anything else an `internal` one.
 */
export interface TurnStart {
  threadId: string;
  turnId: string;
  /** When the answer started (its message's createdAt); default: now. */
  createdAt?: number;
  prepare: () => Promise<TurnRequest>;
  /**
   * The owner's own end of the turn (the files' after-turn snapshot, the last saves), run once the engine has given
   * back the thread's lock and its place; the turn is closed (its phase over, `closed` settled) only after it.
   */
  close?: (outcome: TurnOutcome) => Promise<void>;
}

export type TurnOutcome = {
  status: FinishedStatus;
  verdict?: TurnVerdict;
  error?: TurnError;
};

export interface TurnHandle {
  threadId: string;
  turnId: string;
  /** The answer so far, folded from this turn's events by the shared reducer (for a reconnecting tab). */
  readonly message: AssistantMessage;
  /** A CLI process is answering right now: control requests reach it. */
  readonly running: boolean;
  /** Stop the turn, queued or running. Safe to call more than once. */
  stop(): void;
  /** Ask the running CLI to interrupt (case 25): it ends the turn with its own result, the partial answer kept. */
  interrupt(): Promise<ControlResult>;
  /** Answer a waiting approval card; false when it no longer waits (answered, withdrawn, turn over). */
  answer(requestId: string, decision: ApprovalDecision): boolean;
  /** The file a waiting card is about, as it is on disk now, read only inside the project folder. */
  approvalFile(requestId: string): Promise<ApprovalFile>;
  /** Switch the running CLI's model (set_model, cases 27/27b): `provider/model` routing is resolved first. */
  setModel(model: string | undefined): Promise<ControlResult>;
  /** Switch the running CLI's permission mode (set_permission_mode, case 26). */
  setPermissionMode(mode: PermissionMode): Promise<ControlResult>;
  /**
   * `finished` was emitted: the turn is over, only closing (its lock and its slot are being given back). A turn
   * started now waits for that in the engine's queue; nothing of this turn will emit another event.
   */
  readonly finished: boolean;
  /** Settles after `finished` was emitted and the engine gave back the lock and the place; never rejects. */
  done: Promise<TurnOutcome>;
  /** Settles once the turn is over, the owner's end (TurnStart.close) included; never rejects. */
  closed: Promise<TurnOutcome>;
}
