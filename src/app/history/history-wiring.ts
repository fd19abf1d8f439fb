import type { DeskHandlers } from '../../shared/contract';
import { HistoryIndex } from '../../core/history/history-index';
import { HistoryWatcher } from '../../core/history/history-watcher';
import { cliProjectsDir } from '../../core/history/cli-projects-dir';
import type { SessionsStore } from '../../core/store/sessions-store';
import type { SessionCostsStore } from '../../core/store/session-costs-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { HostProfile } from '../host-profile';
import type { DeskFoundation } from '../settings/desk-foundation';
import { checkProjectDir } from '../threads/project-dir';
import { HistoryService } from './history-service';

/** How long after start the History's scan and watcher wait (ms): the first window and turns come first. */
const HISTORY_START_DELAY_MS = 30_000;
/** When the thread search's texts are read ahead (ms after start). */
const SEARCH_WARM_DELAY_MS = 10_000;
/** Changes arrive per file read; the renderer refetches once per burst of this long (ms). */
const CHANGED_DEBOUNCE_MS = 100;

type HistoryHandlers = Pick<
  DeskHandlers,
  | 'listHistory'
  | 'getHistoryPage'
  | 'refreshHistory'
  | 'searchHistory'
  | 'pinHistorySession'
  | 'continueSession'
  | 'exportMarkdown'
  | 'getHistoryStats'
>;

export interface HistoryWiringDeps {
  f: Pick<DeskFoundation, 'env' | 'layout' | 'warn' | 'bus' | 'settings' | 'sandbox'>;
  profile: Pick<HostProfile, 'watchHistory' | 'warmSearch'>;
  threads: ThreadsStore;
  sessions: SessionsStore;
  /** The turn engine's: a continued session's cost so far is where its next turn's own cost starts. */
  sessionCosts: SessionCostsStore;
  /** The app is shutting down: nothing more is started. */
  stopped: () => boolean;
}

/**
 * Every Claude Code session on this machine (the History), and the thread list's search warm-up: both read a
 * lot of files, so both wait until start-up is over.
 */
export async function wireHistory({ f, profile, threads, sessions, sessionCosts, stopped }: HistoryWiringDeps) {
  const { layout, warn, bus, settings, sandbox } = f;
  // The CLI's folder follows the app's env (CLAUDE_CONFIG_DIR, HOME).
  const index = await HistoryIndex.open({
    stateDir: layout.stateDir,
    projectsDir: cliProjectsDir(f.env),
    keepCopies: () => settings.get().keepSessionCopies,
    onWarning: warn,
  });
  const history = new HistoryService({
    index,
    sessions,
    sessionCosts,
    threads,
    projectDir: async (dir) =>
      checkProjectDir(dir, { stateDir: layout.stateDir, walled: (await sandbox()).kind !== 'none' }),
    notice: (message) => bus.emit('notice', { level: 'info', message }),
    onListed: () => startWatch(),
  });
  let changedIds = new Set<string>();
  let changedTimer: NodeJS.Timeout | undefined;
  index.onChange((ids) => {
    for (const id of ids) changedIds.add(id);
    changedTimer ??= setTimeout(() => {
      changedTimer = undefined;
      const sessionIds = [...changedIds];
      changedIds = new Set();
      bus.emit('historyChanged', { sessionIds });
    }, CHANGED_DEBOUNCE_MS);
  });
  let watcher: HistoryWatcher | undefined;
  let watchStart: NodeJS.Timeout | undefined;
  function startWatch(): void {
    if (!profile.watchHistory || watcher || stopped()) return;
    if (watchStart) clearTimeout(watchStart);
    watchStart = undefined;
    const started = new HistoryWatcher(index, { onError: warn });
    watcher = started;
    void index
      .refreshAll()
      .then(() => (stopped() ? undefined : started.start()))
      .catch((err: unknown) => warn(`Indexing Claude Code's sessions failed: ${String(err)}`));
  }
  if (profile.watchHistory) {
    // Not during start-up: the first window, its first thread and the CLI's warm-up come first. Opening the
    // History starts it at once (HistoryService.list calls onListed).
    watchStart = setTimeout(startWatch, HISTORY_START_DELAY_MS);
    watchStart.unref?.();
  }
  // The thread list's search reads every thread's text once; done ahead, so the first query is as fast as
  // the next. After start-up (the first window and turn come first).
  const searchWarm = profile.warmSearch
    ? setTimeout(() => {
        void threads.warmSearch(stopped).catch((err: unknown) => warn(`Search warm-up: ${String(err)}`));
      }, SEARCH_WARM_DELAY_MS)
    : undefined;
  searchWarm?.unref?.();
  let keepCopies = settings.get().keepSessionCopies;
  settings.onChange((next) => {
    // Copies switched back on: the ones missing are made on the next read of each session.
    if (next.keepSessionCopies && !keepCopies && profile.watchHistory) void index.refreshAll().catch(() => undefined);
    keepCopies = next.keepSessionCopies;
  });

  const handlers: HistoryHandlers = {
    listHistory: async () => history.list(),
    getHistoryPage: async ({ sessionId, before }) => history.page(sessionId, before),
    refreshHistory: async () => {
      await history.refreshNow();
      return null;
    },
    searchHistory: async ({ query, limit }) => history.search(query, limit ?? 50),
    pinHistorySession: async ({ sessionId, pinned }) => {
      await history.setPinned(sessionId, pinned);
      return null;
    },
    continueSession: async ({ sessionId }) => history.continueSession(sessionId),
    exportMarkdown: async (input) => history.exportMarkdown(input),
    getHistoryStats: async () => history.stats(),
  };
  return {
    history,
    index,
    handlers,
    async close() {
      if (changedTimer) clearTimeout(changedTimer);
      if (watchStart) clearTimeout(watchStart);
      if (searchWarm) clearTimeout(searchWarm);
      await watcher?.close();
      await index.flush().catch(() => undefined);
      index.close();
    },
  };
}
