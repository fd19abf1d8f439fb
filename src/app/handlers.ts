import type { DeskHandlers } from '../shared/contract';
import type { DeskServices } from './desk-app';
import { randomUUID } from 'node:crypto';
import { openFileSafely } from './open-file';
import { checkProjectDir } from './threads/project-dir';
import { effectivePermissionMode } from '../shared/settings';
import { createStatusHandlers } from './settings/status-handlers';

/** The contract, implemented once for every front door. Inputs arrive already validated (zod). */
export function createHandlers(s: DeskServices): DeskHandlers {
  const projectDir = async (typed: string) =>
    checkProjectDir(typed, { stateDir: s.layout.stateDir, walled: (await s.sandbox()).kind !== 'none' });
  return {
    ...createStatusHandlers(s),
    listThreads: async () => s.threads.list(),
    readToolResult: async ({ threadId, toolUseId, offset, limit }) =>
      s.threads.readToolResult(threadId, toolUseId, offset, limit),
    getThread: async ({ threadId }) => {
      const thread = await s.threads.get(threadId);
      if (!thread) return null;
      // A turn in flight is newer in memory than on disk: show the live snapshot.
      const live = new Map(s.turns.liveMessages(threadId).map((m) => [m.id, m]));
      return live.size ? { ...thread, messages: thread.messages.map((m) => live.get(m.id) ?? m) } : thread;
    },
    createThread: async (input) => {
      const given = input?.settings ?? {};
      const settings =
        given.projectDir === undefined ? given : { ...given, projectDir: await projectDir(given.projectDir) };
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
      s.turns.stop(threadId);
      await s.rewind?.forget(threadId); // its snapshot refs in the project's repository
      await s.queue.forget(threadId);
      await s.threads.delete(threadId);
      // Its Claude Code session would otherwise stay in claude-code-sessions.json forever.
      await s.sessions.delete(threadId);
      s.windowState.forgetThread(threadId);
      return null;
    },
    updateThreadSettings: async ({ threadId, settings: patch }) => {
      // Checked before anything else changes: a folder that is not there must not half-apply the patch.
      const settings =
        patch.projectDir === undefined ? patch : { ...patch, projectDir: await projectDir(patch.projectDir) };
      const before = s.threads.summary(threadId)?.settings; // the index has them: no need to read the log
      // A patch: only a `model` key that differs is a model change ('' = back to the default).
      if (before && settings.model !== undefined && settings.model !== (before.model ?? '')) {
        // A running CLI switches with set_model; a model it cannot find is refused and nothing is saved.
        const switched = await s.controls.setModel(threadId, settings.model);
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
      if (mode !== undefined && mode !== previousMode)
        await s.controls.permissionModeChanged(previousMode, mode, threadId);
      return null;
    },
    searchThreads: async ({ query }) => s.threads.search(query, 50),

    sendMessage: async (input) => s.startTurn(input),
    stopTurn: async ({ threadId, turnId }) => {
      s.turns.stop(threadId, turnId);
      return null;
    },
    queueMessage: async ({ threadId, messageId, text, images }) => {
      if (!(await s.threads.get(threadId))) throw new Error('This thread no longer exists.');
      return s.queue.enqueue(threadId, { id: messageId, text, images });
    },
    getMessageQueue: async ({ threadId }) => s.queue.state(threadId),
    editQueuedMessage: async ({ threadId, messageId, text }) => s.queue.edit(threadId, messageId, text),
    removeQueuedMessage: async ({ threadId, messageId }) => s.queue.remove(threadId, messageId),
    sendQueuedNow: async ({ threadId, messageId }) => s.queue.sendNow(threadId, messageId),
    answerApproval: async (input) => {
      s.controls.answer(input);
      return null;
    },
    getComposerCatalog: async (input) => s.composer.catalog(input?.threadId),
    searchProjectFiles: async ({ threadId, query, limit }) => s.composer.searchFiles(threadId, query, limit ?? 50),
    clearSession: async ({ threadId }) => {
      if (!(await s.threads.get(threadId))) throw new Error('This thread no longer exists.');
      if (!(await s.turns.settled(threadId)))
        throw new Error('Claude is still answering: stop the turn (Esc) or wait, then /clear.');
      // Recorded case 31-clear: the CLI's own /clear switches to a new session the app would not follow.
      // Forgetting the session makes the next turn start a fresh one; the marker keeps the transcript out of it.
      await s.sessions.delete(threadId);
      await s.threads.appendUser(threadId, {
        id: randomUUID(),
        role: 'user',
        createdAt: Date.now(),
        text: '/clear',
        marker: 'clear',
      });
      s.prewarm?.invalidate('the session was cleared');
      s.bus.emit('threadsChanged', { threadId });
      return null;
    },
    previewRewind: async ({ threadId, messageId }) => requireRewind(s).preview(threadId, messageId),
    rewindThread: async ({ threadId, messageId, overwrite }) => requireRewind(s).rewind(threadId, messageId, overwrite),
    listBranches: async ({ threadId }) =>
      ((await s.threads.get(threadId))?.branches ?? []).map((b) => ({
        id: b.id,
        ...(b.kind ? { kind: b.kind } : {}),
        ...(b.afterMessageId ? { afterMessageId: b.afterMessageId } : {}),
        createdAt: b.createdAt,
        messageCount: b.messages.length,
      })),
    resendFrom: async ({ threadId, messageId, text, images, kind }) => {
      const original = (await s.threads.get(threadId))?.messages.find((m) => m.id === messageId);
      if (original?.role !== 'user') throw new Error('That message is not in this thread any more.');
      // Only the images' names are kept: sending the same message again needs their bytes from the sender.
      if (text === undefined && original.images?.length && !images?.length)
        throw new Error(
          'This message had images, which Claude Desk does not keep: use Edit & resend and attach them again.',
        );
      const user = await requireRewind(s).forkConversation(
        threadId,
        messageId,
        kind ?? (text === undefined ? 'regenerate' : 'edit'),
      );
      return s.startTurn({ threadId, text: text ?? user.text, ...(images?.length ? { images } : {}) });
    },
    switchBranch: async ({ threadId, branchId }) => requireRewind(s).switchBranch(threadId, branchId),
    prepareTurn: async ({ threadId }) => {
      void s.prewarm?.prepareTurn(threadId); // never fails and never delays the renderer
      return null;
    },

    getWindowState: async () => s.windowState.get(),
    saveWindowState: async (patch) => {
      s.windowState.save(patch);
      return null;
    },

    getSettings: async () => s.settings.get(),
    updateSettings: async (patch) => s.settings.update(patch),
    setApiKey: async ({ key }) => {
      await s.apiKey.set(key);
      s.settings.notify();
      return s.settings.get();
    },
    clearApiKey: async () => {
      await s.apiKey.clear();
      s.settings.notify();
      return s.settings.get();
    },

    listMemories: async (input) => {
      if (input?.query) {
        const hits = await s.memory.recall(input.query, input.limit ?? 50);
        return { items: hits.map((h) => h.memory) };
      }
      return s.memory.list({ tag: input?.tag, limit: input?.limit, cursor: input?.cursor });
    },
    deleteMemory: async ({ id }) => {
      await s.memory.forget(id);
      return null;
    },

    listHistory: async () => s.history.list(),
    getHistoryPage: async ({ sessionId, before }) => s.history.page(sessionId, before),
    refreshHistory: async () => {
      await s.history.refreshNow();
      return null;
    },
    searchHistory: async ({ query, limit }) => s.history.search(query, limit ?? 50),
    pinHistorySession: async ({ sessionId, pinned }) => {
      await s.history.setPinned(sessionId, pinned);
      return null;
    },
    continueSession: async ({ sessionId }) => s.history.continueSession(sessionId),
    exportMarkdown: async (input) => s.history.exportMarkdown(input),
    getHistoryStats: async () => s.history.stats(),

    openExternal: async ({ url }) => {
      if (!s.openExternal) throw new Error('Open links from the page in browser mode.');
      await s.openExternal(url);
      return null;
    },
    chooseFolder: async (input) => {
      if (!s.chooseFolder) throw new Error('There is no folder picker in browser mode: type the folder path instead.');
      return s.chooseFolder(input?.title);
    },
    openFile: async ({ path }) => {
      const { openPath, revealFile } = s;
      if (!openPath || !revealFile) throw new Error(`Open the file yourself in browser mode: ${path}`);
      await openFileSafely(path, { openPath, revealFile });
      return null;
    },
    revealLogFile: async () => {
      if (!s.revealFile) throw new Error(`Open the log file yourself in browser mode: ${s.layout.logFile}`);
      s.revealFile(s.layout.logFile);
      return null;
    },
  };
}

function requireRewind(s: DeskServices): NonNullable<DeskServices['rewind']> {
  if (!s.rewind) throw new Error('Rewind is not available in this window.');
  return s.rewind;
}
