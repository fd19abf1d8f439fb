/** Threads and their messages, as stored and as shown. Plain data only: these cross every process boundary. */

import type { ContextUsage } from './context-usage';
import * as z from 'zod';
import type { ApprovalRequest, ToolResultDetail, TurnError, TurnEvent, TurnVerdict } from './turn-events';
import type { DeviceActor } from './phone';
import type { RateLimitInfo } from './rate-limit';
import type { PermissionMode } from './settings';
import type { RetryInfo } from './retry-text';
import type { ThreadWorktree } from './worktree';
import {
  IMAGE_MEDIA_TYPES,
  type ApprovalOutcome,
  type BranchKind,
  type TaskStatus,
  type TurnStatus,
} from './turn-states';

export {
  BRANCH_KINDS,
  type ApprovalOutcome,
  type BranchKind,
  type ImageMediaType,
  type TaskStatus,
  type TurnStatus,
} from './turn-states';

export interface ThreadSettings {
  /** Model routing string as the user typed it (`claude-code:<model>[@<temperature>]` or a bare model). */
  model?: string;
  /** Absolute project directory; default: the data dir's `workspace` folder. */
  projectDir?: string;
  systemPrompt?: string;
  /** This thread's permission mode (see `effectivePermissionMode`); unset = the default of Settings. */
  permissionMode?: PermissionMode;
  /**
   * The user's own MCP servers turned off in this thread: their tools are withheld with
   * `--disallowedTools mcp__<name>` (recorded case 34e: the server still starts, the model never sees its tools).
   */
  disabledMcpServers?: string[];
  /**
   * Run this thread in its own git worktree (a git project only). Chosen until the first message; the
   * worktree itself is made on the first turn and recorded in `worktree`.
   */
  useWorktree?: boolean;
  /**
   * The thread starts in the project folder and gets its own worktree when Claude first wants to change a file
   * (the project's switch "When Claude first edits"): until then nothing it runs may change the folder.
   */
  worktreeOnEdit?: boolean;
  /** The thread's own worktree, once made. Written by the host only, never by a settings patch. */
  worktree?: ThreadWorktree;
}

export interface ThreadTotals {
  /** The sum of the turns' own costs (shared/turn-costs.ts), never of the CLI's running session totals. */
  costUsd: number;
  /** Fresh (uncached) input; cache reads and writes are counted beside it (tokenCounts adds all three). */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
  durationMs: number;
  turns: number;
  /**
   * A Claude Code session continued here (History's Continue here): what the session had cost before. Not part of
   * `costUsd`, which counts only this thread's turns since.
   */
  costBeforeUsd?: number;
}

/**
 * What a threads change was: `message` — only the thread's messages (a send, a turn's snapshot; its summary's
 * `updatedAt` and title may move); `branches` — a rewind or branch switch (messages and branches);
 * `created` / `updated` (title, pin, settings, or anything synced from another process) / `deleted`.
 */
export type ThreadsChangeKind = 'created' | 'updated' | 'deleted' | 'message' | 'branches';

export interface ThreadSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  settings: ThreadSettings;
  totals: ThreadTotals;
  /** Pinned threads sit above the date groups in the sidebar; absent = not pinned. */
  pinned?: boolean;
}

/** The image types the Messages API accepts. */
export const imageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES);

export const imageAttachmentSchema = z
  .object({
    mediaType: imageMediaTypeSchema,
    // base64, no data: prefix, of at most 5 MB (the API's limit per image); with at most 8 images a
    // message fits one browser-mode WebSocket frame (64 MiB).
    data: z.string().max(7_000_000),
    name: z.string().max(500).optional(),
  })
  .strict();
export type ImageAttachment = z.infer<typeof imageAttachmentSchema>;

export interface UserMessage {
  id: string;
  role: 'user';
  createdAt: number;
  text: string;
  /** Only counts and names are kept on disk after the turn; the bytes go to the CLI once. */
  images?: { name?: string; mediaType: string }[];
  /**
   * Not a message but a line in the thread: `clear` = `/clear` started a fresh Claude Code session here, so
   * nothing above it is sent again (shown as a divider, never to the CLI).
   */
  marker?: 'clear';
}

/** The messages the next turn builds on: those after the last `/clear`, markers left out. */
export function contextMessages(messages: ChatMessage[]): ChatMessage[] {
  let from = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user' && m.marker === 'clear') {
      from = i + 1;
      break;
    }
  }
  return messages.slice(from);
}

export type AssistantPart =
  /** `messageId` is the API message the block came from: deltas append to the part of the same message. */
  | { kind: 'text'; text: string; messageId?: string }
  | { kind: 'thinking'; text: string; messageId?: string }
  | {
      kind: 'tool';
      toolUseId: string;
      name: string;
      /** What the tool ran with: after an edit before allowing, the user's version, not the model's. */
      input: unknown;
      /** Set only when the user edited the input before allowing: what the model had proposed. */
      proposedInput?: unknown;
      /** When the call was first seen (epoch ms): a running card shows how long it has been running. */
      startedAt?: number;
      /** `result` is the head of a bigger one of this many characters, stored beside the thread. */
      resultChars?: number;
      result?: string;
      isError?: boolean;
      denied?: string;
      /** The structured part of the result (patch with line numbers, read range, file list). */
      detail?: ToolResultDetail;
      /** An Agent call: its sub-agent's own text and tool calls, in order (recorded case 34b). */
      children?: AssistantPart[];
      /** An Agent call: where its sub-agent stands. */
      subagent?: {
        status: TaskStatus;
        durationMs?: number;
        toolUses?: number;
        background?: boolean;
      };
      /** A Bash call run in the background (case 40): where it stands. */
      backgroundCommand?: {
        status: TaskStatus;
        /** Stopped by Claude Desk because the answer ended. */
        endedWithTurn?: boolean;
      };
    };

/** A permission prompt of this turn: waiting while `outcome` is unset. */
export interface ApprovalCard {
  request: ApprovalRequest;
  outcome?: ApprovalOutcome;
  /** Allowed with the user's edit of the command or content: what ran. */
  editedInput?: Record<string, unknown>;
  /** Answered from a paired device (issue 51): who — its id and its name then — by which route and address. */
  actor?: DeviceActor;
  /** The scope a device allowed (once or for this session). */
  scope?: 'once' | 'session' | 'always';
}

export interface AssistantMessage {
  id: string; // = turnId
  role: 'assistant';
  createdAt: number;
  status: TurnStatus;
  parts: AssistantPart[];
  model?: string;
  verdict?: TurnVerdict;
  error?: TurnError;
  warnings?: string[];
  /** Set while the CLI retries the API ("Retrying (n/10)", recorded case 12c); cleared when output resumes. */
  retry?: RetryInfo;
  /** What filled the context window after this turn, by category (get_context_usage or `/context`, cases 37, 39). */
  contextUsage?: ContextUsage;
  /** `/compact` ran in this turn (recorded case 37): shown as a divider. */
  compacted?: {
    trigger: string;
    preTokens?: number;
    postTokens?: number;
    /** How many parts the turn had when it happened: the divider goes before part `atPart`. */
    atPart?: number;
  };
  /**
   * Where the CLI started a turn by itself to report on a background sub-agent that finished (recorded case 34):
   * each is a part index, shown as a divider before that part.
   */
  followUps?: number[];
  /** The user's own hooks that ran in this turn, in order (recorded case 44b): small lines among the parts. */
  hooks?: HookRun[];
  /** The plan-limit state the CLI reported during this turn (rate_limit_event, case 38). */
  rateLimit?: RateLimitInfo;
  /** Approval cards in the order the CLI asked; those still waiting have no outcome. */
  approvals?: ApprovalCard[];
  /** The MCP servers this turn's CLI reported in system/init (the MCP panel shows the latest). */
  mcpServers?: { name: string; status: string; source?: string }[];
  /** The CLI's uuids of this turn's prompt (file checkpoint key) and last answer line (fork point). */
  cli?: { userUuid?: string; assistantUuid?: string };
}

/** One run of a user hook on a turn: its `hook` event's fields; `outcome` is absent while it runs. */
export type HookRun = Omit<Extract<TurnEvent, { type: 'hook' }>, 'type' | 'threadId' | 'turnId'> & {
  /** How many parts the turn had when it started: the line goes before part `atPart`. */
  atPart: number;
};

export type ChatMessage = UserMessage | AssistantMessage;

/**
 * What made a branch, for the words of its marker: a rewind, an Edit & resend, a Regenerate or a Retry of a
 * failed or stopped turn. Branches from before kinds were recorded have none and read as a rewind.
 */

/** The part of a thread a rewind set aside: still readable, and it can be switched back to. */
export interface ThreadBranch {
  id: string;
  kind?: BranchKind;
  /** The user message where the thread went another way (the first message of this branch). */
  fromMessageId: string;
  /** The last message shared with the thread (absent: the branch starts at the thread's beginning). */
  afterMessageId?: string;
  createdAt: number;
  messages: ChatMessage[];
  /** The CLI session that holds this branch's conversation. */
  sessionId?: string;
  /** The snapshot of the files as this branch left them (git projects): switching back restores it. */
  rewindId?: string;
}

export interface Thread extends ThreadSummary {
  messages: ChatMessage[];
  /** Branches set aside by rewinds, oldest first. */
  branches?: ThreadBranch[];
  /** Set when the thread could not be read in full: says what is missing (shown above the messages). */
  problem?: string;
}

/** A page of a big tool result stored beside its thread: `offset`/`total`/`nextOffset` count bytes of its UTF-8 text. */
export interface ToolResultPage {
  text: string;
  offset: number;
  total: number;
  nextOffset: number | null;
}
