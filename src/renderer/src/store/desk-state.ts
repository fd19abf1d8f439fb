/**
 * The shape of the renderer's one store. Each slice owns a part; actions live beside their data.
 * Kept in its own file so slices can type `set`/`get` against the whole without import cycles.
 */
import type { StateCreator } from 'zustand';
import type { AppInfo, CliOverview, ConnectionState, DeskApi } from '../../../shared/contract';
import type { Memory } from '../../../shared/memory';
import type { DoctorReport } from '../../../shared/cli-status';
import type { AppSettings } from '../../../shared/settings';
import type {
  AssistantMessage,
  ChatMessage,
  ImageAttachment,
  ThreadBranch,
  ThreadSettings,
  ThreadSummary,
  ToolResultPage,
  TurnStatus,
} from '../../../shared/threads';
import type { ApprovalDecision, ApprovalFile, TurnEvent } from '../../../shared/turn-events';
import type { LiveTurn } from '../../../shared/live-turns';
import type { ResendKind } from '../../../shared/turn-states';
import type { RateLimitInfo } from '../../../shared/rate-limit';
import type { HistorySearchHit, HistorySession, HistoryStats } from '../../../shared/history';
import type { ScrollAnchor } from '../../../shared/window-state';
import type { MessageQueueState } from '../../../shared/message-queue';
import type { ComposerCatalog } from '../../../shared/composer';
import type { ChangesSlice } from './changes-slice';
import type { BranchSummary, RewindOutcome, RewindPreview, RewindScope } from '../../../shared/rewind';
import type { BoardState, ExternalAgents } from '../../../shared/board';
import type { ProjectsSlice } from './projects-slice';
import type { ClaudeCodeSetupSlice } from './claude-code-setup-slice';
import type { UsageSlice } from './usage-slice';
import type { NotifySlice } from './notify-slice';
import type { PanesSlice } from './panes-slice';
import type { PhoneSlice } from './phone-slice';

export interface InFlightTurn {
  turnId: string;
  threadId: string;
  status: TurnStatus;
  /** Place in the queue while `queued` (1 = next). */
  position?: number;
  /** Queued behind another Claude Desk process's turn on this thread: what it waits for, as a sentence. */
  elsewhere?: string;
  /** Host clock (ms) when the turn started running; drives the elapsed-time display. */
  startedAt?: number;
}

export interface SearchHit {
  thread: ThreadSummary;
  snippet: string;
}

export interface ThreadsSlice {
  threads: ThreadSummary[];
  threadsLoaded: boolean;
  /** Counts the user's moves between threads (open, new), from the click on: continuity never overrides one. */
  navigations: number;
  searchQuery: string;
  searchHits: SearchHit[] | null;
  /** The sidebar's project (folder) filter: a project dir, '' = the default workspace, null = every project. */
  projectFilter: string | null;
  setProjectFilter(project: string | null): void;
  pinThread(threadId: string, pinned: boolean): Promise<void>;
  loadThreads(): Promise<void>;
  /** `project`: the folder it starts in ('' = the default workspace); absent = the selected project. */
  createThread(title?: string, project?: string): Promise<ThreadSummary | null>;
  renameThread(threadId: string, title: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /** Save a thread's own settings ('' = back to the default); resolves to the host's error text, or null. */
  updateThreadSettings(threadId: string, patch: ThreadSettings): Promise<string | null>;
  searchThreads(query: string): Promise<void>;
}

export interface ChatSlice {
  activeThreadId: string | null;
  /** Ids of the active thread's messages, in order. Changes only when a message is added or removed. */
  messageIds: string[];
  /** Messages by id: a streamed delta replaces exactly one entry. */
  messages: Record<string, ChatMessage>;
  threadLoading: boolean;
  /** What the composer holds, per thread ('' = no thread yet): switching threads keeps each draft. */
  drafts: Record<string, string>;
  /** Counts the user's sends: the message list follows the conversation again on each one. */
  sendCount: number;
  setDraft(threadId: string | null, text: string): void;
  /** Open a thread in the chat view; `{ inBackground: true }` opens it without leaving Settings or History. */
  /** `fresh`: a thread just made, with nothing to load: no "Loading…" in place of its folder picker meanwhile. */
  selectThread(threadId: string | null, options?: { inBackground?: boolean; fresh?: boolean }): Promise<void>;
  reloadActiveThread(): Promise<void>;
  /** The open thread again only if the (freshly loaded) list says it changed since it was fetched. */
  reloadActiveThreadIfChanged(): Promise<void>;
  /** After a reconnect: turns of other threads may have ended unseen (their sidebar dot would spin on). */
  resyncBackgroundTurns(): Promise<void>;
  sendMessage(text: string, images?: ImageAttachment[]): Promise<boolean>;
  /** A send of this window to the thread awaits the host's answer (its turn is not tracked yet). */
  isSending(threadId: string): boolean;
  /** A turn this window (this pane) started: another window's or pane's turn of the same thread is not one. */
  startedHere(turnId: string): boolean;
  /** A turn this window sent (or a send to the thread not answered yet) whose answer has not begun. */
  awaitsFirstAnswer(threadId: string, turnId: string): boolean;
  /** The turn answered something (or ended): its events are no longer held. */
  firstAnswerCame(turnId: string): void;
  retryTurn(turnId: string): Promise<void>;
  /**
   * A call Accept edits withheld: put the thread in Ask (unless it is there already), then send the turn's message
   * again; a mode the thread cannot take (locked, refused) says why and sends nothing.
   */
  retryInAsk(threadId: string, turnId: string): Promise<void>;
  /**
   * Edit & resend (`text`), Regenerate and Retry (no text): the conversation forks before the message. `kind`
   * names what the user did, for the branch marker (default: edit with a text, else regenerate).
   */
  resendFrom(messageId: string, text?: string, kind?: ResendKind): Promise<boolean>;
  stopActiveTurn(): Promise<void>;
}

/** Messages typed while a turn runs: the host keeps and sends them; this mirrors its state. */
export interface QueueSlice {
  queues: Record<string, MessageQueueState>;
  applyQueue(state: MessageQueueState): void;
  loadQueue(threadId: string): Promise<void>;
  /** Queue in the active thread; false (and a notice) if the host refused, so the composer keeps the text. */
  queueMessage(text: string, images?: ImageAttachment[]): Promise<boolean>;
  editQueued(messageId: string, text: string): Promise<boolean>;
  removeQueued(messageId: string): Promise<boolean>;
  /** Stop the running turn and send this one next (or at once when nothing runs). */
  sendQueuedNow(messageId: string): Promise<boolean>;
}

/** What the composer asks the host while the person types (its pickers, the next turn's warm start, /clear). */
export interface ComposerSlice {
  /** Start the thread's next CLI while the person types (fire and forget: only an optimisation). */
  prepareTurn(threadId: string): void;
  /** The thread's slash commands and models (the host caches and refreshes them). */
  loadComposerCatalog(threadId: string | null): Promise<ComposerCatalog>;
  /** Files of the thread's project folder matching the @-picker's query (`limit` 1 only warms the index). */
  searchProjectFiles(threadId: string | null, query: string, limit: number): ReturnType<DeskApi['searchProjectFiles']>;
  /** `/clear`: a fresh Claude Code session for the active thread; a failure is a notice. */
  clearSession(): Promise<void>;
}

/** Rewinds and the branches they set aside. */
export interface RewindSlice {
  /** Bumped whenever a thread's branches may have changed. */
  branchesVersion: number;
  /** Each thread's branch summaries as last known (the open thread's come with it); absent: not known. */
  branchesByThread: Record<string, BranchSummary[]>;
  /** Fetch the thread's branch summaries unless known or on their way: once however many rows ask. */
  ensureBranches(threadId: string): void;
  /** The thread's branches, one fetch per change however many rows ask (none on failure). */
  listBranches(threadId: string): Promise<BranchSummary[]>;
  /** A thread changed (undefined: any thread): its branches are fetched again when next asked. */
  branchesChanged(threadId?: string): void;
  /** One branch of a thread, with its messages (undefined when it is gone); throws what the host said. */
  loadBranch(threadId: string, branchId: string): Promise<ThreadBranch | undefined>;
  /** Switch to another branch and show it; throws what the host said. */
  switchBranch(threadId: string, branchId: string): Promise<{ restored: string[]; kept: string[] }>;
  previewRewind(threadId: string, messageId: string): Promise<RewindPreview>;
  /**
   * Rewind (`scope`: files and conversation by default), put the message back in the composer when the conversation
   * went back, and show the thread; throws what the host said.
   */
  rewindThread(threadId: string, messageId: string, overwrite: string[], scope?: RewindScope): Promise<RewindOutcome>;
}

/** One-off asks of the host that keep no state here: answers to cards, the desktop's files and links, exports. */
export interface HostSlice {
  /** Answer an approval, question or plan card; throws what the host said. */
  answerApproval(threadId: string, turnId: string, requestId: string, decision: ApprovalDecision): Promise<void>;
  /** The file a waiting Write/Edit card is about, as it is on disk now (the host reads it); throws what it said. */
  readApprovalFile(threadId: string, turnId: string, requestId: string): Promise<ApprovalFile>;
  /** The desktop's folder dialog (null: cancelled); throws what the host said. */
  chooseFolder(title: string): Promise<string | null>;
  /** Open a file in the OS's editor (desktop only); a failure is a notice. */
  openFile(path: string): void;
  /** Open a link outside the app; false when it is not http(s)/mailto (then nothing opens). */
  openExternal(url: string): boolean;
  /** Show the log file in the file manager (desktop only); a failure is a notice. */
  revealLogFile(): void;
  exportMarkdown(target: { sessionId: string } | { threadId: string }): Promise<{ fileName: string; markdown: string }>;
  /** A page of a tool result stored beside the thread (null: no longer stored); throws what the host said. */
  readToolResult(threadId: string, toolUseId: string, offset: number, limit: number): Promise<ToolResultPage | null>;
}

export interface TurnsSlice {
  /** Turns queued, running or waiting, by turn id (a thread may have one running and more queued). */
  inFlight: Record<string, InFlightTurn>;
  /** Messages of turns still in flight, in any thread (so switching threads mid-turn loses nothing). */
  live: Record<string, AssistantMessage>;
  handleTurnEvent(event: TurnEvent): void;
  /** Several events in order, with one store update (the bridge hands over a frame's worth at a time). */
  handleTurnEvents(events: readonly TurnEvent[]): void;
  /** Whether any event of this turn has arrived (a fast turn can finish before sendMessage answers). */
  hasSeenTurn(turnId: string): boolean;
  /**
   * Read the host's turns in flight (after a load, a reconnect, a focus) and take its word for them: a quiet turn —
   * a long tool, a stalled answer, a queued one — sends no event that would tell this page it exists.
   */
  loadTurns(): Promise<void>;
  applyLiveTurns(turns: readonly LiveTurn[]): void;
}

export interface SettingsSlice {
  appInfo: AppInfo | null;
  settings: AppSettings | null;
  loadAppInfo(): Promise<void>;
  loadSettings(): Promise<void>;
  updateSettings(
    patch: Partial<
      Pick<
        AppSettings,
        | 'permissionMode'
        | 'defaultModel'
        | 'toolPolicy'
        | 'keepSessionCopies'
        | 'includeUserMcpServers'
        | 'theme'
        | 'newThreadWorktree'
      >
    >,
  ): Promise<boolean>;
  saveApiKey(key: string): Promise<boolean>;
  clearApiKey(): Promise<boolean>;
}

export interface StatusSlice {
  overview: CliOverview | null;
  statusError: string | null;
  checking: boolean;
  doctor: DoctorReport | null;
  doctorError: string | null;
  loadStatus(force?: boolean): Promise<void>;
  loadDoctor(): Promise<void>;
}

export interface MemorySlice {
  memories: Memory[];
  memoryCursor?: string;
  memoryQuery: string;
  memoryError: string | null;
  loadMemories(query?: string, more?: boolean): Promise<void>;
  deleteMemory(id: string): Promise<void>;
}

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** Stays until dismissed (a problem with the app's own files that the user must act on). */
  sticky?: boolean;
}

export type View = 'chat' | 'settings' | 'history' | 'board' | 'usage';

/** The open session's transcript: pages joined, newest last; `before` = cursor of the page above. */
export interface OpenTranscript {
  sessionId: string;
  messages: ChatMessage[];
  before?: number;
  loadingOlder: boolean;
  error?: string;
}

export interface HistorySlice {
  /** Which list the sidebar shows. */
  sidebarTab: 'threads' | 'history' | 'board';
  sessions: HistorySession[];
  historyLoaded: boolean;
  historyQuery: string;
  historyHits: HistorySearchHit[] | null;
  historyStats: HistoryStats | null;
  openSessionId: string | null;
  transcript: OpenTranscript | null;
  setSidebarTab(tab: SidebarTab): void;
  loadHistory(): Promise<void>;
  searchHistory(query: string): Promise<void>;
  openSession(sessionId: string): Promise<void>;
  /** After the index changed: the open transcript's newest page again (older pages dropped). */
  reloadOpenSession(): Promise<void>;
  loadOlder(): Promise<void>;
  pinSession(sessionId: string, pinned: boolean): Promise<void>;
  /** Continue here: opens the thread that continues the session (tied, or new). */
  continueSession(sessionId: string): Promise<void>;
  loadHistoryStats(): Promise<void>;
}
/** The settings screen's sections, in navigation order (settings-sections.tsx renders them). */
export type SettingsSection =
  | 'cli'
  | 'permissions'
  | 'tools'
  | 'memory'
  | 'history'
  | 'appearance'
  | 'claude-code'
  | 'diagnostics'
  | 'notifications'
  | 'phone';
/** The sidebar's tabs (sidebar-sections.tsx). */
export type SidebarTab = HistorySlice['sidebarTab'];

export interface UiSlice {
  view: View;
  notices: Notice[];
  /** Browser mode's WebSocket to the host (always online in the desktop app). */
  connection: ConnectionState;
  /** Narrow windows only: the thread sidebar shown over the chat. Any navigation closes it. */
  sidebarOpen: boolean;
  /** Wide windows: the user folded the sidebar away (Cmd/Ctrl+B or the header button); remembered. */
  sidebarCollapsed: boolean;
  /**
   * The window's last place is being brought back (continuity.ts has not decided yet): with no thread open, the chat
   * shows a neutral header instead of "New thread" and its empty state, which would flash before the saved thread.
   */
  restoringPlace: boolean;
  settingsSection: SettingsSection;
  /** Where the reader left each thread (absent = at the latest message); saved with the window state. */
  scrollAnchors: Record<string, ScrollAnchor>;
  setScrollAnchor(threadId: string, anchor: ScrollAnchor | null): void;
  setSidebarOpen(open: boolean): void;
  setSidebarCollapsed(collapsed: boolean): void;
  /** One gesture at every width: a wide window folds the sidebar away, a narrow one brings it over the chat. */
  toggleSidebar(narrow: boolean): void;
  setView(view: View, section?: SettingsSection): void;
  pushNotice(level: Notice['level'], message: string, sticky?: boolean): void;
  dismissNotice(id: number): void;
}

/** A refused message to send again when the plan limit resets ("Send at 16:05" on the refused turn). */
export interface ScheduledSend {
  threadId: string;
  /** The user's message, as sent (it goes again even if its thread is not open then). */
  text: string;
  /** When the limit resets (ms, host clock); the send goes a few seconds after. */
  at: number;
}

export interface LimitsSlice {
  /** The latest plan-limit state any turn reported (rate_limit_event, recorded cases 38/38c): limits are per account. */
  planLimit: { info: RateLimitInfo; seenAt: number } | null;
  /** By the refused turn's id. Lives as long as this window: a reload drops it rather than send by surprise. */
  scheduledSends: Record<string, ScheduledSend>;
  scheduleSend(turnId: string, send: ScheduledSend): void;
  cancelScheduledSend(turnId: string): void;
}

/** The board: every thread working, waiting, failed or with changes to land, and the sessions elsewhere. */
export interface BoardSlice {
  board: BoardState | null;
  /** Why the rows could not be read, in a sentence. */
  boardError: string | null;
  /** `claude agents --json`'s sessions, or why they are not there. */
  externalAgents: ExternalAgents | null;
  loadBoard(): Promise<void>;
  loadClaudeAgents(): Promise<void>;
  /** Take a failed or finished row off the board (until its thread has something new); a failure is a notice. */
  dismissBoardRow(threadId: string): Promise<void>;
  /** Stop the thread's turn (running, waiting or queued) from the board. */
  stopThreadTurn(threadId: string): Promise<void>;
  /** Merge a worktree thread's branch into its base from the board, with the drafted message; the outcome is a notice. */
  mergeFromBoard(threadId: string): Promise<void>;
}

export type DeskState = ThreadsSlice &
  BoardSlice &
  LimitsSlice &
  ChatSlice &
  TurnsSlice &
  QueueSlice &
  SettingsSlice &
  StatusSlice &
  MemorySlice &
  UiSlice &
  HistorySlice &
  ComposerSlice &
  RewindSlice &
  ChangesSlice &
  ProjectsSlice &
  HostSlice &
  ClaudeCodeSetupSlice &
  UsageSlice &
  NotifySlice &
  PanesSlice &
  PhoneSlice;

/** Side effects the store needs beyond the DeskApi (injected so tests and the bench can observe them). */
export interface StoreDeps {
  /** Tell the user a background turn finished or needs them (browser mode; Electron notifies natively). */
  notify?: (title: string, body: string) => void;
  /** Asked once, on the first send (browser Notification permission). */
  onFirstSend?: () => void;
  now?: () => number;
  isHidden?: () => boolean;
  /**
   * Work done before a thread that is opening shows its fetched messages (the renderer parses the rows it opens on,
   * features/chat/prepare-open.ts); `anchorId`: the message of the reading place it resumes at, if any.
   */
  prepareOpen?: (messages: readonly ChatMessage[], anchorId: string | null) => Promise<void>;
}

export type Slice<T> = StateCreator<DeskState, [], [], T>;

/** Electron wraps a handler's error as "Error invoking remote method '<channel>': Error: <message>"; show the message. */
export const errorText = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(
    /^Error invoking remote method '[^']*': (?:\w*Error: )?/,
    '',
  );
