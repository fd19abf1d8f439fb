import type { DeskHandlers } from '../../shared/contract';
import type { RunningSessions } from '../../shared/worktree-changes';
import type { TurnEvent } from '../../shared/turn-events';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { CliService } from '../../core/claude-code/cli-service';
import type { DeskFoundation } from '../settings/desk-foundation';
import { runToEnd, type RunToEnd } from '../../core/process-runner';
import path from 'node:path';
import { ChangesService } from './changes-service';
import type { Git } from '../../core/git/git-runner';
import { BringChoices } from './bring-choices';
import type { OwnProcesses } from './sessions-in-worktree';

type ChangesHandlers = Pick<
  DeskHandlers,
  | 'getChanges'
  | 'getChangeDiff'
  | 'draftCommitMessage'
  | 'landThread'
  | 'getPullRequestReadiness'
  | 'bringBase'
  | 'resolveBring'
  | 'finishBring'
  | 'abortBring'
  | 'getLandProgress'
  | 'stopLand'
>;

/** Past a tool result, the panel reads the changes again at most this often while the agent works. */
export const CHANGES_COALESCE_MS = 300;

/** The turn events after which a thread's files may differ: a tool finished, or the turn ended. */
const mayHaveWritten = (e: TurnEvent) => e.type === 'tool_result' || e.type === 'finished';

/**
 * The Changes panel and landing. `changesChanged` is pushed after a worktree thread's tool results and turn ends,
 * coalesced to one per thread per burst; nothing runs on a timer while no turn does.
 */
export function wireChanges(
  f: Pick<DeskFoundation, 'bus'> & { cli?: Pick<CliService, 'childPathEnv'>; layout?: { stateDir: string } },
  threads: ThreadsStore,
  /** What the worktree asks of the turns (their port fits): is the thread working, its idle processes. */
  turns: {
    isBusy(threadId: string): boolean;
    /** End the thread's idle CLI process (it runs in the worktree a discard removes). */
    discardIdle?(threadId: string, why: string): void;
    /** The thread's idle (kept or pre-warmed) CLI processes: pids and session ids. */
    idleProcesses?(threadId: string): Promise<OwnProcesses>;
    /** Resolves once the thread's turns have ended (true) or another one started answering (false). */
    settled?(threadId: string): Promise<boolean>;
  },
  opts: {
    /** When a burst of changes is told (a timer in the app; run by hand in tests). */
    schedule?: (run: () => void, ms: number) => void;
    /** `claude agents --json`, asked afresh: a discard checks no session still works in the worktree. */
    runningSessions?: () => Promise<RunningSessions>;
    /** git tagged for the crash watchdog (a land's git and hooks end with a killed app). */
    git?: Git;
  } = {},
) {
  const { schedule = (run, ms) => void setTimeout(run, ms), runningSessions } = opts;
  const { bus } = f;
  const pending = new Set<string>();
  const changed = (threadId: string) => bus.emit('changesChanged', { threadId });
  // gh is looked for on the PATH Claude Code gets (the user's bin folders added): an app started from the Dock or
  // Finder inherits a minimal PATH without Homebrew's, where gh usually is.
  const cli = f.cli;
  const run: RunToEnd | undefined = cli
    ? (file, args, opts) =>
        runToEnd(file, args, { ...opts, env: { ...opts?.env, PATH: cli.childPathEnv(opts?.env?.PATH) } })
    : undefined;
  const service = new ChangesService({
    ...(run ? { run } : {}),
    ...(opts.git ? { git: opts.git } : {}),
    ...(f.layout ? { bringChoices: new BringChoices(path.join(f.layout.stateDir, 'bring-base.json')) } : {}),
    threads,
    isBusy: (id) => turns.isBusy(id),
    discarded: (id) => turns.discardIdle?.(id, 'its worktree was discarded'),
    ownProcesses: async (id) => (await turns.idleProcesses?.(id)) ?? { pids: [], sessionIds: [] },
    ...(runningSessions ? { runningSessions } : {}),
    changed,
  });
  // A bring whose conflicts Claude was asked to resolve is finished when its turn ends: the files are checked (no
  // marker left) and the merge commit made, or the sentence why not is told.
  const offBring = bus.on('turnEvent', (e) => {
    if (e.type !== 'finished') return;
    // A finished turn is still closing (its lock, its snapshot): the git step waits for it to be over. Should the
    // next queued message start meanwhile, that turn's own end tries again.
    const settled = turns.settled?.(e.threadId) ?? Promise.resolve(true);
    void settled
      .then((idle) => (idle ? service.finishAfterClaude(e.threadId) : undefined))
      .then(
        (out) => {
          if (!out) return;
          bus.emit('notice', { level: out.ok ? 'info' : 'warning', message: out.message });
        },
        () => undefined,
      );
  });
  const offChanged = bus.on('turnEvent', (e) => {
    if (!mayHaveWritten(e) || pending.has(e.threadId)) return;
    const state = threads.summary(e.threadId)?.settings.worktree?.state;
    // A merged or kept worktree stays the thread's: Claude may go on working in it.
    if (state !== 'ready' && state !== 'merged' && state !== 'kept') return;
    pending.add(e.threadId);
    schedule(() => {
      pending.delete(e.threadId);
      changed(e.threadId);
    }, CHANGES_COALESCE_MS);
  });
  const handlers: ChangesHandlers = {
    getChanges: async ({ threadId }) => service.changes(threadId),
    getChangeDiff: async ({ threadId, path, oldPath }) =>
      service.diff(threadId, { path, ...(oldPath !== undefined ? { oldPath } : {}) }),
    draftCommitMessage: async ({ threadId }) => service.draftMessage(threadId),
    landThread: async (req) => service.land(req),
    getPullRequestReadiness: async ({ threadId }) => service.pullRequestReadiness(threadId),
    bringBase: async ({ threadId, how, message }) => service.bring(threadId, how, message),
    resolveBring: async ({ threadId, by }) => service.resolveBring(threadId, by),
    finishBring: async ({ threadId }) => service.finishBring(threadId),
    abortBring: async ({ threadId }) => service.abortBring(threadId),
    getLandProgress: async ({ threadId }) => service.runs.progress(threadId),
    stopLand: async ({ threadId }) => ({ stopped: service.runs.stop(threadId) }),
  };
  const close = () => {
    offBring();
    offChanged();
  };
  return { service, handlers, close };
}
