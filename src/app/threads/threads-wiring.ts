import path from 'node:path';
import { SessionsStore } from '../../core/store/sessions-store';
import { ForkPointsStore } from '../../core/store/fork-points-store';
import { ThreadsStore } from '../../core/store/threads-store';
import { ThreadLocks } from '../../core/store/thread-locks';
import { saveFailedSentence } from '../../core/store/disk-full';
import { watchThreadsDir } from '../../core/store/threads-dir-watcher';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { HostProfile } from '../host-profile';
import { createThreadHandlers } from './thread-handlers';
import { ThreadPeerHooks } from './thread-peers';
import { ProjectWorktreeChoices } from '../worktree/project-worktrees';

export type ThreadsWiring = Awaited<ReturnType<typeof wireThreads>>;

/**
 * The threads: their store, the Claude Code session each one continues, where a rewound one forks, and the
 * locks that keep two processes on one data dir from running one thread at once.
 */
export async function wireThreads(
  f: Pick<DeskFoundation, 'layout' | 'log' | 'warn' | 'bus' | 'settings' | 'sandbox'>,
  profile: Pick<HostProfile, 'host' | 'watchThreads'>,
) {
  const { layout, warn, log, bus } = f;
  // The features built later register here: the turns answer for a turn in flight, and each says what it forgets.
  const peers = new ThreadPeerHooks();
  /** threadId → Claude Code session uuid: forgotten when the thread is deleted. */
  const sessions = new SessionsStore(layout.sessionsFile, warn);
  const forks = new ForkPointsStore(path.join(layout.stateDir, 'claude-code-forks.json'), warn);
  // Windows, browser mode and the command line on one data dir never run one thread at once.
  const locks = new ThreadLocks(path.join(layout.stateDir, 'thread-locks'), profile.host);
  // Each project's own worktree switch: read when a thread is made there, set from the project picker.
  const projectWorktrees = new ProjectWorktreeChoices(path.join(layout.stateDir, 'project-worktrees.json'));
  const threads = await ThreadsStore.open({
    dir: layout.threadsDir,
    onWarning: warn,
    rewriteLock: (id) => locks.forRewrite(id),
  });
  // Pushed events: every front door sees thread-list changes made by any other…
  threads.onChange(({ threadId, kind }) => bus.emit('threadsChanged', { threadId, kind }));
  // …and those another Claude Desk process made on this data dir: the same event, from its log files.
  const unwatch = profile.watchThreads
    ? watchThreadsDir(layout.threadsDir, {
        onChange: (ids) =>
          void threads.syncFromDisk(ids).catch((err: unknown) => log.warn(`thread sync failed: ${String(err)}`)),
        log: (message) => log.warn(message),
      })
    : () => {};
  return {
    threads,
    sessions,
    forks,
    /** Closed by the turns' wiring, after the last turn gave its lock back. */
    locks,
    projectWorktrees,
    peers,
    handlers: createThreadHandlers(
      { ...f, threads, sessions, projectWorktrees: async (dir) => projectWorktrees.of(dir) },
      peers,
    ),
    async close() {
      unwatch();
      // A last save that fails (a full disk) is logged in a sentence: quitting must not crash over it.
      await threads.flush().catch((err: unknown) => f.log.warn(`Closing, the threads: ${saveFailedSentence(err)}`));
    },
  };
}
