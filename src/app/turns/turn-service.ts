import { randomUUID } from 'node:crypto';
import {
  contextMessages,
  type ImageAttachment,
  type AssistantMessage,
  type ChatMessage,
  type ThreadSettings,
  type UserMessage,
} from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import { newAssistantMessage } from '../../shared/turn-reducer';
import { turnNotification } from '../../shared/turn-notification';
import { workFolderOf } from '../../shared/work-folder';
import type { TurnEngine } from '../../core/turn/turn-engine';
import type { TurnRequest } from '../../core/turn/turn-request';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { SessionsStore } from '../../core/store/sessions-store';
import type { EventBus } from '../event-bus';
import type { RunningTurns } from './running-turns';
import { DISK_FULL_SENTENCE, isDiskFull, saveFailedSentence } from '../../core/store/disk-full';
import { UnsavedAnswers } from './unsaved-answers';
import { modeTakenAtStart, modeTakenNotice } from './mode-taken';
import { unreadStoppedMessages } from '../../core/turn/build-user-line';
import type { PermissionMode } from '../../shared/settings';

/**
 * Builds a turn's request (not the `prepareTurn` call, which is the composer's pre-warm hint): what a turn needs
 * that depends on the moment it starts (CLI, auth, posture, tools, wall), and the thread's
 * settings as the turn will use them (the app's default model fills an unset one).
 */
export type BuildTurnRequest = (
  threadId: string,
  settings: ThreadSettings,
) => Promise<Omit<TurnRequest, 'threadId' | 'turnId' | 'content' | 'earlierMessages'>>;

/**
 * The events that say the answer has begun (or ended): the first starts the turn's before-snapshot. Not `started`
 * or `message_start`: the CLI is then still working towards its request, or about to stream the first delta.
 */
const startsSnapshot = new Set<TurnEvent['type']>([
  'text_delta',
  'thinking_delta',
  'tool_call',
  'subagent',
  'background_command',
  'approval_request',
  'result',
  'error',
  'finished',
]);

/** The engine as the service uses it: its handles reach a turn, its phases say where each turn is. */
export type TurnRunner = Pick<TurnEngine, 'run' | 'running' | 'stopAll' | 'phases'>;

/**
 * The app side of a chat turn: records the user's message, runs the engine, folds its events into the
 * assistant message with the shared reducer (the same one the renderer uses), persists snapshots as
 * they stream (so a crash loses nothing already shown) and fans the events out to every front door.
 */
export class TurnService {
  /** Answers a full disk refused: kept, and saved once there is room. */
  readonly unsaved: UnsavedAnswers;
  /**
   * Threads whose messages were looked at for ones stopped before Claude Code read them, and found none since: a
   * thread is read for them on its first turn since start, and after a stop (a resumed turn never reads it otherwise).
   */
  private readonly noUnread = new Set<string>();

  constructor(
    private readonly deps: {
      /** Markers of running turns, for recovery after a crash (running-turns.ts). */
      running?: Pick<RunningTurns, 'follow' | 'hold' | 'release'>;
      threads: ThreadsStore;
      engine: TurnRunner;
      bus: EventBus;
      prepare: BuildTurnRequest;
      /** A system notification (turnNotification says when); the front door shows it only in the background. */
      notify?: (title: string, body: string) => void;
      log?: (message: string) => void;
      /** When an answer the full disk refused is tried again (a timer in the app; run by hand in tests). */
      scheduleRetry?: (run: () => void, ms: number) => void;
      /** threadId → Claude Code session, forgotten by /clear. */
      sessions?: Pick<SessionsStore, 'delete'>;
      /** Snapshots of the project before and after each turn, keyed by its user message (rewind). */
      checkpoints?: {
        beforeTurn(projectDir: string, threadId: string, messageId: string): Promise<void>;
        afterTurn(projectDir: string, threadId: string, messageId: string): Promise<void>;
      };
    },
  ) {
    this.unsaved = new UnsavedAnswers({
      save: (threadId, message) => deps.threads.saveAssistant(threadId, message),
      notice: (level, message) => deps.bus.emit('notice', { level, message }),
      settled: (messageId) => void deps.running?.release(messageId).catch(() => undefined),
      ...(deps.scheduleRetry ? { schedule: deps.scheduleRetry } : {}),
    });
    // If this process dies mid-turn, the next start finds the turn's start journalled and marks it interrupted.
    deps.running?.follow(deps.engine.phases, (m) => deps.log?.(m));
  }

  /**
   * Records the user's message — under `messageId` when the sender chose one (the renderer's optimistic
   * bubble), so every front door names the same message by the same id — and starts its turn.
   */
  async send(input: {
    threadId: string;
    messageId?: string;
    /** The answer's id when the sender chose it (a UUID): the renderer shows the answer's place at Enter. */
    turnId?: string;
    text: string;
    images?: ImageAttachment[];
  }): Promise<{ turnId: string; messageId: string; done: Promise<unknown> }> {
    const { threads, bus } = this.deps;
    // Title and settings from the index: a send does not parse the thread's log (a long one takes 100+ ms).
    const thread = threads.summary(input.threadId);
    if (!thread) throw new Error('This thread no longer exists. Pick another thread or start a new one.');
    if (!input.text.trim() && !input.images?.length) throw new Error('Type a message (or attach an image) first.');
    const [sentBefore, answeredBefore] = await Promise.all([
      input.messageId ? threads.hasMessage(input.threadId, input.messageId) : false,
      input.turnId ? threads.hasMessage(input.threadId, input.turnId) : false,
    ]);
    if (sentBefore || answeredBefore) {
      throw new Error('This message was already sent: reopen the thread to see its answer.');
    }

    const now = Date.now();
    const user: UserMessage = {
      id: input.messageId ?? randomUUID(),
      role: 'user',
      createdAt: now,
      text: input.text,
      ...(input.images?.length ? { images: input.images.map((i) => ({ name: i.name, mediaType: i.mediaType })) } : {}),
    };
    // Only a turn that starts a new CLI session needs them (its transcript): read then, not on every send.
    const earlierMessages = async (): Promise<ChatMessage[]> => {
      const all = (await threads.get(input.threadId))?.messages ?? [];
      const at = all.findIndex((m) => m.id === user.id);
      return contextMessages(at >= 0 ? all.slice(0, at) : all).filter(
        (m) => m.role === 'user' || (m.role === 'assistant' && m.parts.length > 0),
      );
    };
    // Messages stopped before Claude Code read them are not in its session: the next resumed turn hands them over.
    const unreadMessages = async (): Promise<UserMessage[]> => {
      if (this.noUnread.has(input.threadId)) return [];
      const all = (await threads.get(input.threadId))?.messages ?? [];
      const at = all.findIndex((m) => m.id === user.id);
      const unread = unreadStoppedMessages(at >= 0 ? all.slice(0, at) : all);
      if (unread.length === 0) this.noUnread.add(input.threadId);
      return unread;
    };
    // What must be written before Claude reads the message — the message, the answer's placeholder (and the crash
    // marker, journalled synchronously as the engine queues the turn) — is written WHILE the engine takes the thread's lock, builds the plan and takes the kept
    // process (a dozen file operations that, one after the other, doubled a kept turn's first token on a busy
    // machine); the engine writes the user line only once `ready` has settled. Each write is queued now, in
    // this order, so the log keeps it.
    const turnId = input.turnId ?? randomUUID();
    const createdAt = now + 1;
    const saved = threads.appendUser(input.threadId, user);
    const placeholder = threads.saveAssistant(input.threadId, newAssistantMessage(turnId, createdAt));
    const persisted = Promise.all([
      saved.catch((err: unknown) => {
        if (isDiskFull(err)) throw new Error(`${DISK_FULL_SENTENCE} Your message was not sent.`);
        throw new Error(`your message could not be saved (${(err as Error).message}), so it was not sent`);
      }),
      placeholder.catch((err: unknown) => this.deps.log?.(`saving the answer's placeholder failed: ${String(err)}`)),
    ]);
    persisted.catch(() => undefined); // the engine reports it as the turn's error

    // The project's state "Rewind to here" goes back to, taken once: before Claude can touch a file (its tools wait
    // for it, the CLI asks before each one, case 43) but not while the CLI works towards its request — in a git
    // project the snapshot's git processes took the CPU the CLI needed then, and the first token came ~20 % later.
    // So it starts with the answer's first output (in a real API's seconds before it, the machine is idle), when
    // a tool asks, or at the turn's end, whichever comes first.
    let projectDir: string | undefined;
    let askedMode: PermissionMode | undefined; // the mode the turn's Claude Code is started in (prepared)
    let snapshot: Promise<unknown> | undefined;
    const takeSnapshot = (): Promise<unknown> => {
      if (projectDir === undefined || !this.deps.checkpoints) return Promise.resolve();
      snapshot ??= this.deps.checkpoints.beforeTurn(projectDir, input.threadId, user.id).catch(() => undefined);
      return snapshot;
    };

    // The engine folds each event into the answer so far; every snapshot is saved as it streams.
    const onEvent = (event: TurnEvent, message: AssistantMessage): void => {
      bus.emit('turnEvent', event);
      if (!snapshot && startsSnapshot.has(event.type)) void takeSnapshot();
      void threads.saveAssistant(input.threadId, message).then(
        () => this.unsaved.saved(message.id),
        (err: unknown) => {
          this.deps.log?.(`saving turn failed: ${String(err)}`);
          // A full disk: the answer is kept in memory and saved once there is room (said once, in every front door).
          if (isDiskFull(err)) {
            // Its turn stays "running" in the journal until it is saved: a shutdown meanwhile does not lose that.
            this.deps.running?.hold(input.threadId, message.id);
            this.unsaved.failed(input.threadId, message);
          }
        },
      );
      // The thread may be deleted while it answers: a failed write is logged, never a crash.
      if (event.type === 'result') {
        void threads
          .addTotals(input.threadId, event.verdict)
          .catch((err: unknown) => this.deps.log?.(`saving totals failed: ${String(err)}`));
      }
      // Claude Code started in another mode than asked (a setting of its overrides the flag): the thread follows it.
      const took = modeTakenAtStart(event, askedMode);
      if (took && askedMode) {
        bus.emit('notice', modeTakenNotice(askedMode, took));
        askedMode = took;
        // (Saved, the store tells every window: threadsChanged.)
        void threads
          .updateSettings(input.threadId, { permissionMode: took })
          .catch((err: unknown) => this.deps.log?.(`saving the mode Claude Code took failed: ${String(err)}`));
      }
      const note = turnNotification(event, { threadTitle: thread.title, error: message.error });
      if (note) this.deps.notify?.(note.title, note.body);
    };

    // Preparing (CLI status, tools, wall) happens inside the engine, so the turn is stoppable and counts
    // as busy from here on; a TurnSetupError (core/turn/turn-errors.ts) becomes the turn's error and the thread stays usable.
    const handle = this.deps.engine.run(
      {
        threadId: input.threadId,
        turnId,
        createdAt,
        prepare: async () => {
          const extra = await this.deps.prepare(input.threadId, thread.settings);
          // (A bare preparation, as in tests, may have no layout: the project folder then decides alone.)
          projectDir = workFolderOf(extra.settings, extra.layout?.workspaceDir);
          askedMode = extra.permissionMode;
          return {
            ...extra,
            ready: persisted, // the engine awaits it before the user line
            toolGate: this.deps.checkpoints ? takeSnapshot : undefined,
            threadId: input.threadId,
            turnId,
            content: { text: input.text, images: input.images },
            earlierMessages,
            unreadMessages,
            // Big tool results are written once beside the thread; snapshots carry only their head.
            keepToolResult: (toolUseId: string, content: string | Iterable<string>) =>
              void threads
                .saveToolResult(input.threadId, toolUseId, content)
                .catch((err: unknown) => this.deps.log?.(`saving a tool result failed: ${String(err)}`)),
          };
        },
        // The turn's own end, part of its closing: a rewind waits for it (settled), the crash journal ends the turn
        // after it, once the last snapshot is on disk.
        close: async () => {
          try {
            if (projectDir !== undefined && this.deps.checkpoints) {
              await takeSnapshot(); // an answer without output (stopped, failed) still gets its "before"
              await this.deps.checkpoints.afterTurn(projectDir, input.threadId, user.id).catch(() => undefined);
            }
          } finally {
            await threads.flush?.();
            bus.emit('threadsChanged', { threadId: input.threadId, kind: 'message' });
          }
        },
      },
      onEvent,
    );
    return { turnId, messageId: user.id, done: handle.closed };
  }

  stop(threadId: string, turnId?: string): void {
    this.noUnread.delete(threadId); // a message stopped now may never reach Claude Code's session
    for (const turn of this.deps.engine.running(threadId)) {
      if (!turnId || turn.turnId === turnId) turn.stop();
    }
  }

  /** Turns currently queued or running, with their live message (for a tab that reconnects mid-turn). */
  liveMessages(threadId: string): AssistantMessage[] {
    return this.deps.engine.running(threadId).map((t) => t.message);
  }

  /** Threads whose live turn shows an approval card nobody has answered yet (the dock badge). */
  waitingThreadIds(): string[] {
    const waiting = this.deps.engine.running().filter((t) => t.message.approvals?.some((card) => !card.outcome));
    return [...new Set(waiting.map((t) => t.threadId))];
  }

  /** A turn of this thread is queued, running or closing (its lock, its files' snapshot, its last saves). */
  isBusy(threadId: string): boolean {
    return this.deps.engine.phases.isBusy(threadId);
  }

  /**
   * A turn of this thread has still to emit `finished`. Not `isBusy`: a turn stays busy after `finished` while the
   * engine gives back the thread's lock and the turn's end runs, and whatever waits for a `finished` (the message
   * queue) must not count that turn, or a message queued in that moment waits for an event that has already passed.
   */
  isAnswering(threadId: string): boolean {
    return this.deps.engine.phases.isAnswering(threadId);
  }

  /**
   * True once the thread has no live turn. A turn whose answer is complete (its result arrived, the window shows it
   * done) is only closing — asking the CLI for the context breakdown, bounded at 2 s — so it is waited for; false
   * at once while one is still answering. On a loaded machine that tail outlasted the user's next `/clear` (and
   * Rewind, Edit & resend, a branch switch: they wait the same way). The wait covers each turn's own end too: a
   * rewind that ran before the files' after-turn snapshot was taken found nothing to restore (a loaded run).
   */
  async settled(threadId: string): Promise<boolean> {
    const { phases } = this.deps.engine;
    if (phases.isBeforeAnswer(threadId)) return false;
    await Promise.all(phases.live(threadId).map((t) => phases.ended(t.turnId)));
    return !this.isBusy(threadId);
  }

  async stopAll(): Promise<void> {
    await this.deps.engine.stopAll();
    await this.unsaved.retry(); // a last try for answers a full disk refused
    // A last save that fails (a full disk) is a sentence in the log: quitting must not crash over it.
    await this.deps.threads
      .flush?.()
      .catch((err: unknown) => this.deps.log?.(`saving the threads on the way out: ${saveFailedSentence(err)}`));
  }

  /**
   * /clear: the thread's next turn starts a fresh Claude Code session. Recorded case 31-clear: the CLI's own /clear
   * switches to a new session the app would not follow, so the app forgets the session instead; the marker keeps the
   * transcript before it out of the next turn.
   */
  async clearSession(threadId: string): Promise<void> {
    if (!(await this.deps.threads.get(threadId))) throw new Error('This thread no longer exists.');
    if (!(await this.settled(threadId)))
      throw new Error('Claude is still answering: stop the turn (Esc) or wait, then /clear.');
    await this.deps.sessions?.delete(threadId);
    const marker = { id: randomUUID(), role: 'user', createdAt: Date.now(), text: '/clear', marker: 'clear' } as const;
    await this.deps.threads.appendUser(threadId, marker);
  }
}
