import type { DeskHandlers } from '../shared/contract';
import type { DataDirLayout } from '../core/store/data-dir';
import type { SessionsStore } from '../core/store/sessions-store';
import type { ThreadsStore } from '../core/store/threads-store';
import type { EventBus } from './event-bus';
import { hostProfile } from './host-profile';
import { openDeskFoundation, type DeskFoundation, type DeskFoundationOptions } from './settings/desk-foundation';
import { wireSettings } from './settings/settings-wiring';
import { wireThreads, type ThreadsWiring } from './threads/threads-wiring';
import { wireWindow, type WindowShell } from './window/window-wiring';
import { wireProcessSweep } from './turns/process-sweep-wiring';
import { wireTurns } from './turns/turns-wiring';
import { wireQueue } from './turns/queue-wiring';
import { wireRewind } from './rewind/rewind-wiring';
import { wireHistory } from './history/history-wiring';
import { wireUsage } from './usage/usage-wiring';
import type { UsageService } from './usage/usage-service';
import { wireComposer } from './composer/composer-wiring';
import { wireBoard } from './board/board-wiring';
import { wireChanges } from './changes/changes-wiring';
import type { ChangesService } from './changes/changes-service';
import { wireProjects } from './projects/projects-wiring';
import { wireClaudeCodeSetup } from './claude-code-setup/claude-code-setup-wiring';
import { sendStaleProcessesAway } from './claude-code-setup/stale-processes';
import { wireWorktree } from './worktree/worktree-wiring';
import { makeWorktreeGit } from '../core/worktree/worktree-git';
import { PROCESS_TAG_ENV } from '../core/process-sweep';
import type { TurnService } from './turns/turn-service';
import type { MessageQueue } from './turns/message-queue';
import type { Prewarmer } from './turns/prewarm';
import type { HistoryService } from './history/history-service';
import type { ComposerService } from './composer/composer-service';
import type { RewindService } from './rewind/rewind-service';
import type { BoardService } from './board/board-service';

export interface DeskAppOptions extends DeskFoundationOptions, WindowShell {
  /** A system notification when a turn finishes or needs the user while the window is in the background. */
  notify?: (title: string, body: string) => void;
  /** The platform asks to save power (Electron: on battery): no pre-warmed CLI processes. */
  powerSaver?: () => boolean;
  /** Calls back when the platform starts saving power: the CLI processes kept or warm are closed then. */
  watchPowerSaving?: (onSave: () => void) => () => void;
  /**
   * Index Claude Code's sessions at start and keep the index live while the CLI writes (the window and
   * browser mode). Off, the History is read on demand only (the command line, tests).
   */
  watchHistory?: boolean;
  /** Follow another Claude Desk process's thread changes on this data dir. Default: as watchHistory. */
  watchThreads?: boolean;
  /** Parent of the per-turn scratch dirs (default the OS temp dir): a test keeps its own. */
  tmpRoot?: string;
  /** false: no git snapshot around turns (a rewind then has only Claude Code's checkpoints); the bench's baseline. */
  rewindSnapshots?: boolean;
}

/** The services front doors and tests reach past the contract. */
export interface DeskServices extends Pick<
  DeskFoundation,
  'layout' | 'log' | 'redactor' | 'bus' | 'cli' | 'settings' | 'apiKey' | 'sandbox' | 'overview' | 'appInfo'
> {
  threads: ThreadsStore;
  /** threadId → Claude Code session uuid: forgotten when the thread is deleted. */
  sessions: SessionsStore;
  turns: TurnService;
  queue: MessageQueue;
  /** Pre-warms the next turn's CLI; absent where the host pre-warms nothing (the command line). */
  prewarm?: Prewarmer;
  history: HistoryService;
  composer: ComposerService;
  rewind: RewindService;
  board: BoardService;
  /** A worktree thread's changes and landing (the Changes panel, the board's counts, `claude-desk land`). */
  changes: ChangesService;
  /** The data dir's thread locks (a front door creating a thread by name takes one, so two make one thread). */
  threadLocks: ThreadsWiring['locks'];
  /** Tokens and cost of every Claude Code session (the Usage view, `claude-desk usage`). */
  usage: UsageService;
}

export interface DeskApp {
  handlers: DeskHandlers;
  bus: EventBus;
  layout: DataDirLayout;
  services: DeskServices;
  shutdown(): Promise<void>;
}

/**
 * The composition root: one wiring per feature on the foundation, each with its services, its calls and its
 * close; the host profile says what this front door starts. `claude-desk status` and `doctor` build the foundation
 * alone (settings/status-desk.ts).
 */
export async function createDeskApp(opts: DeskAppOptions): Promise<DeskApp> {
  const profile = hostProfile(opts);
  const f = await openDeskFoundation(opts);
  let stopped = false;
  const settings = wireSettings(f);
  // The thread calls reach features built after the threads only when a call comes.
  const threads = await wireThreads(f, profile, {
    liveMessages: (threadId) => turns.service.liveMessages(threadId),
    beforeDelete: async (threadId) => {
      turns.service.stop(threadId);
      await rewind.service.forget(threadId); // its snapshot refs in the project's repository
      await queue.queue.forget(threadId);
    },
    afterDelete: (threadId) => window.windowState.forgetThread(threadId),
    setModel: (threadId, model) => turns.controls.setModel(threadId, model),
    permissionModeChanged: (previous, next, threadId) => turns.controls.permissionModeChanged(previous, next, threadId),
  });
  const window = await wireWindow(f, opts);
  const sweep = wireProcessSweep(f.log, profile, opts.tmpRoot);
  const rewind = wireRewind(f, threads, settings.launcher, () => turns);
  // git and its hooks carry the app's process tag: the crash watchdog ends them with a killed app.
  const git = makeWorktreeGit({ tag: () => ({ name: PROCESS_TAG_ENV, value: sweep.sweeper.newTag() }) });
  const worktree = wireWorktree(f, threads, git);
  const turns = await wireTurns({
    ...opts, // tmpRoot, notify, powerSaver, watchPowerSaving
    f,
    profile,
    threads,
    memory: settings.memory,
    sweeper: sweep.sweeper,
    launcher: settings.launcher,
    checkpoints: opts.rewindSnapshots === false ? undefined : rewind.service,
    worktrees: worktree.worktrees,
  });
  const queue = wireQueue(f, threads.threads, turns);
  const history = await wireHistory({
    f,
    profile,
    threads: threads.threads,
    sessions: threads.sessions,
    sessionCosts: turns.sessionCosts,
    stopped: () => stopped,
  });
  const usage = await wireUsage({
    f,
    index: history.index,
    threads: threads.threads,
    sessions: threads.sessions,
    notify: opts.notify,
  });
  const composer = wireComposer(f, threads.threads, settings.launcher);
  const changes = wireChanges(
    f,
    threads.threads,
    () => ({
      isBusy: (id: string) => turns.service.isBusy(id),
      settled: (id: string) => turns.service.settled(id),
      discardProcesses: (id: string) => turns.engine.warm.discard(id, 'its worktree was discarded'),
      ownProcesses: async (id: string) => ({
        pids: [turns.engine.warm.peek(id)?.pid ?? []].flat(),
        sessionIds: [await threads.sessions.get(id), turns.engine.warm.pendingSessionId(id)].filter(
          (s) => s !== undefined,
        ),
      }),
    }),
    { runningSessions: () => board.agents.sessions(), git },
  );
  const board = wireBoard({
    f,
    threads,
    turns,
    launcher: settings.launcher,
    counts: (threadId) => changes.service.counts(threadId),
  });
  const projects = wireProjects(f, threads.threads, threads.projectWorktrees);
  const setup = wireClaudeCodeSetup({
    env: f.env,
    threads: threads.threads,
    workspaceDir: f.layout.workspaceDir,
    launcher: settings.launcher,
    filesChanged: sendStaleProcessesAway(turns.engine, turns.prewarm),
  });
  f.started();
  return {
    handlers: {
      ...settings.handlers,
      ...threads.handlers,
      ...turns.handlers,
      ...queue.handlers,
      ...rewind.handlers,
      ...composer.handlers,
      ...changes.handlers,
      ...projects.handlers,
      ...history.handlers,
      ...window.handlers,
      ...board.handlers,
      ...setup.handlers,
      ...worktree.handlers,
      ...usage.handlers,
    },
    bus: f.bus,
    layout: f.layout,
    services: {
      ...f,
      threads: threads.threads,
      sessions: threads.sessions,
      turns: turns.service,
      prewarm: turns.prewarm,
      queue: queue.queue,
      history: history.history,
      composer: composer.composer,
      rewind: rewind.service,
      board: board.board,
      changes: changes.service,
      threadLocks: threads.locks,
      usage: usage.usage,
    },
    async shutdown() {
      if (stopped) return;
      stopped = true;
      board.close();
      changes.close();
      await turns.close(); // the pre-warmer, every turn and kept CLI, then the thread locks, the journal, MCP
      await threads.close();
      await queue.close();
      await history.close();
      await window.close();
      await setup.close(); // a get_settings probe still ending
      sweep.close(); // after the last CLI is gone
      f.close();
    },
  };
}
