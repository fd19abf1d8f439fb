import path from 'node:path';
import type { DeskHandlers } from '../../shared/contract';
import { effectivePermissionMode, ownPermissionMode } from '../../shared/settings';
import type { ThreadSettings } from '../../shared/threads';
import { SessionCostsStore } from '../../core/store/session-costs-store';
import type { ProcessSweeper } from '../../core/process-sweep';
import { createLazyMcpEndpoint } from '../../core/mcp/lazy-mcp-endpoint';
import { TurnEngine } from '../../core/turn/turn-engine';
import { keepPolicy } from '../../core/turn/kept-process';
import type { createMemoryStore } from '../../core/store/memory-store';
import { appVersion } from '../app-version';
import type { HostProfile } from '../host-profile';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';
import type { ThreadsWiring } from '../threads/threads-wiring';
import type { ThreadWorktrees } from '../worktree/thread-worktrees';
import { TurnService, type BuildTurnRequest } from './turn-service';
import { TurnControls } from './turn-controls';
import { Prewarmer } from './prewarm';
import { RunningTurns } from './running-turns';
import { LiveTurns } from './live-turns';
import { sendStaleProcessesAway } from './stale-processes';
import type { TurnsPort } from './turns-port';

/** Snapshots of the project around each turn, for a rewind: registered by the rewind feature. */
type Checkpoints = NonNullable<ConstructorParameters<typeof TurnService>[0]['checkpoints']>;

export interface TurnsWiringDeps {
  f: DeskFoundation;
  profile: Pick<HostProfile, 'keepProcesses' | 'prewarm'>;
  threads: Pick<ThreadsWiring, 'threads' | 'sessions' | 'forks' | 'locks' | 'peers'>;
  memory: ReturnType<typeof createMemoryStore>;
  sweeper: ProcessSweeper;
  launcher: ClaudeCodeLauncher;
  /** Makes a thread's own worktree before its first turn (absent: threads work in their project folder). */
  worktrees?: Pick<ThreadWorktrees, 'ready' | 'stop' | 'moveOnEdit'>;
  tmpRoot?: string;
  notify?: (title: string, body: string) => void;
  powerSaver?: () => boolean;
  /** Calls back when the platform starts saving power (on battery): every waiting CLI is closed at once. */
  watchPowerSaving?: (onSave: () => void) => () => void;
}

export type TurnsWiring = Awaited<ReturnType<typeof wireTurns>>;
type TurnHandlers = Pick<
  DeskHandlers,
  'sendMessage' | 'stopTurn' | 'answerApproval' | 'readApprovalFile' | 'clearSession' | 'prepareTurn' | 'listTurns'
>;

/** The turns: the engine that runs the CLI, the service that records each turn, live controls and pre-warming. */
export async function wireTurns(d: TurnsWiringDeps) {
  const { f, profile, launcher } = d;
  const { env, layout, log, redactor, bus, warn, settings, apiKey, sandbox } = f;
  const { threads, sessions, forks, locks } = d.threads;
  // After a crash: turns that were running show as interrupted (with Retry).
  const running = new RunningTurns(path.join(layout.stateDir, 'running-turns'));
  await running.recover(threads, warn);
  const mcp = createLazyMcpEndpoint(async () => {
    // Loaded with the first turn: the MCP SDK is most of the start-up time of a command that runs none.
    const { startDeskMcpServer } = await import('../../core/mcp/desk-mcp-server');
    const server = await startDeskMcpServer({
      memory: d.memory,
      threads,
      policy: () => settings.get().toolPolicy,
      version: appVersion(),
      log: (line) => log.info(line),
    });
    redactor.add(server.token); // the CLI reads it from a 0600 file, but may echo it on stderr
    return server;
  });
  // The CLI that answered stays for the thread's next turn, where the host keeps processes at all.
  const keep = profile.keepProcesses ? keepPolicy(env) : { keep: 0, keepIdleMs: 0 };
  // Shared with the History: Continue here sets where a continued session's next turn's cost starts.
  const sessionCosts = new SessionCostsStore(layout.sessionCostsFile, warn);
  const engine = new TurnEngine({
    sweeper: d.sweeper,
    tmpRoot: d.tmpRoot,
    threadLocks: locks,
    sessions,
    sessionCosts,
    env,
    log: (m) => log.info(m),
    redact: (t) => redactor.text(t),
    keep: { ...keep, powerSaver: d.powerSaver },
  });

  const prepareParts = async (threadSettings: ThreadSettings, quiet: boolean): ReturnType<BuildTurnRequest> => {
    const cli = await launcher.ready();
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
      cli: { path: cli.file, prefixArgs: cli.prefixArgs, pathEnv: cli.pathEnv, version: cli.version },
      savedApiKey: cli.savedApiKey,
      mcp: endpoint.ok ? { url: endpoint.server.url, token: endpoint.server.token } : 'failed',
      wrap: wall.kind === 'none' ? undefined : wall.wrap,
      layout,
    };
  };
  const prepare: BuildTurnRequest = async (threadId, given) => {
    // A thread's first turn makes its worktree, if it asked for one; every other turn passes straight through.
    const threadSettings = d.worktrees ? await d.worktrees.ready(threadId, given) : given;
    const parts = await prepareParts(threadSettings, false);
    // "When Claude first edits": the turn runs in the project folder, and its first editing call makes the worktree.
    const worktrees = d.worktrees;
    const onEdit = worktrees && threadSettings.worktreeOnEdit && !threadSettings.worktree && threadSettings.projectDir;
    if (onEdit) parts.firstEdit = (call) => worktrees.moveOnEdit(threadId, call);
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

  // Rewind, built after the turns, registers its snapshots (snapshotAround); until then, and where it never does
  // (the bench's baseline), a turn takes none.
  let checkpoints: Checkpoints | undefined;
  const service = new TurnService({
    threads,
    sessions,
    engine,
    bus,
    prepare,
    get checkpoints() {
      return checkpoints;
    },
    notify: d.notify,
    log: (m) => log.warn(m),
    running,
  });

  // Every window's view of the turns in flight, rebuilt from here after a reload or in a second tab.
  const liveTurns = new LiveTurns({
    live: () => engine.phases.live(),
    waitingThreadIds: () => service.waitingThreadIds(),
  });
  const offLive = [
    bus.on('turnEvent', (e) => liveTurns.turnEvent(e)),
    engine.phases.subscribe((change) => liveTurns.phaseChanged(change)),
  ];

  // The next turn's CLI started ahead of time; anything a turn is started with discards it.
  const prewarmer = new Prewarmer({
    pool: engine.idle,
    threads,
    prepare: (_threadId, threadSettings) => prepareParts(threadSettings, true),
    isBusy: (threadId) => service.isBusy(threadId),
    turnsWaiting: () => engine.queue.waitingCount > 0,
    powerSaver: d.powerSaver,
    log: (m) => log.info(m),
  });
  settings.onChange(() => prewarmer.invalidate('the settings changed'));
  apiKey.onChange(() => prewarmer.invalidate('the API key changed'));
  bus.on('statusChanged', () => prewarmer.invalidate('the Claude Code status changed'));
  threads.onChange((change) => prewarmer.threadChanged(change));
  /** Absent where the host pre-warms nothing (the command line). */
  const prewarm = profile.prewarm ? prewarmer : undefined;
  // Where processes wait for a next turn at all: none stays once the machine goes on battery.
  const stopPowerWatch =
    profile.keepProcesses || profile.prewarm ? d.watchPowerSaving?.(() => prewarmer.savePower()) : undefined;

  /** Starts a turn for a user message and, once it is over, pre-warms the next one's CLI. */
  const startTurn = async (input: Parameters<TurnService['send']>[0]) => {
    const { turnId, messageId, done } = await service.send(input);
    // Once the turn is over (process gone, session saved), start the next one's CLI where the host pre-warms.
    if (prewarm)
      void done.then(
        () => prewarm.afterTurn(input.threadId),
        () => undefined,
      );
    return { turnId, messageId };
  };

  const handlers: TurnHandlers = {
    sendMessage: async (input) => startTurn(input),
    stopTurn: async ({ threadId, turnId }) => {
      service.stop(threadId, turnId);
      d.worktrees?.stop(threadId); // a first turn still making its worktree: git and its hooks end too
      return null;
    },
    answerApproval: async (input) => {
      controls.answer(input);
      return null;
    },
    readApprovalFile: (input) => controls.approvalFile(input),
    clearSession: async ({ threadId }) => {
      await service.clearSession(threadId);
      prewarm?.invalidate('the session was cleared');
      bus.emit('threadsChanged', { threadId, kind: 'message' });
      return null;
    },
    prepareTurn: async ({ threadId }) => {
      void prewarm?.prepareTurn(threadId); // never fails and never delays the renderer
      return null;
    },
    listTurns: async () => liveTurns.list(),
  };

  const port: TurnsPort & { snapshotAround(c: Checkpoints): void } = {
    isBusy: (threadId) => service.isBusy(threadId),
    isAnswering: (threadId) => service.isAnswering(threadId),
    settled: (threadId) => service.settled(threadId),
    start: startTurn,
    stop: (threadId, turnId) => service.stop(threadId, turnId),
    liveMessages: (threadId) => service.liveMessages(threadId),
    waitingThreadIds: () => service.waitingThreadIds(),
    live: () => engine.phases.live(),
    onPhaseChange: (listener) => engine.phases.subscribe(listener),
    capacity: () => ({ running: engine.queue.activeCount, max: engine.queue.max }),
    elsewhere: () => running.elsewhere(),
    discardIdle: (threadId, why) => engine.idle.discard(threadId, why),
    discardAllIdle: sendStaleProcessesAway(engine, prewarm),
    idleProcesses: async (threadId) => ({
      pids: [engine.idle.peek(threadId)?.pid ?? []].flat(),
      sessionIds: [await sessions.get(threadId), engine.idle.pendingSessionId(threadId)].filter((s) => s !== undefined),
    }),
    setModel: (threadId, model) => controls.setModel(threadId, model),
    permissionModeChanged: (previous, next, threadId) => controls.permissionModeChanged(previous, next, threadId),
    snapshotAround: (c) => void (checkpoints = c),
  };
  // The thread calls ask the turns for a turn in flight; a deleted thread's turn stops before its files go.
  d.threads.peers.serveTurns(port);
  d.threads.peers.onBeforeDelete((threadId) => service.stop(threadId));

  return {
    /** What the other features may ask of the turns. */
    port,
    service,
    sessionCosts,
    prewarm,
    handlers,
    async close() {
      for (const off of offLive) off();
      stopPowerWatch?.();
      prewarmer.close();
      await service.stopAll(); // the engine's stopAll also kills every warm process (their groups)
      await locks.close(); // after the last turn gave its lock back: no spare lock file left behind
      running.shutdown(); // after the turns' ends are journalled
      await mcp.close();
    },
  };
}
