import type { ProjectWorktrees } from '../shared/projects';
import path from 'node:path';
import { createDeskApp } from '../app/desk-app';
import { budgetSentence } from '../shared/usage';
import { callHandler } from '../app/dispatch-call';
import type { DeskHandlers } from '../shared/contract';
import type { ThreadSettings } from '../shared/threads';
import type { TurnEvent } from '../shared/turn-events';
import { createApprovalPrompter } from './approval-prompt';
import { renderTurnEvent, safeLine } from './chat-output';
import { readMessage } from './read-message';
import { showGitProgress } from './git-progress';
import { underCreationLock } from '../core/store/named-lock';
import { saveFailedSentence } from '../core/store/disk-full';

/**
 * `claude-desk chat [--thread <name> | --session <id>] [--project <dir>] [--model m] [--json] "message" | -`: one turn through
 * the same engine and data dir as the app. Streams the answer text (or, with --json, the app's events as
 * JSON lines). Exit 0 on success, 2 when login is required, 1 on any other failure (error on stderr).
 */
export async function chatCommand(flags: Record<string, string | boolean>, positionals: string[]): Promise<number> {
  const message = await readMessage(positionals, process.stdin);
  if (!message.ok) {
    process.stderr.write(`${message.error}\n`);
    return 1;
  }
  const text = message.text;
  const desk = await createDeskApp({ host: 'command-line' });
  // The same handlers and bus as a window or a tab: this door only translates flags and terminal output.
  const { handlers, bus } = desk;
  let interrupts = 0;
  // First Ctrl-C stops the turn (the CLI finishes cleanly); a second one stops everything and leaves.
  const stop = (): void => {
    if (++interrupts > 1) {
      process.stderr.write('\nStopped.\n');
      void desk.shutdown().finally(() => process.exit(130));
      return;
    }
    process.stderr.write('\nStopping… (Ctrl-C again to quit now)\n');
    if (threadId) void callHandler(handlers, 'stopTurn', { threadId }).catch(() => undefined);
  };
  let threadId = '';
  try {
    const name = typeof flags.thread === 'string' ? flags.thread : undefined;
    // A budget this turn counts against is spent (Usage → Budgets): a turn is sent only when asked to anyway, and
    // nothing is made (a thread, its worktree) before that is known.
    if (flags['over-budget'] !== true) {
      const over = await callHandler(handlers, 'budgetsOver', await budgetPlace(desk, flags, name));
      if (over.length) {
        process.stderr.write(
          `Over budget: ${over.map((s) => budgetSentence(s)).join('; ')}. ` +
            'Nothing was sent. Add --over-budget to send anyway, or raise the budget in Usage.\n',
        );
        return 1;
      }
    }
    try {
      if (typeof flags.session === 'string') {
        if (name || flags.project)
          throw new Error('--session continues a session in its own folder: leave out --thread and --project.');
        threadId = await continueSession(desk, flags.session);
      } else {
        if (flags.worktree === true && flags['no-worktree'] === true)
          throw new Error('--worktree and --no-worktree say opposite things: give one of them.');
        const asked = flags.worktree === true ? true : flags['no-worktree'] === true ? false : undefined;
        const open = () => openThread(handlers, name, cliSettings(flags), asked);
        // Two `chat --thread fresh` at once (two terminals, a script): one makes the thread, the other finds it.
        threadId = name
          ? await underCreationLock(desk.services.threadLocks, 'thread', name, async () => {
              const id = await open();
              await desk.services.threads.flush();
              return id;
            })
          : await open();
      }
    } catch (err) {
      // A missing --project folder, a bad --model, a full disk: a sentence and exit 1, not a stack trace.
      process.stderr.write(`${saveFailedSentence(err)}\n`);
      return 1;
    }

    let outcome = 'failed' as Extract<TurnEvent, { type: 'finished' }>['status']; // assigned in the listener
    let authRequired = false;
    let lastError = '';
    let endsWithNewline = true;
    // Every turn may ask for approval: on a terminal we ask on stderr, otherwise we deny.
    const prompter = createApprovalPrompter({
      input: process.stdin,
      output: process.stderr,
      answer: (requestId, decision) =>
        callHandler(handlers, 'answerApproval', { threadId, turnId: currentTurn, requestId, decision }),
      onInterrupt: stop,
    });
    let currentTurn = '';
    let turnOver: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (turnOver = resolve));
    const offNotice = bus.on('notice', (notice) => {
      if (notice.level !== 'info') process.stderr.write(`${safeLine(notice.message)}\n`);
    });
    const offTurn = bus.on('turnEvent', (e) => {
      if (e.threadId !== threadId) return;
      currentTurn = e.turnId;
      const out = renderTurnEvent(e, flags.json === true, process.stdout.isTTY === true);
      if (out.stdout) {
        process.stdout.write(out.stdout);
        endsWithNewline = out.stdout.endsWith('\n');
      }
      if (out.stderr) process.stderr.write(out.stderr);
      if (e.type === 'approval_request') prompter.request(e.request);
      if (e.type === 'approval_resolved') prompter.resolved(e.requestId);
      if (e.type === 'error') {
        authRequired = e.error.kind === 'auth_required';
        lastError = e.error.hint ? `${e.error.message}\n${e.error.hint}` : e.error.message;
      }
      if (e.type === 'finished') {
        outcome = e.status;
        turnOver();
      }
    });
    const unsubscribe = () => {
      offNotice();
      offTurn();
    };
    process.on('SIGINT', stop);
    // A first turn making its worktree: the elapsed time, and the hook it waits for.
    const stopShowing = showGitProgress();
    // Where the thread works, once its worktree is made (on its first turn): the user may cd there.
    const offWorktree = worktreeLine(desk, threadId);
    try {
      await callHandler(handlers, 'sendMessage', { threadId, text });
    } catch (err) {
      stopShowing();
      unsubscribe();
      offWorktree();
      await prompter.close();
      process.stderr.write(`${safeLine(saveFailedSentence(err))}\n`);
      return 1;
    }
    await finished;
    stopShowing();
    unsubscribe();
    offWorktree();
    await prompter.close();
    if (!flags.json && !endsWithNewline) process.stdout.write('\n');
    if (outcome === 'done') return 0;
    if (lastError) process.stderr.write(`${safeLine(lastError)}\n`);
    else if (outcome === 'stopped') process.stderr.write('Stopped.\n');
    return authRequired ? 2 : 1;
  } finally {
    process.off('SIGINT', stop);
    await desk.shutdown();
  }
}

/** Where the turn will count, asked before its thread is found or made: the thread, the session, or the folder. */
async function budgetPlace(
  desk: Awaited<ReturnType<typeof createDeskApp>>,
  flags: Record<string, string | boolean>,
  name: string | undefined,
): Promise<{ threadId: string } | { sessionId: string } | { projectDir?: string }> {
  if (typeof flags.session === 'string') {
    await callHandler(desk.handlers, 'refreshHistory', undefined); // the session's folder, as continueSession finds it
    return { sessionId: flags.session };
  }
  const existing = name
    ? (await callHandler(desk.handlers, 'listThreads', undefined)).find((t) => t.title === name)
    : undefined;
  if (existing) return { threadId: existing.id };
  const { projectDir } = cliSettings(flags);
  return projectDir ? { projectDir } : {};
}

/** The thread that continues a Claude Code session: the one tied to it, or a new one. */
async function continueSession(desk: Awaited<ReturnType<typeof createDeskApp>>, sessionId: string): Promise<string> {
  // No watcher on the command line: read what the CLI wrote since last time.
  await callHandler(desk.handlers, 'refreshHistory', undefined);
  const { threadId } = await callHandler(desk.handlers, 'continueSession', { sessionId });
  return threadId;
}

/** --project and --model as thread settings. A relative folder is relative to where the command runs. */
function cliSettings(flags: Record<string, string | boolean>): ThreadSettings {
  const project = typeof flags.project === 'string' ? flags.project.trim() : undefined;
  return {
    // `~` is left for checkProjectDir (home folder); anything else relative resolves against the cwd.
    ...(project !== undefined ? { projectDir: project.startsWith('~') ? project : path.resolve(project) } : {}),
    ...(typeof flags.model === 'string' ? { model: flags.model } : {}),
  };
}

/**
 * The named thread (or a new one) with the flags applied the way the window applies them: checked by
 * the contract (model name) and the handlers (project folder: exists, not the app's private dir; a
 * model change reaches a running CLI).
 */
async function openThread(
  handlers: DeskHandlers,
  name: string | undefined,
  settings: ThreadSettings,
  asked: boolean | undefined,
): Promise<string> {
  const existing = name
    ? (await callHandler(handlers, 'listThreads', undefined)).find((t) => t.title === name)
    : undefined;
  // A new thread gets a worktree when asked (--worktree) or when its project's own switch says Always: a script's
  // `chat --project` otherwise keeps working in the folder itself, whatever Settings' default for the window's new
  // threads says (--no-worktree: the folder itself, whatever the project's switch says).
  if (!existing && asked && !settings.projectDir)
    throw new Error('--worktree needs --project <dir>: the git repository the thread works in.');
  const said = existing ? undefined : await projectSwitch(handlers, settings.projectDir);
  const worktree = asked ?? said === 'always';
  // "When Claude first edits": the thread starts in the folder and gets its worktree at Claude's first edit.
  const onEdit = asked === undefined && said === 'first-edit' ? { worktreeOnEdit: true } : {};
  if (!existing)
    return (
      await callHandler(handlers, 'createThread', {
        title: name,
        settings: { ...settings, useWorktree: worktree, ...onEdit },
      })
    ).id;
  // An existing thread keeps its choice; --worktree on one made without it is refused (checkWorktreePatch).
  // --no-worktree on a thread that has (or asked for) one is said to the handler, which refuses it with why.
  const wantsOut = asked === false && (existing.settings.worktree !== undefined || existing.settings.useWorktree);
  const asks: ThreadSettings =
    worktree && !existing.settings.worktree
      ? { ...settings, useWorktree: true }
      : wantsOut
        ? { ...settings, useWorktree: false }
        : settings;
  // Only what the flags change: a thread already so is not written to (another `chat` may be making its worktree).
  const patch = Object.fromEntries(
    Object.entries(asks).filter(([key, value]) => existing.settings[key as keyof ThreadSettings] !== value),
  ) as ThreadSettings;
  if (Object.keys(patch).length)
    await callHandler(handlers, 'updateThreadSettings', { threadId: existing.id, settings: patch });
  return existing.id;
}

/** The project's own switch (a missing folder is left for createThread to refuse with its sentence). */
async function projectSwitch(
  handlers: DeskHandlers,
  projectDir: string | undefined,
): Promise<ProjectWorktrees | undefined> {
  if (!projectDir) return undefined;
  const folder = await callHandler(handlers, 'describeFolder', { path: projectDir }).catch(() => undefined);
  return folder?.git?.worktrees;
}

/** On stderr, once: the worktree the thread's first turn made (the window shows it in the header). */
function worktreeLine(desk: Awaited<ReturnType<typeof createDeskApp>>, threadId: string): () => void {
  const had = desk.services.threads.summary(threadId)?.settings.worktree !== undefined;
  if (had) return () => undefined;
  return desk.bus.on('threadsChanged', (change) => {
    if (change.threadId !== threadId) return;
    const wt = desk.services.threads.summary(threadId)?.settings.worktree;
    if (!wt || shown.has(threadId)) return;
    shown.add(threadId);
    process.stderr.write(`Working in ${safeLine(wt.path)} (branch ${wt.branch}, from ${wt.base}).\n`);
  });
}
const shown = new Set<string>();
