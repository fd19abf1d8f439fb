import type { DeskHandlers } from '../../shared/contract';
import type { ChatMessage, ThreadSettings } from '../../shared/threads';
import { effectivePermissionMode, type PermissionMode } from '../../shared/settings';
import type { SessionsStore } from '../../core/store/sessions-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import { checkProjectDir } from './project-dir';
import {
  checkWorktreePatch,
  type ProjectChoiceOf,
  refuseImpossibleWorktree,
  withWorktreeDefault,
} from '../worktree/worktree-settings';

type ThreadHandlers = Pick<
  DeskHandlers,
  | 'listThreads'
  | 'readToolResult'
  | 'getThread'
  | 'createThread'
  | 'pinThread'
  | 'renameThread'
  | 'deleteThread'
  | 'updateThreadSettings'
  | 'searchThreads'
>;

/** What the thread calls need from the features built after the threads (turns, rewind, queue, window). */
export interface ThreadPeers {
  /** A turn in flight is newer in memory than on disk. */
  liveMessages(threadId: string): ChatMessage[];
  /** Before the thread's files go: its turn stopped, its snapshot refs and its queued messages forgotten. */
  beforeDelete(threadId: string): Promise<void>;
  /** After: what the window remembers of it. */
  afterDelete(threadId: string): void;
  /** A running CLI switches with set_model; a model it cannot find is refused. */
  setModel(threadId: string, model: string): Promise<{ ok: true } | { ok: false; error: string }>;
  /**
   * The thread's running (or kept) CLI switches at once where the CLI allows it; the mode it answered it took, when
   * another than the one asked.
   */
  permissionModeChanged(
    previous: PermissionMode,
    next: PermissionMode,
    threadId: string,
  ): Promise<PermissionMode | undefined>;
}

export interface ThreadServices extends Pick<DeskFoundation, 'layout' | 'settings' | 'sandbox'> {
  threads: ThreadsStore;
  sessions: SessionsStore;
  /** Each project's own worktree switch (absent: Settings' default everywhere). */
  projectWorktrees?: ProjectChoiceOf;
}

/** The thread list's and a thread's calls. Inputs arrive already validated (zod). */
export function createThreadHandlers(s: ThreadServices, peers: ThreadPeers): ThreadHandlers {
  const projectDir = async (typed: string) =>
    checkProjectDir(typed, { stateDir: s.layout.stateDir, walled: (await s.sandbox()).kind !== 'none' });
  const withProjectDir = async <T extends ThreadSettings>(given: T): Promise<T> =>
    given.projectDir === undefined ? given : { ...given, projectDir: await projectDir(given.projectDir) };
  return {
    listThreads: async () => s.threads.list(),
    readToolResult: async ({ threadId, toolUseId, offset, limit }) =>
      s.threads.readToolResult(threadId, toolUseId, offset, limit),
    getThread: async ({ threadId }) => {
      const thread = await s.threads.get(threadId);
      if (!thread) return null;
      // A turn in flight is newer in memory than on disk: show the live snapshot.
      const live = new Map(peers.liveMessages(threadId).map((m) => [m.id, m]));
      return live.size ? { ...thread, messages: thread.messages.map((m) => live.get(m.id) ?? m) } : thread;
    },
    createThread: async (input) => {
      // In a git project, the project's switch (else Settings' "own worktree" default) applies where the caller did
      // not say.
      const asked = await withProjectDir(input?.settings ?? {});
      await refuseImpossibleWorktree(asked);
      const choice = asked.projectDir ? await s.projectWorktrees?.(asked.projectDir) : undefined;
      const settings = withWorktreeDefault(asked, s.settings.get(), choice);
      // Settings' mode is the default for new threads; from here on the thread keeps its own. Under the
      // env lock nothing is stamped, so the thread follows the user's default once the lock is gone.
      const app = s.settings.get();
      if (!settings.permissionMode && !app.permissionModeLockedBy) settings.permissionMode = app.permissionMode;
      return s.threads.create({ title: input?.title, settings });
    },
    pinThread: async ({ threadId, pinned }) => {
      await s.threads.pin(threadId, pinned);
      return null;
    },
    renameThread: async ({ threadId, title }) => {
      await s.threads.rename(threadId, title);
      return null;
    },
    deleteThread: async ({ threadId }) => {
      await peers.beforeDelete(threadId);
      await s.threads.delete(threadId);
      // Its Claude Code session would otherwise stay in claude-code-sessions.json forever.
      await s.sessions.delete(threadId);
      peers.afterDelete(threadId);
      return null;
    },
    updateThreadSettings: async ({ threadId, settings: patch }) => {
      // Checked before anything else changes: a folder that is not there must not half-apply the patch.
      const before = s.threads.summary(threadId)?.settings; // the index has them: no need to read the log
      const hasMessages = async () => ((await s.threads.get(threadId))?.messages.length ?? 0) > 0;
      const settings = await checkWorktreePatch(
        before,
        await withProjectDir(patch),
        s.settings.get(),
        hasMessages,
        s.projectWorktrees,
      );
      if (patch.useWorktree === true) await refuseImpossibleWorktree({ ...before, ...settings });
      // A patch: only a `model` key that differs is a model change ('' = back to the default).
      if (before && settings.model !== undefined && settings.model !== (before.model ?? '')) {
        // A running CLI switches with set_model; a model it cannot find is refused and nothing is saved.
        const switched = await peers.setModel(threadId, settings.model);
        if (!switched.ok) throw new Error(switched.error);
      }
      const app = s.settings.get();
      const mode = settings.permissionMode;
      if (mode !== undefined && app.permissionModeLockedBy && mode !== app.permissionMode) {
        throw new Error(
          `The permission mode is locked to ${app.permissionMode} by ${app.permissionModeLockedBy}; unset it to change the mode here.`,
        );
      }
      const previousMode = effectivePermissionMode(before, app);
      await s.threads.updateSettings(threadId, settings);
      // The thread's running (or kept) CLI switches at once where the CLI allows it (TurnControls says when not).
      if (mode !== undefined && mode !== previousMode) {
        const took = await peers.permissionModeChanged(previousMode, mode, threadId);
        // Claude Code took another mode (case 60: a managed or locked setting): the thread shows and keeps that one,
        // in every window (the store's change event), and its next turn starts in it.
        if (took) await s.threads.updateSettings(threadId, { permissionMode: took });
      }
      return s.threads.summary(threadId)?.settings ?? null;
    },
    searchThreads: async ({ query }) => s.threads.search(query, 50),
  };
}
