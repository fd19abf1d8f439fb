import type { DataDirLayout } from '../store/data-dir';
import type { PermissionMode } from '../../shared/settings';
import type { ChatMessage, ImageAttachment, ThreadSettings } from '../../shared/threads';
import type { TurnError, TurnEvent, TurnVerdict } from '../../shared/turn-events';
import type { CliControlMessage } from './cli-event-mapper';
import type { McpEndpoint } from './turn-scratch-dir';

/** Lets a sandbox put a wall around the CLI: returns what to spawn instead (e.g. bwrap … claude …). */
export type SpawnWrapper = (
  file: string,
  args: string[],
  scratchDir: string,
) => { file: string; args: string[] } | Promise<{ file: string; args: string[] }>;

/** Everything one turn needs; plain data plus two optional hooks. */
export interface TurnRequest {
  threadId: string;
  turnId: string;
  content: { text: string; images?: ImageAttachment[] };
  /** The thread's messages before this one (for the transcript preamble of a new CLI session). */
  earlierMessages: ChatMessage[];
  settings: ThreadSettings;
  permissionMode: PermissionMode;
  /** The discovered CLI and the PATH entries discovery wants the child to have. */
  /**
   * `prefixArgs`: what goes before the CLI's own arguments — a Windows npm shim resolves to
   * `node.exe <cli.js>` (spawning the `.cmd` itself fails), so `path` is node and the script comes first.
   */
  cli: { path: string; prefixArgs?: string[]; pathAdditions?: string[] };
  /** The key saved in Settings (used only when ANTHROPIC_API_KEY is not in the environment). */
  savedApiKey?: string;
  /** The app's MCP endpoint: up, not configured (null), or failed to start (the turn runs without tools). */
  mcp: McpEndpoint | null | 'failed';
  wrap?: SpawnWrapper;
  layout: Pick<DataDirLayout, 'workspaceDir'>;
  /** Pass `--permission-prompt-tool stdio` in acceptEdits mode too (issue 8). */
  promptTool?: boolean;
  /**
   * Control-protocol lines from the CLI (can_use_tool, control_response, control_cancel_request).
   * Without a handler, permission prompts are denied at once so the CLI never waits forever (case 23).
   */
  onControl?: (message: CliControlMessage, channel: ControlChannel) => void;
  /** The process is up: the app may now send its own control requests (set_permission_mode, set_model). */
  onChannel?: (channel: ControlChannel) => void;
}

/** What a control handler may do with the running process. */
export interface ControlChannel {
  /** Write one JSON line to the CLI's stdin. */
  send(message: object): void;
  /** The CLI waits without output while a card waits (case 23): hold the idle bound meanwhile. */
  pauseIdle(): void;
  resumeIdle(): void;
  /** Push an app event for this turn (approval_request, approval_resolved, …). */
  emit(event: TurnEvent): void;
  /** Settles when the process has exited (open cards are then withdrawn). */
  closed?: Promise<unknown>;
}

export type TurnOutcome = {
  status: 'done' | 'failed' | 'stopped';
  verdict?: TurnVerdict;
  error?: TurnError;
};

export interface TurnHandle {
  turnId: string;
  /** Stop the turn, queued or running. Safe to call more than once. */
  stop(): void;
  /** Settles after `finished` was emitted; never rejects. */
  done: Promise<TurnOutcome>;
}
