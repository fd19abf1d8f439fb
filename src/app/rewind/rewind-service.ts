import { randomUUID } from 'node:crypto';
import type { DeskHandlers } from '../../shared/contract';
import type { RewindFile, RewindOutcome, RewindPreview, RewindScope } from '../../shared/rewind';
import type { AssistantMessage, BranchKind, ChatMessage, Thread, ThreadBranch } from '../../shared/threads';
import type { GitCheckpoints } from '../../core/rewind/git-checkpoints';
import type { ForkPointsStore } from '../../core/store/fork-points-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { CliCheckpointTarget } from '../../core/rewind/cli-checkpoints';
import type { CliFileRewind } from './rewind-cli-files';
import type { TurnsPort } from '../turns/turns-port';

export interface RewindDeps {
  threads: Pick<ThreadsStore, 'get' | 'rewind'>;
  sessions: {
    get(threadId: string): Promise<string | undefined>;
    set(threadId: string, id: string): Promise<void>;
    delete(threadId: string): Promise<void>;
  };
  forks: Pick<ForkPointsStore, 'set'>;
  checkpoints: GitCheckpoints;
  /** Claude Code's own checkpoints (outside git; ignored files inside it). Absent: git snapshots only. */
  cliFiles?: CliFileRewind;
  /** The thread's project folder as its turns use it. */
  projectDir: (thread: Thread) => string;
  /**
   * Whether another thread works in the same files as this one: both in the shared project folder, or both in
   * the same worktree. A thread in a worktree of its own shares none: its steps are never counted. Default: all.
   */
  sharesTree?: (thread: Thread, otherThreadId: string) => boolean;
  /**
   * True once the thread has no live turn (TurnService.settled): a turn whose answer shows done but which is still
   * closing is waited for; false at once while one is still answering.
   */
  settled: (threadId: string) => Promise<boolean>;
  /** A process kept or pre-started for the thread still holds the old conversation: drop it. */
  discardProcesses: (threadId: string) => void;
  /** Starts a turn for a user message (the turns' port): Edit & resend, Regenerate and Retry send through it. */
  startTurn?: TurnsPort['start'];
}

/** A resendFrom call: the message sent again, with its edited text, its images (sent again), and what the user did. */
export type ResendInput = Parameters<DeskHandlers['resendFrom']>[0];

const OUTSIDE_GIT =
  'This project folder is not inside a git repository, so Claude Desk took no snapshots of it: changes made by shell commands (Bash) or sub-agents cannot be undone here.';
const OUTSIDE_GIT_CLI =
  "This project folder is not inside a git repository: what Claude changed with its Write and Edit tools is restored from Claude Code's own checkpoints, but changes made by shell commands (Bash) or sub-agents cannot be undone here, and changes you made yourself since are not told apart from Claude's.";
const IGNORED_CLI =
  "Files marked “earlier version kept by Claude Code” are not in Claude Desk's git snapshots (ignored by git, or outside the repository): Claude Code's checkpoints restore what its Write and Edit tools did to them, not changes made by shell commands.";

/**
 * Rewind a thread to just before one of its user messages — the files (Claude Desk's git snapshots) and the
 * conversation (a fork of the CLI session at the answer before it) together. What is set aside stays as a
 * branch, and switching back to it restores its files too.
 */
export class RewindService {
  /** After-turn snapshots still being taken, per thread: a rewind waits for them (they decide conflicts). */
  private readonly pending = new Map<string, Promise<void>>();
  private readonly settle = new Map<string, () => void>();

  constructor(private readonly deps: RewindDeps) {}

  /**
   * Snapshot hooks around every turn (the turn service calls them; failures never block a turn). From the
   * before-snapshot until the after-snapshot is on disk, a rewind of that thread waits: the after-snapshot is
   * what tells Claude's changes from the user's.
   */
  async beforeTurn(projectDir: string, threadId: string, messageId: string): Promise<void> {
    let done: () => void = () => {};
    this.pending.set(threadId, new Promise<void>((resolve) => (done = resolve)));
    this.settle.set(threadId, done);
    await this.deps.checkpoints.snapshot(projectDir, threadId, messageId, 'before');
  }
  async afterTurn(projectDir: string, threadId: string, messageId: string): Promise<void> {
    try {
      await this.deps.checkpoints.snapshot(projectDir, threadId, messageId, 'after');
    } finally {
      this.settle.get(threadId)?.();
      this.settle.delete(threadId);
      this.pending.delete(threadId);
    }
  }

  async preview(threadId: string, messageId: string): Promise<RewindPreview> {
    const { thread, index } = await this.locate(threadId, messageId);
    const dir = this.deps.projectDir(thread);
    const plan = await this.plan(thread, dir, messageId);
    const target = await this.cliTarget(thread, index, dir);
    const base = plan?.root ?? dir;
    const covered = new Set(plan?.files.map((f) => f.path));
    const cli = target && this.deps.cliFiles ? await this.deps.cliFiles.preview(target, base, covered) : undefined;
    const extra = cli?.files ?? [];
    if (plan) {
      return {
        threadId,
        messageId,
        source: 'git',
        files: [...(await this.named(plan.files)), ...extra],
        limits: extra.length ? [IGNORED_CLI] : [],
      };
    }
    const inGit = (await this.deps.checkpoints.root(dir)) !== undefined;
    if (!inGit && cli && !cli.error)
      return { threadId, messageId, source: 'cli', files: extra, limits: [OUTSIDE_GIT_CLI] };
    return {
      threadId,
      messageId,
      source: 'none',
      files: [],
      limits: [
        inGit
          ? 'This message was sent before Claude Desk kept snapshots of this project, so its file changes cannot be undone; the conversation can still go back.'
          : OUTSIDE_GIT,
        ...(cli?.error ? [`Claude Code's checkpoints could not be read: ${cli.error}`] : []),
      ],
    };
  }

  /**
   * Rewind to just before `messageId`: the files and the conversation (`both`), or one of them. `conversation`
   * leaves every file as it is (its branch has nothing to bring back); `code` restores the files and leaves the
   * conversation where it is, as Claude Code's "Restore code" does.
   */
  async rewind(
    threadId: string,
    messageId: string,
    overwrite: string[] = [],
    scope: RewindScope = 'both',
  ): Promise<RewindOutcome> {
    const { thread, index } = await this.locate(threadId, messageId);
    if (scope === 'conversation') {
      const text = await this.setAside(thread, index, undefined, 'rewind');
      return { threadId, messageId, scope, restored: [], kept: [], text };
    }
    const dir = this.deps.projectDir(thread);
    const rewindId = `rw-${randomUUID()}`;
    const plan = await this.plan(thread, dir, messageId);
    const target = this.deps.cliFiles ? await this.cliTarget(thread, index, dir) : undefined;
    const covered = new Set(plan?.files.map((f) => f.path));
    const viaCli = (base: string) =>
      target ? this.deps.cliFiles!.rewind(threadId, rewindId, target, base, covered) : undefined;
    let restored: string[];
    let kept: string[] = [];
    let undoable: boolean;
    if (plan) {
      let extra: string[] = [];
      // Claude Code's rewind runs after the undo snapshot and before git's restore, which has the last word.
      const files = await this.deps.checkpoints.apply(plan, threadId, rewindId, new Set(overwrite), async () => {
        const out = await viaCli(plan.root)?.catch(() => undefined);
        extra = out?.restored ?? [];
        return out?.touched ?? [];
      });
      restored = [...files.restored, ...extra];
      kept = files.kept;
      undoable = true;
    } else {
      const out = await viaCli(dir);
      restored = out?.restored ?? [];
      undoable = restored.length > 0;
    }

    const words = (thread.messages[index] as Extract<ChatMessage, { role: 'user' }>).text;
    // Code only: the conversation stays, so no branch holds the way back to the files as they were.
    if (scope === 'code') return { threadId, messageId, scope, restored, kept, text: words };
    const text = await this.setAside(thread, index, undoable ? rewindId : undefined, 'rewind');
    return { threadId, messageId, scope, restored, kept, text, ...(undoable ? { rewindId } : {}) };
  }

  /** What a rewind of `thread` to `messageId` in `dir` would restore, from its snapshots. */
  private plan(thread: Thread, dir: string, messageId: string) {
    return this.deps.checkpoints.plan(dir, thread.id, messageId, lastUserId(thread.messages), this.shares(thread));
  }

  private shares(thread: Thread): ((otherThreadId: string) => boolean) | undefined {
    const { sharesTree } = this.deps;
    return sharesTree && ((other) => sharesTree(thread, other));
  }

  /** Another thread's files, with that thread's title for the dialog's words. */
  private async named(files: RewindFile[]): Promise<RewindFile[]> {
    const titles = new Map<string, string | undefined>();
    for (const id of new Set(files.flatMap((f) => (f.otherThread ? [f.otherThread.id] : []))))
      titles.set(id, (await this.deps.threads.get(id).catch(() => undefined))?.title);
    return files.map((f) => {
      const title = f.otherThread && titles.get(f.otherThread.id);
      return f.otherThread && title ? { ...f, otherThread: { id: f.otherThread.id, title } } : f;
    });
  }

  /**
   * The conversation part of a rewind alone, files untouched: the messages from `messageId` on become a kept
   * branch ("Show the other branch"), and the next turn continues from just before it — a fork of the CLI session
   * at the answer before it (`--resume S --resume-session-at <uuid> --fork-session`, recorded case 32b), or a
   * fresh session when it was the first message. Returns the message's text. For "Edit & resend" and
   * "Regenerate": call this, then sendMessage with the (edited) text.
   */
  async forkConversation(
    threadId: string,
    messageId: string,
    kind: Exclude<BranchKind, 'rewind'>,
  ): Promise<{ text: string }> {
    const { thread, index } = await this.locate(threadId, messageId);
    return { text: await this.setAside(thread, index, undefined, kind) };
  }

  /**
   * Send a user message again from where it was: the conversation forks just before it (forkConversation) and the
   * edited text, or the same, goes as a new turn. Only the images' names are kept, so a message that had images is
   * sent again only with their bytes from the sender.
   */
  async resendFrom({
    threadId,
    messageId,
    text,
    images,
    kind,
  }: ResendInput): Promise<{ turnId: string; messageId: string }> {
    if (!this.deps.startTurn) throw new Error('Claude Desk cannot send messages here.');
    const original = (await this.deps.threads.get(threadId))?.messages.find((m) => m.id === messageId);
    if (original?.role !== 'user') throw new Error('That message is not in this thread any more.');
    if (text === undefined && original.images?.length && !images?.length)
      throw new Error(
        'This message had images, which Claude Desk does not keep: use Edit & resend and attach them again.',
      );
    const user = await this.forkConversation(threadId, messageId, kind ?? (text === undefined ? 'regenerate' : 'edit'));
    return this.deps.startTurn({ threadId, text: text ?? user.text, ...(images?.length ? { images } : {}) });
  }

  private async setAside(
    thread: Thread,
    index: number,
    rewindId: string | undefined,
    kind: BranchKind,
  ): Promise<string> {
    const sessionId = await this.deps.sessions.get(thread.id);
    const branch: ThreadBranch = {
      id: randomUUID(),
      kind,
      fromMessageId: thread.messages[index]!.id,
      ...(index > 0 ? { afterMessageId: thread.messages[index - 1]!.id } : {}),
      createdAt: Date.now(),
      messages: thread.messages.slice(index),
      ...(sessionId ? { sessionId } : {}),
      ...(rewindId ? { rewindId } : {}),
    };
    await this.continueFrom(thread.id, thread.messages.slice(0, index), sessionId);
    await this.deps.threads.rewind(thread.id, branch);
    return (thread.messages[index] as Extract<ChatMessage, { role: 'user' }>).text;
  }

  /** Bring a set-aside branch back (its files and its conversation); what is there now becomes a branch. */
  async switchBranch(threadId: string, branchId: string): Promise<{ restored: string[]; kept: string[] }> {
    // Waited for first: the thread read after it holds the answer as the turn's end saved it.
    if (!(await this.deps.settled(threadId)))
      throw new Error('Wait until Claude has finished answering (or press Stop), then switch branches.');
    const thread = await this.deps.threads.get(threadId);
    if (!thread) throw new Error('This thread no longer exists.');
    await this.pending.get(threadId);
    const target = thread.branches?.find((b) => b.id === branchId);
    if (!target) throw new Error('That branch is no longer there.');
    const at =
      target.afterMessageId === undefined ? 0 : thread.messages.findIndex((m) => m.id === target.afterMessageId) + 1;
    if (at < 0 || (target.afterMessageId !== undefined && at === 0))
      throw new Error('That branch no longer fits this thread.');
    const dir = this.deps.projectDir(thread);
    const saveAs = `rw-${randomUUID()}`;
    const root = await this.deps.checkpoints.root(dir);
    const git =
      target.rewindId && root
        ? await this.deps.checkpoints.switchTo(dir, threadId, target.rewindId, saveAs)
        : { restored: [], kept: [] };
    const cli =
      target.rewindId && this.deps.cliFiles
        ? await this.deps.cliFiles.switchTo(threadId, target.rewindId, saveAs, root ?? dir)
        : [];
    const restored = [...git.restored, ...cli.filter((f) => !git.restored.includes(f))];
    const current = thread.messages.slice(at);
    const sessionId = await this.deps.sessions.get(threadId);
    // The fork point is the same one, so what is set aside now keeps the words of the branch switched to.
    const aside: ThreadBranch = {
      id: randomUUID(),
      ...(target.kind ? { kind: target.kind } : {}),
      fromMessageId: current[0]?.id ?? target.fromMessageId,
      ...(target.afterMessageId ? { afterMessageId: target.afterMessageId } : {}),
      createdAt: Date.now(),
      messages: current,
      ...(sessionId ? { sessionId } : {}),
      ...(target.rewindId ? { rewindId: saveAs } : {}),
    };
    this.deps.discardProcesses(threadId);
    await this.deps.forks.set(threadId, undefined);
    if (target.sessionId) await this.deps.sessions.set(threadId, target.sessionId);
    else await this.deps.sessions.delete(threadId);
    await this.deps.threads.rewind(threadId, aside, target.id);
    return { restored, kept: git.kept };
  }

  /**
   * The thread is being deleted: drop its snapshots from the project's repository — found from its repository's own
   * checkout too, when its worktree is gone (merged, discarded, deleted by hand): every worktree shares the store.
   */
  async forget(threadId: string): Promise<void> {
    const thread = await this.deps.threads.get(threadId).catch(() => undefined);
    const dirs = thread ? new Set([this.deps.projectDir(thread), thread.settings.worktree?.repo]) : new Set();
    for (const dir of dirs) if (typeof dir === 'string') await this.deps.checkpoints.forget(dir, threadId);
    await this.deps.cliFiles?.forget(threadId).catch(() => undefined);
    await this.deps.forks.set(threadId, undefined);
  }

  /** The next turn continues from `kept`: a fork at its last answer line, else a fresh session with a transcript. */
  private async continueFrom(threadId: string, kept: ChatMessage[], sessionId: string | undefined): Promise<void> {
    this.deps.discardProcesses(threadId);
    const resumeAt = [...kept]
      .reverse()
      .find((m): m is AssistantMessage => m.role === 'assistant' && !!m.cli?.assistantUuid)?.cli?.assistantUuid;
    if (sessionId && resumeAt) {
      await this.deps.forks.set(threadId, { sessionId, resumeAt });
    } else {
      await this.deps.forks.set(threadId, undefined);
      await this.deps.sessions.delete(threadId);
    }
  }

  /**
   * Where Claude Code keeps the checkpoint of the message at `index`: the uuid its turn's prompt was replayed with,
   * in the thread's current session (the CLI finds the session by the folder it ran in).
   */
  private async cliTarget(thread: Thread, index: number, dir: string): Promise<CliCheckpointTarget | undefined> {
    const answer = thread.messages[index + 1];
    const userUuid = answer?.role === 'assistant' ? answer.cli?.userUuid : undefined;
    const sessionId = await this.deps.sessions.get(thread.id);
    if (!userUuid || !sessionId) return undefined;
    return { projectDir: dir, sessionId, userMessageUuid: userUuid };
  }

  private async locate(threadId: string, messageId: string): Promise<{ thread: Thread; index: number }> {
    // Right after an answer shows done its turn is still closing (the context breakdown, stopping what it left
    // running): Rewind and Edit & resend then wait for it instead of refusing, as /clear does.
    if (!(await this.deps.settled(threadId)))
      throw new Error('Wait until Claude has finished answering (or press Stop), then rewind.');
    const thread = await this.deps.threads.get(threadId);
    if (!thread) throw new Error('This thread no longer exists.');
    await this.pending.get(threadId);
    const index = thread.messages.findIndex((m) => m.id === messageId && m.role === 'user');
    if (index < 0) throw new Error('That message is not in this thread any more.');
    return { thread, index };
  }
}

function lastUserId(messages: ChatMessage[]): string | undefined {
  return [...messages].reverse().find((m) => m.role === 'user')?.id;
}
