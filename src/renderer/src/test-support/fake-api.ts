/**
 * A fake host for component tests and the bench: every DeskApi verb is a vi.fn-like recorder with
 * a sensible default answer, and `emit` pushes events the way the real host does.
 */
import type { AppInfo, CallName, CliOverview, DeskApi, EventName, Events } from '../../../shared/contract';
import { createApiProxy } from '../../../shared/api-proxy';
import { DEFAULT_SETTINGS, type AppSettings } from '../../../shared/settings';
import type { ChatMessage, Thread, ThreadSummary } from '../../../shared/threads';
import type { WindowState } from '../../../shared/window-state';
import type { QueuedMessage } from '../../../shared/message-queue';
import { EMPTY_TOTALS } from '../../../shared/turn-reducer';
import { DEFAULT_THREAD_TITLE } from '../../../shared/thread-title';
import { emptyUsageOverview } from './usage-fixture';
import { createPhoneFake } from './phone-fixture';

/** No Claude Code setup at all (the setup pages' tests hand their own through `handle`). */
const EMPTY_SETUP = { home: '/home/u', settings: [], instructions: [], agents: [], skills: [], outputStyles: [] };

export interface FakeCall {
  name: string;
  input: unknown;
}

export interface FakeHost {
  api: DeskApi;
  calls: FakeCall[];
  callsTo(name: string): unknown[];
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  threads: Thread[];
  settings: AppSettings;
  overview: CliOverview;
  appInfo: AppInfo;
  /** What getWindowState answers; saveWindowState merges into it. */
  windowState: WindowState;
  /** The same for the desktop's other windows, by their key (`?window=`). */
  windowStates: Record<string, WindowState>;
  /** Each thread's queued messages (the queue calls read and change them). */
  queues: Map<string, QueuedMessage[]>;
  /** Replace one verb's behaviour. */
  handle(name: keyof DeskApi, fn: (input: unknown) => unknown): void;
  /** How many listeners the page holds on the host's events now (a closed split pane leaves none). */
  listenerCount(): number;
}

export function makeThread(
  id: string,
  title: string,
  messages: ChatMessage[] = [],
  updatedAt = 1_700_000_000_000,
): Thread {
  return { id, title, createdAt: updatedAt, updatedAt, settings: {}, totals: { ...EMPTY_TOTALS }, messages };
}

export const summaryOf = ({ messages: _m, ...summary }: Thread): ThreadSummary => summary;

export const OK_OVERVIEW: CliOverview = {
  cli: { status: 'ok', version: '2.1.328', path: '/usr/local/bin/claude', source: 'path' },
  auth: { loggedIn: true, method: 'cli_login' },
  sandbox: { kind: 'bubblewrap', reason: 'bwrap available' },
};

export function createFakeHost(init: { threads?: Thread[]; host?: AppInfo['host'] } = {}): FakeHost {
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  const calls: FakeCall[] = [];
  let turnSeq = 0;
  const fake: FakeHost = {
    calls,
    callsTo: (name) => calls.filter((c) => c.name === name).map((c) => c.input),
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    threads: init.threads ?? [],
    settings: { ...DEFAULT_SETTINGS, apiKeyStorage: 'encrypted' },
    overview: OK_OVERVIEW,
    appInfo: {
      name: 'Claude Desk',
      version: '0.1.0',
      host: init.host ?? 'electron',
      platform: 'linux',
      dataDir: '/data/desk',
      logFile: '/data/desk/logs/desk.log',
    },
    windowState: {},
    windowStates: {},
    queues: new Map(),
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    handle(name, fn) {
      overrides.set(name as string, fn);
    },
    get api(): DeskApi {
      return api;
    },
  };
  const overrides = new Map<string, (input: unknown) => unknown>();
  const queueOf = (threadId: string): QueuedMessage[] => fake.queues.get(threadId) ?? [];
  const setQueue = (threadId: string, items: QueuedMessage[]) => {
    fake.queues.set(threadId, items);
    return { threadId, items };
  };
  const phone = createPhoneFake(
    () => fake.emit('phoneChanged', {}),
    () => Date.now(),
    (e) => fake.emit('pairingRequest', e),
  );
  // Keyed by CallName: a call added to the contract without a fake answer is a type error here.
  const defaults: Record<CallName, (input: never) => unknown> = {
    getAppInfo: () => fake.appInfo,
    getCliStatus: () => fake.overview,
    getDoctor: () => ({
      ...fake.overview,
      appPath: '/usr/bin:/bin',
      loginShellPath: '/usr/local/bin:/usr/bin',
      steps: [],
      dataDir: '/data/desk',
      logFile: '/data/desk/log',
    }),
    listThreads: () => fake.threads.map(summaryOf),
    getThread: ({ threadId }: { threadId: string }) => fake.threads.find((t) => t.id === threadId) ?? null,
    readToolResult: () => null,
    createThread: (input: { title?: string; settings?: { projectDir?: string } } | undefined) => {
      const t = makeThread(
        `th-new-${fake.threads.length + 1}`,
        input?.title ?? DEFAULT_THREAD_TITLE,
        [],
        1_800_000_000_000,
      );
      // As the real host: a new thread starts in Settings' mode (none of its own under the env lock).
      if (!fake.settings.permissionModeLockedBy) t.settings = { permissionMode: fake.settings.permissionMode };
      if (input?.settings?.projectDir) t.settings = { ...t.settings, projectDir: input.settings.projectDir };
      fake.threads.push(t);
      return summaryOf(t);
    },
    renameThread: () => null,
    pinThread: () => null,
    deleteThread: () => null,
    updateThreadSettings: () => null,
    searchThreads: () => [],
    sendMessage: (input: { messageId?: string }) => ({
      turnId: `turn-${++turnSeq}`,
      messageId: input.messageId ?? `msg-${turnSeq}`,
    }),
    stopTurn: () => null,
    queueMessage: (input: { threadId: string; messageId: string; text: string }) =>
      setQueue(input.threadId, [...queueOf(input.threadId), { id: input.messageId, text: input.text, createdAt: 1 }]),
    getMessageQueue: ({ threadId }: { threadId: string }) => ({ threadId, items: queueOf(threadId) }),
    editQueuedMessage: (input: { threadId: string; messageId: string; text: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).map((m) => (m.id === input.messageId ? { ...m, text: input.text } : m)),
      ),
    removeQueuedMessage: (input: { threadId: string; messageId: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).filter((m) => m.id !== input.messageId),
      ),
    sendQueuedNow: (input: { threadId: string; messageId: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).filter((m) => m.id !== input.messageId),
      ),
    answerApproval: () => null,
    readApprovalFile: () => ({ state: 'gone' }),
    resendFrom: (input: { threadId: string; messageId: string }) => ({
      turnId: `turn-${++turnSeq}`,
      messageId: `resent-${input.messageId}`,
    }),
    previewRewind: ({ threadId, messageId }: { threadId: string; messageId: string }) => ({
      threadId,
      messageId,
      source: 'git',
      files: [],
      limits: [],
    }),
    rewindThread: ({ threadId, messageId }: { threadId: string; messageId: string }) => ({
      threadId,
      messageId,
      restored: [],
      kept: [],
      text: '',
    }),
    switchBranch: () => ({ restored: [], kept: [] }),
    listBranches: () => [],
    prepareTurn: () => null,
    getChanges: () => null,
    getChangeDiff: ({ path }: { path: string }) => ({ path, before: null, after: '', binary: false, tooBig: false }),
    draftCommitMessage: () => 'Changes from Claude',
    landThread: ({ action }: { action: string }) => ({ ok: true, action, message: 'Done.' }),
    getPullRequestReadiness: () => ({ ready: true, remote: 'origin' }),
    getComposerCatalog: () => ({
      commands: [
        { name: 'clear', description: 'Start a fresh Claude Code session in this thread', kind: 'native' },
        { name: 'model', description: 'Choose the model for this thread', kind: 'native' },
        {
          name: 'compact',
          description: 'Clear conversation history but keep a summary',
          kind: 'cli',
          source: 'builtin',
        },
        {
          name: 'hello',
          description: 'Greets someone by name',
          argumentHint: '<name>',
          kind: 'cli',
          source: 'project',
        },
      ],
      models: [
        { value: 'default', displayName: 'Default (recommended)' },
        { value: 'sonnet', displayName: 'Sonnet' },
      ],
    }),
    searchProjectFiles: ({ query }: { query: string }) => {
      const all = ['README.md', 'src/index.ts', 'src/reader.ts'];
      const q = query.toLowerCase();
      const matches = all.filter((p) => p.toLowerCase().includes(q)).map((path) => ({ path, positions: [] }));
      return { matches, truncated: false, total: all.length, indexing: false, refreshing: false };
    },
    clearSession: () => null,
    getWindowState: (input?: { window: string }) =>
      input ? (fake.windowStates[input.window] ?? {}) : fake.windowState,
    saveWindowState: ({ window, ...patch }: WindowState & { window?: string }) => {
      if (window) fake.windowStates[window] = { ...fake.windowStates[window], ...patch };
      else fake.windowState = { ...fake.windowState, ...patch };
      return null;
    },
    openWindow: () => null,
    getSettings: () => fake.settings,
    updateSettings: (patch: Partial<AppSettings>) => (fake.settings = { ...fake.settings, ...patch }),
    setApiKey: () => (fake.settings = { ...fake.settings, hasSavedApiKey: true }),
    clearApiKey: () => (fake.settings = { ...fake.settings, hasSavedApiKey: false }),
    listMemories: () => ({ items: [] }),
    deleteMemory: () => null,
    listHistory: () => [],
    refreshHistory: () => null,
    getHistoryPage: ({ sessionId }: { sessionId: string }) => ({ sessionId, messages: [] }),
    searchHistory: () => [],
    pinHistorySession: () => null,
    continueSession: () => ({ threadId: 'th-continued', created: true }),
    exportMarkdown: () => ({ fileName: 'conversation.md', markdown: '# Conversation\n' }),
    getHistoryStats: () => ({ sessions: 0, keptBytes: 0, keptRawBytes: 0, keepCopies: true }),
    listRecentProjects: () => [],
    describeFolder: ({ path }: { path: string }) => ({
      path,
      name: path.split('/').pop() || path,
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
    }),
    completeFolder: () => ({ dir: '', names: [], truncated: false }),
    openExternal: () => null,
    chooseFolder: () => null,
    openFile: () => null,
    revealLogFile: () => null,
    getBoard: () => ({ rows: [], cap: 4 }),
    listClaudeAgents: () => ({ ok: true, agents: [] }),
    listTurns: () => [],
    dismissBoardRow: () => null,
    getClaudeCodeSetup: () => EMPTY_SETUP,
    editPermissionRule: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setHooksOff: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    addHook: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    removeHook: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setHookOff: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    getEffectiveSettings: () => ({ cwd: '', ms: 0, rules: { allow: [], ask: [], deny: [] }, sources: [], errors: [] }),
    saveInstructionFile: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    appendInstruction: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    saveClaudeAgent: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    listClaudePlugins: () => [],
    setClaudePluginEnabled: () => [],
    installClaudePlugin: () => [],
    setClaudeSkillEnabled: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    setClaudeOutputStyle: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    deleteClaudeAgent: () => ({ setup: EMPTY_SETUP, takesEffect: '' }),
    bringBase: () => ({ ok: true, done: true, message: 'Brought main in.' }),
    resolveBring: () => ({ files: [] }),
    finishBring: () => ({ ok: true, done: true, message: 'Brought main in.' }),
    abortBring: () => ({ ok: true, done: true, message: 'Aborted.' }),
    getWorktreeStatus: () => ({ gone: false }),
    continueWithoutWorktree: () => ({ gone: false }),
    getUsage: () => emptyUsageOverview(),
    getUsageReport: () => ({ rows: [], blocks: [] }),
    getBudgets: () => [],
    setBudget: () => [],
    removeBudget: () => [],
    budgetsOver: () => [],
    listStaleWorktrees: () => [],
    tidyWorktrees: () => ({ removed: 0, message: 'Removed 0 of 0.' }),
    getLandProgress: () => null,
    stopLand: () => ({ stopped: false }),
    getPushKey: () => ({ publicKey: 'BPushKeyForTests' }),
    subscribePush: () => null,
    unsubscribePush: () => null,
    getNotify: () => ({
      ntfy: { hasToken: false, tokenStorage: 'memory', titles: false },
      push: { devices: 0, subscriptions: 0 },
    }),
    setNotify: () => ({
      ntfy: { hasToken: false, tokenStorage: 'memory', titles: false },
      push: { devices: 0, subscriptions: 0 },
    }),
    testNotify: () => ({ ok: false, message: 'Nothing to notify yet.' }),
    setProjectWorktrees: ({ path, choice }: { path: string; choice: 'always' | 'first-edit' | 'never' | null }) => ({
      path,
      name: path.split('/').pop() || path,
      lastUsed: 0,
      seenIn: [],
      state: 'ok',
      git: { branch: 'main', ...(choice ? { worktrees: choice } : {}) },
    }),
    // Phone access (issue 51): off at first; its state in phone-fixture.ts.
    ...phone.handlers,
  };
  const api = createApiProxy({
    async call(name, input) {
      calls.push({ name, input });
      const fn = overrides.get(name) ?? (defaults[name] as (i: unknown) => unknown);
      return fn(input);
    },
    listen(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  return fake;
}
