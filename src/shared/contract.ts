/**
 * The one IPC contract. Every request/response call and every pushed event is declared here once;
 * the Electron main process, the preload, the browser-mode host and the renderer all derive their
 * types from it. Inputs are zod schemas because they come from the (untrusted) renderer and are
 * validated at runtime by every host; outputs are types only because the host produces them.
 */
import * as z from 'zod';
import { call } from './contract-call';
import { MAX_IMAGES_PER_MESSAGE, type CallName } from './call-names';
import type { BoardState, ExternalAgents } from './board';
import type { LiveTurn } from './live-turns';
import type { AuthStatus, CliStatus, DoctorReport, SandboxState } from './cli-status';
import type { ComposerCatalog, FileMatch } from './composer';
import type { MessageQueueState } from './message-queue';
import { modelRoutingSchema } from './model-routing';
import type { HistoryPage, HistorySearchHit, HistorySession, HistoryStats } from './history';
import type { Memory } from './memory';
import type { PairingEnd, PairingRequest } from './phone';
import {
  LAND_ACTIONS,
  type ChangeDiff,
  type ChangesChangedEvent,
  type LandOutcome,
  type PullRequestReadiness,
  type ThreadChanges,
} from './worktree-changes';
import type { FolderCompletion, ProjectFolder } from './projects';
import { REWIND_SCOPES, type BranchSummary, type RewindOutcome, type RewindPreview } from './rewind';
import { permissionModeSchema, settingsPatchSchema, type AppSettings } from './settings';
import {
  imageAttachmentSchema,
  type Thread,
  type ThreadsChangeKind,
  type ThreadSummary,
  type ToolResultPage,
} from './threads';
import { approvalDecisionSchema, type ApprovalFile, type TurnEvent } from './turn-events';
import { windowKeySchema, windowStatePatchSchema, type WindowState } from './window-state';
import { RESEND_KINDS } from './turn-states';
import { setupCalls } from './claude-code-setup-calls';
import { changesCalls } from './worktree-calls';
import { phoneCalls } from './phone-calls';
import { usageCalls } from './usage-calls';
import { notifyCalls } from './notify-calls';
import type { BudgetState } from './usage';

const id = z.string().min(1).max(200);
/** A message id chosen by the client (a UUID in practice): plain characters only, it keys the thread log. */
const messageId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'a message id is 1–100 letters, digits, - or _');
/** A Claude Code session id: the CLI's uuid (its transcript's file name). */
const sessionId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'not a session id');
const threadSettings = z
  .object({
    model: modelRoutingSchema.optional(),
    projectDir: z.string().max(4096).optional(),
    systemPrompt: z.string().max(200_000).optional(),
    permissionMode: permissionModeSchema.optional(),
    /** [] = all of the user's servers on. Names as MCP configs allow them; they end up in a CLI argument. */
    disabledMcpServers: z
      .array(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'an MCP server name is letters, digits, _, . or -'))
      .max(100)
      .optional(),
    /** Chosen until the first message; the host makes the worktree and records it (never from a patch). */
    useWorktree: z.boolean().optional(),
    /** Its worktree when Claude first edits (chosen until the first message, as useWorktree). */
    worktreeOnEdit: z.boolean().optional(),
  })
  .strict();
export { CALL_NAMES, MAX_IMAGES_PER_MESSAGE, type CallName } from './call-names';

/** What serves the page and runs the app: the window, browser mode or the command line (which serves no page). */
export type HostName = 'electron' | 'web' | 'command-line';

export interface AppInfo {
  name: string;
  version: string;
  host: Exclude<HostName, 'command-line'>;
  platform: string;
  dataDir: string;
  logFile: string;
  /** Problems with the app's own files (state moved aside, unreadable) since it started, oldest first. */
  warnings?: string[];
  /** Claude Code will refuse full access: Claude Desk runs as root without IS_SANDBOX (permission-mode.ts). */
  fullAccessRefused?: boolean;
}

export interface CliOverview {
  cli: CliStatus;
  auth: AuthStatus;
  sandbox: SandboxState;
}

/** Every call of CALL_NAMES (call-names.ts) and no other: `satisfies` fails the build on a missing or extra name. */
export const calls = {
  getAppInfo: call<AppInfo>()(z.undefined()),
  getCliStatus: call<CliOverview>()(z.object({ force: z.boolean().optional() }).strict().optional()),
  getDoctor: call<DoctorReport>()(z.undefined()),

  listThreads: call<ThreadSummary[]>()(z.undefined()),
  getThread: call<Thread | null>()(z.object({ threadId: id }).strict()),
  /** A page of a big tool result stored beside the thread (the card's "Show all"), byte offsets; null if none. */
  readToolResult: call<ToolResultPage | null>()(
    z
      .object({
        threadId: id,
        toolUseId: z.string().min(1).max(200),
        offset: z.number().int().min(0).optional(),
        limit: z
          .number()
          .int()
          .min(1)
          .max(4 * 1024 * 1024)
          .optional(),
      })
      .strict(),
  ),
  createThread: call<ThreadSummary>()(
    z
      .object({ title: z.string().max(200).optional(), settings: threadSettings.optional() })
      .strict()
      .optional(),
  ),
  renameThread: call<null>()(z.object({ threadId: id, title: z.string().min(1).max(200) }).strict()),
  deleteThread: call<null>()(z.object({ threadId: id }).strict()),
  /** Answers the thread's settings as saved (the mode Claude Code took, when it took another than asked). */
  updateThreadSettings: call<ThreadSummary['settings'] | null>()(
    z.object({ threadId: id, settings: threadSettings }).strict(),
  ),
  /** Pinned threads sit above the date groups in the sidebar. */
  pinThread: call<null>()(z.object({ threadId: id, pinned: z.boolean() }).strict()),
  searchThreads: call<{ thread: ThreadSummary; snippet: string }[]>()(
    z.object({ query: z.string().max(1000) }).strict(),
  ),

  sendMessage: call<{ turnId: string; messageId: string }>()(
    z
      .object({
        threadId: id,
        /** The id the sender gave its optimistic user message: the host stores the message under it. */
        messageId: messageId.optional(),
        /**
         * The id the sender gave the answer it shows at once (its turn): a UUID, so no two senders pick the same.
         * The page shows the question and the answer's place in one render at Enter, not a second on the reply.
         */
        turnId: sessionId.optional(),
        text: z.string().max(1_000_000),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
      })
      .strict(),
  ),
  stopTurn: call<null>()(z.object({ threadId: id, turnId: id.optional() }).strict()),
  /** A message typed while a turn runs waits in the host and goes when the turn ends well. */
  queueMessage: call<MessageQueueState>()(
    z
      .object({
        threadId: id,
        messageId,
        text: z.string().max(1_000_000),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
      })
      .strict(),
  ),
  getMessageQueue: call<MessageQueueState>()(z.object({ threadId: id }).strict()),
  editQueuedMessage: call<MessageQueueState>()(
    z.object({ threadId: id, messageId, text: z.string().max(1_000_000) }).strict(),
  ),
  removeQueuedMessage: call<MessageQueueState>()(z.object({ threadId: id, messageId }).strict()),
  /** Stop the running turn (if any) and send this queued message next. */
  sendQueuedNow: call<MessageQueueState>()(z.object({ threadId: id, messageId }).strict()),
  answerApproval: call<null>()(
    z.object({ threadId: id, turnId: id, requestId: id, decision: approvalDecisionSchema }).strict(),
  ),
  /**
   * The file a waiting Write/Edit card is about, as it is on disk now: the card diffs against it. The host finds the
   * path in the pending request (the page names no path) and reads only inside the thread's project folder.
   */
  readApprovalFile: call<ApprovalFile>()(z.object({ threadId: id, turnId: id, requestId: id }).strict()),
  /** The composer's pickers: the CLI's slash commands and models for this thread's folder. */
  getComposerCatalog: call<ComposerCatalog>()(z.object({ threadId: id.optional() }).strict().optional()),
  /**
   * The @-picker: files of the thread's project folder matching what was typed after `@`. `indexing`: the
   * folder is still being listed and the answer covers the `total` files found so far (ask again shortly);
   * `refreshing`: the answer comes from the last whole listing while a newer one is made (ask again shortly).
   */
  searchProjectFiles: call<{
    matches: FileMatch[];
    truncated: boolean;
    total: number;
    indexing: boolean;
    refreshing: boolean;
  }>()(
    z
      .object({
        threadId: id.optional(),
        query: z.string().max(1000),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .strict(),
  ),
  /** `/clear`: the thread's next turn starts a fresh Claude Code session; the messages stay visible. */
  clearSession: call<null>()(z.object({ threadId: id }).strict()),
  /** What "Rewind to here" would change: the files (with before/now text for a diff) and what can't be undone. */
  previewRewind: call<RewindPreview>()(z.object({ threadId: id, messageId: id }).strict()),
  /**
   * Restore the files and continue the conversation from before `messageId` (`scope`: both, the default, or one
   * of them); conflicts in `overwrite` are replaced.
   */
  rewindThread: call<RewindOutcome>()(
    z
      .object({
        threadId: id,
        messageId: id,
        overwrite: z.array(z.string().max(4096)).max(10_000).optional(),
        scope: z.enum(REWIND_SCOPES).optional(),
      })
      .strict(),
  ),
  /** The branches rewinds set aside in a thread (summaries; the messages come with getThread). */
  listBranches: call<BranchSummary[]>()(z.object({ threadId: id }).strict()),
  /** Bring a branch a rewind set aside back, with its files; the current messages become a branch. */
  /**
   * Send a user message again from where it was — the conversation forks just before it (what followed
   * stays as a branch; files are untouched) and `text` (edited) or the same text goes as a new message.
   * Edit & resend, Regenerate and Retry are this call.
   */
  resendFrom: call<{ turnId: string; messageId: string }>()(
    z
      .object({
        threadId: id,
        messageId: id,
        text: z.string().max(1_000_000).optional(),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
        /** What the user did, for the branch marker's words (default: `edit` with a text, else `regenerate`). */
        kind: z.enum(RESEND_KINDS).optional(),
      })
      .strict(),
  ),
  switchBranch: call<{ restored: string[]; kept: string[] }>()(z.object({ threadId: id, branchId: id }).strict()),
  /** A worktree thread's changes against its base (the Changes panel); null without a worktree. */
  getChanges: call<ThreadChanges>()(z.object({ threadId: id }).strict()),
  /** One changed file before and after, for the diff view. */
  getChangeDiff: call<ChangeDiff>()(
    z.object({ threadId: id, path: z.string().min(1).max(4096), oldPath: z.string().max(4096).optional() }).strict(),
  ),
  /** The commit message drafted from the thread (the user edits it before a land). */
  draftCommitMessage: call<string>()(z.object({ threadId: id }).strict()),
  /** Commit, merge into the base, keep as branch, open a pull request or discard; a refusal is an outcome. */
  landThread: call<LandOutcome>()(
    z
      .object({
        threadId: id,
        action: z.enum(LAND_ACTIONS),
        message: z.string().max(100_000).optional(),
        force: z.boolean().optional(),
        despiteSessions: z.boolean().optional(),
        keepWorktree: z.boolean().optional(),
      })
      .strict(),
  ),
  /** Whether Create pull request can work for this thread's repository (gh installed and logged in, a remote). */
  getPullRequestReadiness: call<PullRequestReadiness>()(z.object({ threadId: id }).strict()),
  /** Hint that the user is about to type in this thread (pre-warm the next turn's CLI process). */
  prepareTurn: call<null>()(z.object({ threadId: id }).strict()),

  /** A window's place (open thread, panes, scroll, drafts, sidebar), so a reload or restart resumes it. */
  getWindowState: call<WindowState>()(z.object({ window: windowKeySchema }).strict().optional()),
  /** A patch of a window's place; the host coalesces the writes (drafts change on every keystroke). */
  saveWindowState: call<null>()(windowStatePatchSchema),
  /** The desktop app: a window of its own for a thread (null: the thread list's last place), opened again at start. */
  openWindow: call<null>()(z.object({ threadId: id.nullable() }).strict()),

  getSettings: call<AppSettings>()(z.undefined()),
  updateSettings: call<AppSettings>()(settingsPatchSchema),
  setApiKey: call<AppSettings>()(z.object({ key: z.string().min(1).max(500) }).strict()),
  clearApiKey: call<AppSettings>()(z.undefined()),

  listMemories: call<{ items: Memory[]; nextCursor?: string }>()(
    z
      .object({
        query: z.string().max(1000).optional(),
        tag: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        cursor: z.string().max(200).optional(),
      })
      .strict()
      .optional(),
  ),
  deleteMemory: call<null>()(z.object({ id }).strict()),

  /** History: every Claude Code session on this machine, most recent first. */
  listHistory: call<HistorySession[]>()(z.undefined()),
  /** Wait for a full re-scan of the sessions (a host without the watcher running: the command line). */
  refreshHistory: call<null>()(z.undefined()),
  /** A page of a session's transcript, newest last; `before` = the previous page's cursor (omit for the end). */
  getHistoryPage: call<HistoryPage>()(z.object({ sessionId, before: z.number().int().min(0).optional() }).strict()),
  /** Sessions and threads together, with a snippet around the hit. */
  searchHistory: call<HistorySearchHit[]>()(
    z.object({ query: z.string().max(1000), limit: z.number().int().min(1).max(500).optional() }).strict(),
  ),
  pinHistorySession: call<null>()(z.object({ sessionId, pinned: z.boolean() }).strict()),
  /** The thread that continues a session (an existing one, or a new one whose next message resumes it). */
  continueSession: call<{ threadId: string; created: boolean }>()(z.object({ sessionId }).strict()),
  /** Markdown of a thread or a session (the renderer copies it or saves it as a file). */
  exportMarkdown: call<{ fileName: string; markdown: string }>()(
    z.union([z.object({ threadId: id }).strict(), z.object({ sessionId }).strict()]),
  ),
  getHistoryStats: call<HistoryStats>()(z.undefined()),

  /** Projects: folders of threads and of the CLI's own sessions, most recent first, each described. */
  listRecentProjects: call<ProjectFolder[]>()(z.undefined()),
  /** One folder: exists? readable? git and its branch? A problem is one sentence saying what to do. */
  describeFolder: call<ProjectFolder>()(z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** Browser mode's path field: folder names under the typed path (`~` expanded; hidden ones only when typed). */
  completeFolder: call<FolderCompletion>()(
    z.object({ prefix: z.string().max(4096), limit: z.number().int().min(1).max(50).optional() }).strict(),
  ),
  /** A git project's switch for its new threads' worktrees (null: Settings' default); the folder described again. */
  setProjectWorktrees: call<ProjectFolder>()(
    z
      .object({ path: z.string().min(1).max(4096), choice: z.enum(['always', 'first-edit', 'never']).nullable() })
      .strict(),
  ),

  openExternal: call<null>()(z.object({ url: z.string().url().max(4096) }).strict()),
  /** The native folder picker (desktop app only); null when the user cancels. */
  chooseFolder: call<string | null>()(
    z
      .object({ title: z.string().max(200).optional() })
      .strict()
      .optional(),
  ),
  /** Open a file a tool card names in the OS's editor (desktop app only; checked in app/window/open-file.ts). */
  openFile: call<null>()(z.object({ path: z.string().min(1).max(4096) }).strict()),
  /** Show the log file in the system file manager (desktop app only). */
  revealLogFile: call<null>()(z.undefined()),

  /** The board's rows: every thread working, waiting for the user, failed or with changes to land. */
  getBoard: call<BoardState>()(z.undefined()),
  /** The Claude Code sessions running elsewhere on this computer (`claude agents --json`), or why not. */
  listClaudeAgents: call<ExternalAgents>()(z.undefined()),
  /** The host's turns in flight (queued, running, waiting), as every window shows them: a page rebuilds from it. */
  listTurns: call<LiveTurn[]>()(z.undefined()),
  /** Take a failed or finished row off the board until its thread has something new to show. */
  dismissBoardRow: call<null>()(z.object({ threadId: id }).strict()),
  ...setupCalls,
  ...changesCalls,
  ...usageCalls,
  ...notifyCalls,
  ...phoneCalls,
} as const satisfies Record<CallName, { input: z.ZodType; output: unknown }>;

export type Calls = typeof calls;
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>;
export type CallOutput<K extends CallName> = Calls[K]['output'];

/** Events the host pushes to every window/tab. */
export interface Events {
  turnEvent: TurnEvent;
  /** `kind` says what changed, so a page re-reads only what it shows of it (absent: anything may have). */
  threadsChanged: { threadId?: string; kind?: ThreadsChangeKind };
  /** A thread's queued messages changed (queued, edited, removed, sent, held). */
  queueChanged: MessageQueueState;
  statusChanged: CliOverview;
  settingsChanged: AppSettings;
  notice: { level: 'info' | 'warning' | 'error'; message: string };
  /** Sessions the History index added or changed (the CLI wrote, deleted, or a pin changed). */
  historyChanged: { sessionIds: string[] };
  /** A worktree thread's files may have changed (a tool result, a turn's end, a land): read its changes again. */
  changesChanged: ChangesChangedEvent;
  /** App-menu commands forwarded to the renderer (it owns the same keyboard shortcuts). */
  command: { command: 'new-thread' | 'open-settings' | 'toggle-sidebar' };
  /**
   * The client's own link to its host, told by browser mode's WebSocket client (the Electron host never
   * sends it). `online` comes on every (re)connect: after the first one, events may have been missed.
   */
  connection: { state: ConnectionState };
  /** A board row may read differently (a turn moved, a card opened, files changed): open boards read again. */
  boardChanged: Record<string, never>;
  /** A phone opened a pairing link (ask the user), or that request ended. */
  pairingRequest: PairingRequest | { requestId: string; ended: PairingEnd; message: string };
  /** Phone access or the paired devices changed: Settings reads them again. */
  phoneChanged: Record<string, never>;
  /** Budgets against what their window spent (after a turn, or a budget set or removed). */
  budgetsChanged: { states: BudgetState[] };
}
export type ConnectionState = 'online' | 'reconnecting' | 'refused';
export type EventName = keyof Events;

/** What the renderer sees: one async verb per call and one `on…` per event, returning its unsubscribe. */
export type DeskApi = {
  [K in CallName]: undefined extends CallInput<K>
    ? (input?: CallInput<K>) => Promise<CallOutput<K>>
    : (input: CallInput<K>) => Promise<CallOutput<K>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
};

/** The host side: one handler per call. Implemented once, in src/app. */
export type DeskHandlers = {
  [K in CallName]: (input: z.output<Calls[K]['input']>) => Promise<CallOutput<K>>;
};

/** Electron IPC channel names (kept here so preload and main cannot drift). */
export const ipcCallChannel = (name: CallName): string => `desk:call:${name}`;
export const ipcEventChannel = 'desk:event';

/** Validate an untrusted payload for a call; throws a readable error. */
export function parseCallInput<K extends CallName>(name: K, input: unknown): z.output<Calls[K]['input']> {
  const def = calls[name];
  if (!def) throw new Error(`Unknown call: ${String(name)}`);
  const parsed = def.input.safeParse(input);
  if (!parsed.success) {
    throw new Error(`Invalid input for ${name}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data as z.output<Calls[K]['input']>;
}

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(calls, name);
}
