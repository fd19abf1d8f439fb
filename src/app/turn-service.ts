import { randomUUID } from 'node:crypto';
import type { ImageAttachment, AssistantMessage, ThreadSettings, UserMessage } from '../shared/threads';
import type { TurnErrorKind, TurnEvent } from '../shared/turn-events';
import { applyTurnEvent, newAssistantMessage } from '../shared/turn-reducer';
import type { TurnHandle, TurnRequest } from '../core/turn/turn-request';
import type { ThreadsStore } from '../core/store/threads-store';
import type { EventBus } from './event-bus';

/**
 * What a turn needs that depends on the moment it starts (CLI, auth, posture, tools, wall), and the thread's
 * settings as the turn will use them (the app's default model fills an unset one).
 */
export type PrepareTurn = (
  threadId: string,
  settings: ThreadSettings,
) => Promise<Omit<TurnRequest, 'threadId' | 'turnId' | 'content' | 'earlierMessages'>>;

/** Preparing a turn failed before any process ran: says which kind of failure the UI should show. */
export class PrepareTurnError extends Error {
  constructor(
    message: string,
    readonly kind: TurnErrorKind,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface TurnRunner {
  run(req: TurnRequest, onEvent: (e: TurnEvent) => void): TurnHandle;
  stopAll(): Promise<void>;
}

interface ActiveTurn {
  threadId: string;
  handle?: TurnHandle;
  message: AssistantMessage;
  stopRequested: boolean;
}

/**
 * The app side of a chat turn: records the user's message, runs the engine, folds its events into the
 * assistant message with the shared reducer (the same one the renderer uses), persists snapshots as
 * they stream (so a crash loses nothing already shown) and fans the events out to every front door.
 */
export class TurnService {
  private readonly active = new Map<string, ActiveTurn>(); // by turnId

  constructor(
    private readonly deps: {
      threads: ThreadsStore;
      engine: TurnRunner;
      bus: EventBus;
      prepare: PrepareTurn;
      notify?: (title: string, body: string) => void;
      log?: (message: string) => void;
      /** Per-turn control-protocol hooks (approval cards, live switches: TurnControls.hooks). */
      controlHooks?: (threadId: string, turnId: string) => Pick<TurnRequest, 'onControl' | 'onChannel'>;
    },
  ) {}

  async send(input: { threadId: string; text: string; images?: ImageAttachment[] }): Promise<{ turnId: string; done: Promise<unknown> }> {
    const { threads, bus } = this.deps;
    const thread = await threads.get(input.threadId);
    if (!thread) throw new Error('This thread no longer exists. Pick another thread or start a new one.');
    if (!input.text.trim() && !input.images?.length) throw new Error('Type a message (or attach an image) first.');

    const now = Date.now();
    const user: UserMessage = {
      id: randomUUID(),
      role: 'user',
      createdAt: now,
      text: input.text,
      ...(input.images?.length ? { images: input.images.map((i) => ({ name: i.name, mediaType: i.mediaType })) } : {}),
    };
    const earlierMessages = thread.messages.filter((m) => m.role === 'user' || (m.role === 'assistant' && m.parts.length > 0));
    await threads.appendUser(input.threadId, user);

    const turnId = randomUUID();
    const turn: ActiveTurn = { threadId: input.threadId, message: newAssistantMessage(turnId, now + 1), stopRequested: false };
    this.active.set(turnId, turn);
    await threads.saveAssistant(input.threadId, turn.message);
    bus.emit('threadsChanged', { threadId: input.threadId });

    const onEvent = (event: TurnEvent): void => {
      turn.message = applyTurnEvent(turn.message, event);
      bus.emit('turnEvent', event);
      void threads.saveAssistant(input.threadId, turn.message).catch((err: unknown) => this.deps.log?.(`saving turn failed: ${String(err)}`));
      // The thread may be deleted while it answers: a failed write is logged, never a crash.
      if (event.type === 'result') {
        void threads.addTotals(input.threadId, event.verdict).catch((err: unknown) => this.deps.log?.(`saving totals failed: ${String(err)}`));
      }
      if (event.type === 'approval_request') this.deps.notify?.('Claude Desk needs your answer', `${event.request.toolName}: allow or deny?`);
    };

    const done = (async () => {
      try {
        const extra = await this.deps.prepare(input.threadId, thread.settings);
        const req: TurnRequest = {
          ...extra,
          ...this.deps.controlHooks?.(input.threadId, turnId),
          threadId: input.threadId,
          turnId,
          content: { text: input.text, images: input.images },
          earlierMessages,
        };
        if (turn.stopRequested) {
          onEvent({ threadId: input.threadId, turnId, type: 'finished', status: 'stopped' });
          return;
        }
        turn.handle = this.deps.engine.run(req, onEvent);
        const outcome = await turn.handle.done;
        this.deps.notify?.(
          outcome.status === 'done' ? 'Claude answered' : outcome.status === 'stopped' ? 'Turn stopped' : 'Turn failed',
          (outcome.error?.message ?? thread.title).slice(0, 120),
        );
      } catch (err) {
        // Preparing the turn failed (no CLI, …): surface it like any turn error, and keep the thread usable.
        const message = err instanceof Error ? err.message : String(err);
        const kind = err instanceof PrepareTurnError ? err.kind : 'internal';
        const hint = err instanceof PrepareTurnError ? err.hint : undefined;
        onEvent({ threadId: input.threadId, turnId, type: 'error', error: { kind, message, ...(hint ? { hint } : {}) } });
        onEvent({ threadId: input.threadId, turnId, type: 'finished', status: 'failed' });
      } finally {
        this.active.delete(turnId);
        await threads.flush?.();
        bus.emit('threadsChanged', { threadId: input.threadId });
      }
    })();
    return { turnId, done };
  }

  stop(threadId: string, turnId?: string): void {
    for (const [id, turn] of this.active) {
      if (turn.threadId !== threadId || (turnId && id !== turnId)) continue;
      turn.stopRequested = true;
      turn.handle?.stop();
    }
  }

  /** Turns currently queued or running, with their live message (for a tab that reconnects mid-turn). */
  liveMessages(threadId: string): AssistantMessage[] {
    return [...this.active.values()].filter((t) => t.threadId === threadId).map((t) => t.message);
  }

  isBusy(threadId: string): boolean {
    return [...this.active.values()].some((t) => t.threadId === threadId);
  }

  async stopAll(): Promise<void> {
    for (const turn of this.active.values()) turn.stopRequested = true;
    await this.deps.engine.stopAll();
    await this.deps.threads.flush?.();
  }
}
