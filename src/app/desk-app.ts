import type { PhoneAddress } from '../shared/phone';
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
import type { WindowStates } from '../core/store/window-states';
import { wireProcessSweep } from './turns/process-sweep-wiring';
import { wireTurns, type TurnsWiring } from './turns/turns-wiring';
import { wireQueue } from './turns/queue-wiring';
import { wireRewind } from './rewind/rewind-wiring';
import { wireHistory } from './history/history-wiring';
import { wireUsage } from './usage/usage-wiring';
import type { UsageService } from './usage/usage-service';
import { wireComposer } from './composer/composer-wiring';
import { wireBoard } from './board/board-wiring';
import { wireChanges } from './worktree/changes-wiring';
import type { ChangesService } from './worktree/changes-service';
import { wireProjects } from './projects/projects-wiring';
import { wireClaudeCodeSetup } from './claude-code-setup/claude-code-setup-wiring';
import { wireWorktree } from './worktree/worktree-wiring';
import { makeGit } from '../core/git/git-runner';

import { PROCESS_TAG_ENV } from '../core/process-sweep';
import type { TurnService } from './turns/turn-service';
import type { MessageQueue } from './turns/message-queue';
import type { Prewarmer } from './turns/prewarm';
import type { HistoryService } from './history/history-service';
import type { ComposerService } from './composer/composer-service';
import type { RewindService } from './rewind/rewind-service';
import type { BoardService } from './board/board-service';
import { wireNotify, type NotifyWiring } from './notify/notify-wiring';
import { wirePhone, type PhoneWiring, type StartPhoneListener } from './phone/phone-wiring';
import { listPhoneAddresses, loopbackForTests } from '../core/phone/addresses';
import type { PushNetwork } from '../core/notify/push-endpoint';

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
  /** Phone access's listener (the window's and browser mode's front doors give it); absent, phone access says where it runs. */
  startPhoneListener?: StartPhoneListener;
  /** Test seam: the addresses phone access may use (default: this computer's interfaces). */
  phoneAddresses?: () => PhoneAddress[];
  /** Test seam: where Web Push may post (default: the known push services at public addresses). */
  pushNetwork?: PushNetwork;
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
  /** Paired devices told by Web Push and the ntfy topic; `forgetDevice` when a device is revoked. */
  notify: Pick<NotifyWiring, 'service' | 'forgetDevice'>;
  /** Phone access: the paired devices and the listener's life. */
  phone: PhoneWiring;
  /** Each desktop window's place, and which windows open at start. */
  windowStates: WindowStates;
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
 * close; the host profile says what this front door starts. Features meet through ports (the turns' TurnsPort) and
 * registrations (a thread's deletion, the rewind's snapshots, the board's counts), wired here in build order.
 * `claude-desk status` and `doctor` build the foundation alone (settings/status-desk.ts).
 */
export async function createDeskApp(opts: DeskAppOptions): Promise<DeskApp> {
  const profile = hostProfile(opts);
  const f = await openDeskFoundation(opts);
  let stopped = false;
  const settings = wireSettings(f);
  const threads = await wireThreads(f, profile);
  const window = await wireWindow(f, opts);
  threads.peers.onAfterDelete((threadId) => void window.windowStates.forgetThread(threadId));
  const sweep = wireProcessSweep(f.log, profile, opts.tmpRoot);
  // git and its hooks carry the app's process tag: the crash watchdog ends them with a killed app.
  const git = makeGit({ tag: () => ({ name: PROCESS_TAG_ENV, value: sweep.sweeper.newTag() }) });
  const worktree = wireWorktree(f, threads, git);
  const { launcher, memory } = settings;
  const turns = await wireTurns({
    ...opts,
    f,
    profile,
    threads,
    memory,
    sweeper: sweep.sweeper,
    launcher,
    worktrees: worktree.worktrees,
  });
  const { port } = turns;
  const rewind = wireRewind(f, threads, launcher, port, opts.rewindSnapshots !== false);
  const queue = wireQueue(f, threads.threads, port, threads.peers);
  const { sessions } = threads;
  const { sessionCosts } = turns;
  const isStopped = () => stopped;
  const history = await wireHistory({
    f,
    profile,
    threads: threads.threads,
    sessions,
    sessionCosts,
    stopped: isStopped,
  });
  const usage = await wireUsage({ f, index: history.index, threads: threads.threads, sessions, notify: opts.notify });
  const composer = wireComposer(f, threads.threads, launcher);
  const board = wireBoard({ f, threads, turns: port, launcher });
  const runningSessions = () => board.agents.sessions();
  const changes = wireChanges(f, threads.threads, port, { runningSessions, git });
  board.countChangesWith((threadId) => changes.service.counts(threadId));
  const projects = wireProjects(f, threads.threads, threads.projectWorktrees);
  const { env, layout } = f;
  const filesChanged = (reason: string) => port.discardAllIdle(reason);
  const setup = wireClaudeCodeSetup({
    env,
    threads: threads.threads,
    workspaceDir: layout.workspaceDir,
    launcher,
    filesChanged,
  });
  const { notify, phone } = await wireDevices(f, opts, threads, projects, () => deviceHandlers);
  f.started();
  const features = { threads, turns, queue, history, composer, rewind, board, changes, usage, notify, phone };
  const wirings = [settings, threads, turns, queue, rewind, composer, changes, projects, history, window, board];
  const deviceHandlers = Object.assign(
    {},
    ...[...wirings, setup, worktree, usage, notify, phone].map((w) => w.handlers),
  ) as DeskHandlers;
  // The computer's own Stop is told to the devices; a device's own is told by the phone feature (onDeviceStop).
  const handlers: DeskHandlers = { ...deviceHandlers, stopTurn: notify.stopAtTheComputer(deviceHandlers.stopTurn) };
  // Phone access that was on at the last quit is on again (its address still here), once a device can reach the calls.
  void phone.resume().catch((err: unknown) => f.warn(`Phone access did not start again: ${String(err)}`));
  return {
    handlers,
    bus: f.bus,
    layout,
    services: { ...deskServices(f, features), windowStates: window.windowStates },
    async shutdown() {
      if (stopped) return;
      stopped = true;
      // The one safe order: phone access's sockets and the notifications first; the board and Changes stop
      // listening; the pre-warmer, every turn and kept CLI, then the thread locks, the journal and MCP (turns); the
      // threads' last save; a get_settings probe still ending (setup); the sweep after the last CLI; the foundation.
      for (const feature of [phone, notify, board, changes, turns, threads, queue, history, window, setup, sweep])
        await feature.close();
      f.close();
    },
  };
}

/**
 * Phone access and what a paired device is told (Web Push, ntfy): a device revoked loses its push subscriptions
 * with it. Built last, so the device gate sees every handler.
 */
async function wireDevices(
  f: DeskFoundation,
  opts: DeskAppOptions,
  threads: ThreadsWiring,
  projects: ReturnType<typeof wireProjects>,
  handlers: () => DeskHandlers,
): Promise<{ notify: NotifyWiring; phone: PhoneWiring }> {
  // Devices are told only while phone access is on: turned off or quit, they hear nothing more.
  const notify = await wireNotify({
    f,
    threads,
    cipher: opts.cipher,
    devicesReachable: () => phone.isOn(),
    network: opts.pushNetwork,
  });
  const phone = await wirePhone({
    stateDir: f.layout.stateDir,
    bus: f.bus,
    handlers,
    recentProjects: async () => (await projects.handlers.listRecentProjects(undefined)).map((p) => p.path),
    startListener: opts.startPhoneListener,
    addresses: opts.phoneAddresses ?? (() => [...listPhoneAddresses(), ...loopbackForTests(f.env)]),
    onRevoked: (deviceId) => notify.forgetDevice(deviceId),
    onDeviceStop: ({ actor, threadId, turnId }) =>
      notify.service.stopAsked(threadId, turnId, { deviceId: actor.deviceId, deviceName: actor.name }),
    warn: f.warn,
  });
  return { notify, phone };
}

/** What the front doors and tests reach past the contract, from the features' wirings. */
function deskServices(
  f: DeskFoundation,
  w: {
    threads: ThreadsWiring;
    turns: TurnsWiring;
    queue: ReturnType<typeof wireQueue>;
    history: Awaited<ReturnType<typeof wireHistory>>;
    composer: ReturnType<typeof wireComposer>;
    rewind: ReturnType<typeof wireRewind>;
    board: ReturnType<typeof wireBoard>;
    changes: ReturnType<typeof wireChanges>;
    usage: Awaited<ReturnType<typeof wireUsage>>;
    notify: NotifyWiring;
    phone: PhoneWiring;
  },
): Omit<DeskServices, 'windowStates'> {
  return {
    ...f,
    threads: w.threads.threads,
    sessions: w.threads.sessions,
    turns: w.turns.service,
    prewarm: w.turns.prewarm,
    queue: w.queue.queue,
    history: w.history.history,
    composer: w.composer.composer,
    rewind: w.rewind.service,
    board: w.board.board,
    changes: w.changes.service,
    threadLocks: w.threads.locks,
    usage: w.usage.usage,
    notify: { service: w.notify.service, forgetDevice: w.notify.forgetDevice },
    phone: w.phone,
  };
}
