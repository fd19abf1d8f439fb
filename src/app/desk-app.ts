import path from 'node:path';
import type { AppInfo, CliOverview, DeskHandlers } from '../shared/contract';
import type { DataDirLayout } from '../core/store/data-dir';
import type { ApiKeyStore } from '../core/store/api-key-store';
import type { SettingsStore } from '../core/store/settings-store';
import { SessionsStore } from '../core/store/sessions-store';
import { SessionCostsStore } from '../core/store/session-costs-store';
import { ThreadsStore } from '../core/store/threads-store';
import { createMemoryStore } from '../core/store/memory-store';
import { WindowStateStore } from '../core/store/window-state-store';
import type { Logger } from '../core/log/logger';
import type { SecretRedactor } from '../core/log/redact';
import { defaultSweeper, sweepOrphans } from '../core/process-sweep';
import { reapedSweeper } from '../core/orphan-reaper';
import type { CliService } from '../core/cli/cli-service';
import type { Sandbox } from '../core/sandbox/select-sandbox';
import { createLazyMcpEndpoint } from '../core/mcp/lazy-mcp-endpoint';
import { TurnEngine } from '../core/turn/turn-engine';
import { keepPolicy } from '../core/turn/kept-process';
import { appVersion } from './app-version';
import type { EventBus } from './event-bus';
import { openDeskFoundation, type DeskFoundationOptions } from './settings/desk-foundation';
import { PrepareTurnError, TurnService, type PrepareTurn } from './turn-service';
import type { ThreadSettings } from '../shared/threads';
import { effectivePermissionMode, ownPermissionMode } from '../shared/settings';
import { cliMissingFix, describeCliStatus } from '../shared/cli-status';
import { TurnControls } from './turn-controls';
import { createHandlers } from './handlers';
import { Prewarmer } from './prewarm';
import { HistoryIndex } from '../core/history/history-index';
import { HistoryWatcher } from '../core/history/history-watcher';
import { cliProjectsDir } from '../core/history/cli-projects-dir';
import { HistoryService } from './history/history-service';
import { checkProjectDir } from './threads/project-dir';
import { ComposerService } from './composer/composer-service';
import { spawnInOwnGroup } from '../core/turn/spawned-process';
import { RewindService } from './rewind/rewind-service';
import { GitCheckpoints } from '../core/rewind/git-checkpoints';
import { CliCheckpoints } from '../core/rewind/cli-checkpoints';
import { FileBackups } from '../core/rewind/file-backups';
import { CliFileRewind } from './rewind/rewind-cli-files';
import { buildChildEnv } from '../core/turn/build-turn-args';
import { killProcessGroup } from '../core/process-group';
import { ForkPointsStore } from '../core/store/fork-points-store';
import { MessageQueueStore } from '../core/store/message-queue-store';
import { MessageQueue } from './message-queue';
import { RunningTurns } from './running-turns';
import { sweepStaleScratchDirs } from '../core/turn/turn-scratch-dir';
import { ThreadLocks } from '../core/store/thread-locks';
import { watchThreadsDir } from '../core/store/threads-dir-watcher';

/** How long after start the History's scan and watcher wait (ms): the first window and turns come first. */
const HISTORY_START_DELAY_MS = 30_000;
/** When the thread search's texts are read ahead (ms after start). */
const SEARCH_WARM_DELAY_MS = 10_000;

export interface DeskAppOptions extends DeskFoundationOptions {
  /** Open an https link in the system browser (Electron); browser mode opens it in the page instead. */
  openExternal?: (url: string) => Promise<void>;
  /** The native folder picker (Electron dialog); null when cancelled. Browser mode types the path instead. */
  chooseFolder?: (title?: string) => Promise<string | null>;
  /** Show a file in the system file manager (Electron shell.showItemInFolder). */
  revealFile?: (file: string) => void;
  /** Open a file with the OS's default app (Electron shell.openPath → error text or ''). */
  openPath?: (file: string) => Promise<string>;
  /** A system notification when a turn finishes or needs the user while the window is in the background. */
  notify?: (title: string, body: string) => void;
  /** The platform asks to save power (Electron: on battery): no pre-warmed CLI processes. */
  powerSaver?: () => boolean;
  /**
   * Index Claude Code's sessions at start and keep the index live while the CLI writes (the window and
   * browser mode). Off, the History is read on demand only (the command line, tests).
   */
  watchHistory?: boolean;
  /**
   * Show what another Claude Desk process on this data dir does to threads (created, renamed, answered in, deleted)
   * without a reload: a watcher on the threads folder. Default: as watchHistory (the window and browser mode).
   */
  watchThreads?: boolean;
  /** Parent of the per-turn scratch dirs (default the OS temp dir): a test keeps its own. */
  tmpRoot?: string;
  /** false: no git snapshot around turns (a rewind then has only Claude Code's checkpoints); the bench's baseline. */
  rewindSnapshots?: boolean;
}

export interface DeskServices {
  layout: DataDirLayout;
  log: Logger;
  /** This run's secrets (saved key, MCP token, browser-mode token): register once, scrub anywhere. */
  redactor: SecretRedactor;
  bus: EventBus;
  cli: CliService;
  settings: SettingsStore;
  apiKey: ApiKeyStore;
  threads: ThreadsStore;
  /** threadId → Claude Code session uuid: forgotten when the thread is deleted. */
  sessions: SessionsStore;
  memory: ReturnType<typeof createMemoryStore>;
  windowState: WindowStateStore;
  turns: TurnService;
  /** Approval answers and live mode/model switches for running turns. */
  controls: TurnControls;
  /** Every Claude Code session on this machine. */
  history: HistoryService;
  /** The composer's pickers: commands, models, project files. */
  composer: ComposerService;
  /** Starts a turn for a user message and, once it is over, pre-warms the next one's CLI. */
  startTurn: (input: Parameters<TurnService['send']>[0]) => Promise<{ turnId: string; messageId: string }>;
  /** Messages typed while a turn runs, waiting in order. */
  queue: MessageQueue;
  /** Pre-warms the next turn's CLI; absent in hosts that build services by hand. */
  prewarm?: Prewarmer;
  sandbox: () => Promise<Sandbox>;
  overview: (force?: boolean) => Promise<CliOverview>;
  appInfo: () => AppInfo;
  /** Rewind a thread's files and conversation to before one of its messages (optional: hosts built by hand). */
  rewind?: RewindService;
  openExternal?: (url: string) => Promise<void>;
  chooseFolder?: (title?: string) => Promise<string | null>;
  revealFile?: (file: string) => void;
  openPath?: (file: string) => Promise<string>;
}

export interface DeskApp {
  handlers: DeskHandlers;
  bus: EventBus;
  layout: DataDirLayout;
  services: DeskServices;
  shutdown(): Promise<void>;
}

/**
 * The composition root: builds every service once, on the foundation (desk-foundation.ts), and implements the
 * contract for all front doors. `claude-desk status` and `doctor` build the foundation alone (status-desk.ts).
 */
export async function createDeskApp(opts: DeskAppOptions): Promise<DeskApp> {
  const foundation = await openDeskFoundation(opts);
  const { env, layout, log, redactor, bus, warn, apiKey, settings, cli, sandbox, overview, appInfo } = foundation;
  const sessions = new SessionsStore(layout.sessionsFile, warn);
  const sessionCosts = new SessionCostsStore(layout.sessionCostsFile, warn);
  const forks = new ForkPointsStore(path.join(layout.stateDir, 'claude-code-forks.json'), warn);
  // Windows, browser mode and the command line on one data dir never run one thread at once.
  const threadLocks = new ThreadLocks(path.join(layout.stateDir, 'thread-locks'), opts.host);
  const threads = await ThreadsStore.open({
    dir: layout.threadsDir,
    onWarning: warn,
    rewriteLock: (id) => threadLocks.forRewrite(id),
  });
  // After a crash: turns that were running show as interrupted (with Retry), and the scratch dirs
  // (which hold an MCP token) of dead instances are removed.
  const running = new RunningTurns(path.join(layout.stateDir, 'running-turns'));
  await running.recover(threads, warn);
  void sweepStaleScratchDirs(opts.tmpRoot);
  const memory = createMemoryStore({ file: layout.memoryFile, onWarning: warn });
  const windowState = await WindowStateStore.open({ file: layout.windowStateFile, onWarning: warn });

  const mcp = createLazyMcpEndpoint(async () => {
    // Loaded with the first turn: the MCP SDK is most of the start-up time of a command that runs none.
    const { startDeskMcpServer } = await import('../core/mcp/desk-mcp-server');
    const server = await startDeskMcpServer({
      memory,
      threads,
      policy: () => settings.get().toolPolicy,
      version: appVersion(),
      log: (line) => log.info(line),
    });
    redactor.add(server.token); // the CLI reads it from a 0600 file, but may echo it on stderr
    return server;
  });

  // Every CLI this app spawns is tagged; if the app dies (even by SIGKILL) the reaper ends what carries
  // its tag, and a start ends what a dead earlier instance left behind (tool processes). The command line is
  // short-lived: it looks for those only when it starts a CLI itself, so `claude-desk status` stays quick.
  const sweepEarlier = (): void =>
    void sweepOrphans().then(
      (n) => n > 0 && log.warn(`Ended ${n} process(es) left running by an earlier Claude Desk that did not shut down.`),
    );
  const sweeper = reapedSweeper(defaultSweeper(), opts.host === 'command-line' ? sweepEarlier : undefined);
  if (opts.host !== 'command-line') sweepEarlier();
  // The CLI that answered stays for the thread's next turn. The command line runs one turn
  // and quits: nothing to keep a process for there.
  const keep = opts.host === 'command-line' ? { keep: 0, keepIdleMs: 0 } : keepPolicy(env);
  const engine = new TurnEngine({
    sweeper,
    tmpRoot: opts.tmpRoot,
    threadLocks,
    sessions,
    sessionCosts,
    env,
    log: (m) => log.info(m),
    redact: (t) => redactor.text(t),
    keep: { ...keep, powerSaver: opts.powerSaver },
  });

  const prepareParts = async (threadSettings: ThreadSettings, quiet: boolean): ReturnType<PrepareTurn> => {
    const status = await cli.getStatus();
    if (status.status === 'not_installed') {
      throw new PrepareTurnError(describeCliStatus(status), 'cli_missing', cliMissingFix(status));
    }
    if (status.status === 'outdated') {
      throw new PrepareTurnError(
        describeCliStatus(status),
        'cli_missing',
        'Run `claude update`, then press Recheck in Settings.',
      );
    }
    if (status.status !== 'ok') {
      throw new PrepareTurnError(describeCliStatus(status), 'cli_missing', 'See Settings → Claude Code → Diagnostics.');
    }
    // What to spawn: usually the binary itself; for a Windows npm shim, node + the script it runs.
    const command = cli.resolvedCommand();
    const endpoint = await mcp.ensure();
    if (!endpoint.ok && !quiet)
      bus.emit('notice', {
        level: 'warning',
        message: `Claude Desk's tools are unavailable this turn: ${endpoint.reason}`,
      });
    const wall = await sandbox();
    const app = settings.get();
    const { defaultModel, includeUserMcpServers } = app;
    return {
      // A thread without a model of its own uses the default model from Settings.
      settings: threadSettings.model || !defaultModel ? threadSettings : { ...threadSettings, model: defaultModel },
      permissionMode: effectivePermissionMode(threadSettings, app),
      // Prompts that need the user reach an approval card instead of being silently denied.
      approvals: 'user',
      includeUserMcpServers,
      // The full PATH discovery wants the child to have (CLI dir + user bins first, inherited entries kept).
      cli: {
        path: command?.file ?? status.path,
        prefixArgs: command?.args,
        pathEnv: cli.childPathEnv(),
      },
      savedApiKey: apiKey.get(),
      mcp: endpoint.ok ? { url: endpoint.server.url, token: endpoint.server.token } : 'failed',
      wrap: wall.kind === 'none' ? undefined : wall.wrap,
      layout,
    };
  };

  const prepare: PrepareTurn = async (threadId, threadSettings) => {
    const parts = await prepareParts(threadSettings, false);
    // After a rewind, the next turn forks the session at the answer before the rewound message.
    const forkAt = await forks.get(threadId, await sessions.get(threadId));
    return forkAt ? { ...parts, forkAt } : parts;
  };

  const controls = new TurnControls({ turns: engine, notice: (n) => bus.emit('notice', n) });
  // A new default reaches the running answers of threads that follow it (saved before threads had a mode);
  // a thread with a mode of its own keeps it — the header switches those one by one (updateThreadSettings).
  let defaultMode = settings.get().permissionMode;
  settings.onChange((s) => {
    const previous = defaultMode;
    defaultMode = s.permissionMode;
    const followsDefault = (threadId: string) => !ownPermissionMode(threads.summary(threadId)?.settings);
    if (previous !== s.permissionMode) void controls.permissionModeChanged(previous, s.permissionMode, followsDefault);
  });

  // Declared before the turn service (which snapshots through it); its settled reads `turns` lazily.
  const rewind: RewindService = new RewindService({
    threads,
    sessions,
    forks,
    checkpoints: new GitCheckpoints(),
    // Claude Code's own checkpoints, read and applied by a control-only process with a turn's CLI, PATH and key.
    cliFiles: new CliFileRewind(
      new CliCheckpoints({
        launch: async () => {
          const parts = await prepareParts({}, true);
          const childEnv = buildChildEnv({
            baseEnv: env,
            savedApiKey: parts.savedApiKey,
            pathEnv: parts.cli.pathEnv,
          });
          return { file: parts.cli.path, prefixArgs: parts.cli.prefixArgs, env: childEnv };
        },
        killGroup: killProcessGroup,
      }),
      new FileBackups(path.join(layout.stateDir, 'rewind-backups')),
    ),
    projectDir: (thread) => thread.settings.projectDir ?? layout.workspaceDir,
    settled: (threadId) => turns.settled(threadId),
    discardProcesses: (threadId) => engine.warm.discard(threadId, 'the thread was rewound'),
  });
  const turns = new TurnService({
    threads,
    engine,
    bus,
    prepare,
    checkpoints: opts.rewindSnapshots === false ? undefined : rewind,
    notify: opts.notify,
    log: (m) => log.warn(m),
    running,
  });

  // The next turn's CLI started ahead of time; anything a turn is started with discards it.
  const prewarm = new Prewarmer({
    pool: engine.warm,
    threads,
    prepare: (_threadId, threadSettings) => prepareParts(threadSettings, true),
    isBusy: (threadId) => turns.isBusy(threadId),
    powerSaver: opts.powerSaver,
    log: (m) => log.info(m),
  });
  settings.onChange(() => prewarm.invalidate('the settings changed'));
  apiKey.onChange(() => prewarm.invalidate('the API key changed'));
  bus.on('statusChanged', () => prewarm.invalidate('the Claude Code status changed'));
  threads.onChange((change) => prewarm.threadChanged(change));

  // The History. The CLI's folder follows the app's env (CLAUDE_CONFIG_DIR, HOME).
  const historyIndex = await HistoryIndex.open({
    stateDir: layout.stateDir,
    projectsDir: cliProjectsDir(env),
    keepCopies: () => settings.get().keepSessionCopies,
    onWarning: warn,
  });
  const history = new HistoryService({
    index: historyIndex,
    sessions,
    threads,
    projectDir: async (dir) =>
      checkProjectDir(dir, { stateDir: layout.stateDir, walled: (await sandbox()).kind !== 'none' }),
    notice: (message) => bus.emit('notice', { level: 'info', message }),
    onListed: () => startHistoryWatch(),
  });
  // Changes arrive per file read; the renderer refetches once per burst.
  let changedIds = new Set<string>();
  let changedTimer: NodeJS.Timeout | undefined;
  historyIndex.onChange((ids) => {
    for (const id of ids) changedIds.add(id);
    changedTimer ??= setTimeout(() => {
      changedTimer = undefined;
      const sessionIds = [...changedIds];
      changedIds = new Set();
      bus.emit('historyChanged', { sessionIds });
    }, 100);
  });
  let historyWatcher: HistoryWatcher | undefined;
  let historyStart: NodeJS.Timeout | undefined;
  function startHistoryWatch(): void {
    if (!opts.watchHistory || historyWatcher || stopped) return;
    if (historyStart) clearTimeout(historyStart);
    historyStart = undefined;
    const watcher = new HistoryWatcher(historyIndex, { onError: warn });
    historyWatcher = watcher;
    void historyIndex
      .refreshAll()
      .then(() => (stopped ? undefined : watcher.start()))
      .catch((err: unknown) => warn(`Indexing Claude Code's sessions failed: ${String(err)}`));
  }
  if (opts.watchHistory) {
    // Not during start-up: the first window, its first thread and the CLI's warm-up come first. Opening the
    // History starts it at once (HistoryService.list calls onListed).
    historyStart = setTimeout(startHistoryWatch, HISTORY_START_DELAY_MS);
    historyStart.unref?.();
  }
  // The thread list's search reads every thread's text once; done ahead, so the first query is as fast as
  // the next. After start-up (the first window and turn come first); the command line searches nothing.
  const searchWarm =
    opts.host === 'command-line'
      ? undefined
      : setTimeout(() => {
          void threads.warmSearch(() => stopped).catch((err: unknown) => warn(`Search warm-up: ${String(err)}`));
        }, SEARCH_WARM_DELAY_MS);
  searchWarm?.unref?.();
  let keepCopies = settings.get().keepSessionCopies;
  settings.onChange((next) => {
    // Copies switched back on: the ones missing are made on the next read of each session.
    if (next.keepSessionCopies && !keepCopies && opts.watchHistory)
      void historyIndex.refreshAll().catch(() => undefined);
    keepCopies = next.keepSessionCopies;
  });
  const startTurn: DeskServices['startTurn'] = async (input) => {
    const { turnId, messageId, done } = await turns.send(input);
    // Once the turn is over (process gone, session saved), start the next one's CLI; a command-line chat sends
    // one message and leaves, so a CLI warmed after it would only be killed.
    if (opts.host !== 'command-line')
      void done.then(
        () => prewarm.afterTurn(input.threadId),
        () => undefined,
      );
    return { turnId, messageId };
  };
  const queueStore = new MessageQueueStore(path.join(layout.stateDir, 'queued-messages.json'), warn);
  const queue = new MessageQueue({
    store: queueStore,
    send: startTurn,
    stop: (threadId) => turns.stop(threadId),
    isBusy: (threadId) => turns.isAnswering(threadId),
    emit: (state) => bus.emit('queueChanged', state),
    log: (m) => log.warn(m),
  });
  bus.on('turnEvent', (e) => queue.onTurnEvent(e));

  const composer = new ComposerService({
    layout,
    env,
    spawner: spawnInOwnGroup,
    settingsOf: (threadId) => (threadId ? (threads.summary(threadId)?.settings ?? {}) : {}),
    cli: async () => {
      const status = await cli.getStatus();
      if (status.status !== 'ok')
        return 'Claude Code is not ready (see Settings → Claude Code), so only Claude Desk’s own commands are listed.';
      const command = cli.resolvedCommand();
      return {
        file: command?.file ?? status.path,
        prefixArgs: command?.args,
        pathEnv: cli.childPathEnv(),
        savedApiKey: apiKey.get(),
      };
    },
    log: (m) => log.info(m),
  });
  bus.on('statusChanged', () => composer.invalidate());
  bus.on('turnEvent', (e) => e.type === 'finished' && void composer.filesMayHaveChanged(e.threadId));

  // Pushed events: every front door sees settings and thread-list changes made by any other.
  settings.onChange((s) => bus.emit('settingsChanged', s));
  threads.onChange((change) => bus.emit('threadsChanged', { threadId: change.threadId }));
  // …and so are those another Claude Desk process made on this data dir: the same event, from its log files.
  const unwatchThreads =
    (opts.watchThreads ?? opts.watchHistory)
      ? watchThreadsDir(layout.threadsDir, {
          onChange: (ids) =>
            void threads.syncFromDisk(ids).catch((err: unknown) => log.warn(`thread sync failed: ${String(err)}`)),
          log: (message) => log.warn(message),
        })
      : () => {};

  const services: DeskServices = {
    layout,
    log,
    redactor,
    bus,
    cli,
    settings,
    apiKey,
    threads,
    memory,
    turns,
    controls,
    startTurn,
    queue,
    sandbox,
    overview,
    appInfo,
    sessions,
    history,
    composer,
    windowState,
    rewind,
    prewarm: opts.host === 'command-line' ? undefined : prewarm,
    openExternal: opts.openExternal,
    chooseFolder: opts.chooseFolder,
    revealFile: opts.revealFile,
    openPath: opts.openPath,
  };

  let stopped = false;
  foundation.started();
  return {
    handlers: createHandlers(services),
    bus,
    layout,
    services,
    async shutdown() {
      if (stopped) return;
      stopped = true;
      prewarm.close();
      await turns.stopAll(); // the engine's stopAll also kills every warm process (their groups)
      await threadLocks.close(); // after the last turn gave its lock back: no spare lock file left behind
      running.shutdown(); // after the turns' ends are journalled
      await mcp.close();
      unwatchThreads();
      await threads.flush();
      await queueStore.flush();
      if (changedTimer) clearTimeout(changedTimer);
      if (historyStart) clearTimeout(historyStart);
      if (searchWarm) clearTimeout(searchWarm);
      await historyWatcher?.close();
      await historyIndex.flush().catch(() => undefined);
      historyIndex.close();
      await windowState.flush();
      sweeper.close();
      foundation.close();
    },
  };
}
