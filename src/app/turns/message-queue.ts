import type { MessageQueueState, QueueHold, QueuedMessage } from '../../shared/message-queue';
import type { ImageAttachment } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import type { MessageQueueStore, StoredQueuedMessage } from '../../core/store/message-queue-store';
import { type GateTimers, PlanLimitGate } from './plan-limit-gate';

export interface MessageQueueDeps {
  store: MessageQueueStore;
  /** Starts the message's turn (the same path as sendMessage); its id becomes the user message's id. */
  send: (input: { threadId: string; messageId: string; text: string; images?: ImageAttachment[] }) => Promise<{
    turnId: string;
  }>;
  stop: (threadId: string) => void;
  /** A turn of the thread has still to emit `finished` (its end is what moves the queue on). */
  isBusy: (threadId: string) => boolean;
  emit: (state: MessageQueueState) => void;
  now?: () => number;
  /** The plan limit's reset timer (tests pass a manual clock). */
  timers?: GateTimers;
  log?: (message: string) => void;
}

const shown = (m: StoredQueuedMessage): QueuedMessage => ({
  id: m.id,
  text: m.text,
  createdAt: m.createdAt,
  ...(m.images?.length ? { images: m.images.map((i) => ({ name: i.name, mediaType: i.mediaType })) } : {}),
});

/**
 * Messages typed while a turn runs. They wait in the host — so a closed tab or a restart loses
 * none — and go one at a time, in order, each when the turn before it ends well. A turn that fails or that
 * the user stops holds the queue: nothing is sent behind their back, and each message keeps Send now, Edit
 * and Remove. Send now stops the running turn and sends that message as soon as the turn has stopped.
 * At the plan limit (a refusal with a reset time, in any thread) every queue waits for the reset, says so,
 * and then goes by itself: sending earlier would only be refused again.
 *
 * The first of two stages every message typed during a turn goes through: here it is not a turn yet (no user message
 * in the thread, nothing to stop); sent, it becomes a turn, and waits in the engine's TurnQueue only for a place under
 * the cap on CLI processes (and for the closing turn before it to give back the thread's lock). Whether the thread is
 * busy and when its turn ended both come from the turn's phases (isAnswering, and `finished`, published with the
 * phase's move to closing).
 */
export class MessageQueue {
  private readonly holds = new Map<string, QueueHold>();
  /** The turn this queue started last, per thread: only its end moves the queue on. */
  private readonly dispatched = new Map<string, string>();
  /** Send now was asked while a turn ran: the stop it caused sends the first message. */
  private readonly sendNowPending = new Set<string>();
  private readonly chain = new Map<string, Promise<unknown>>();
  /** Why the host refused the last message this queue tried to send (shown until one goes). */
  private readonly problems = new Map<string, string>();

  private readonly gate: PlanLimitGate;

  constructor(private readonly deps: MessageQueueDeps) {
    this.gate = new PlanLimitGate(() => this.afterReset(), deps.timers);
  }

  async state(threadId: string): Promise<MessageQueueState> {
    const items = await this.deps.store.get(threadId);
    let hold = this.holds.get(threadId);
    // Kept from before a restart, or left after a hold was lifted with nothing running: the user sends them.
    if (!hold && items.length && !this.deps.isBusy(threadId) && !this.dispatched.has(threadId)) hold = 'idle';
    const problem = this.problems.get(threadId);
    const resumesAt = hold === 'limit' ? this.gate.opensAt : undefined;
    return {
      threadId,
      items: items.map(shown),
      ...(hold ? { hold } : {}),
      ...(resumesAt !== undefined ? { resumesAt } : {}),
      ...(problem ? { problem } : {}),
    };
  }

  /** Adds a message; with nothing running and nothing waiting before it, it is sent at once. */
  enqueue(threadId: string, message: { id: string; text: string; images?: ImageAttachment[] }) {
    return this.serial(threadId, async () => {
      if (!message.text.trim() && !message.images?.length)
        throw new Error('Type a message (or attach an image) first.');
      const items = await this.deps.store.get(threadId);
      if (items.some((m) => m.id === message.id)) throw new Error('This message is already queued.');
      const stored: StoredQueuedMessage = {
        id: message.id,
        text: message.text,
        createdAt: (this.deps.now ?? Date.now)(),
        ...(message.images?.length ? { images: message.images } : {}),
      };
      await this.deps.store.set(threadId, [...items, stored]);
      if (items.length === 0 && this.isFree(threadId)) {
        if (this.gate.closed) this.holds.set(threadId, 'limit');
        else await this.dispatch(threadId);
      }
      return this.publish(threadId);
    });
  }

  edit(threadId: string, id: string, text: string) {
    return this.serial(threadId, async () => {
      const items = await this.deps.store.get(threadId);
      const at = this.indexOf(items, id);
      if (!text.trim() && !items[at]!.images?.length)
        throw new Error('A queued message needs some text: Remove it instead.');
      items[at] = { ...items[at]!, text };
      await this.deps.store.set(threadId, items);
      return this.publish(threadId);
    });
  }

  remove(threadId: string, id: string) {
    return this.serial(threadId, async () => {
      const items = await this.deps.store.get(threadId);
      const at = items.findIndex((m) => m.id === id);
      if (at >= 0) {
        items.splice(at, 1);
        await this.deps.store.set(threadId, items);
      }
      if (!items.length) this.holds.delete(threadId);
      return this.publish(threadId);
    });
  }

  /** This message next, now: the running turn is stopped first (its answer so far stays). */
  sendNow(threadId: string, id: string) {
    return this.serial(threadId, async () => {
      const items = await this.deps.store.get(threadId);
      const at = this.indexOf(items, id);
      const [item] = items.splice(at, 1);
      await this.deps.store.set(threadId, [item!, ...items]);
      this.holds.delete(threadId);
      if (this.deps.isBusy(threadId)) {
        this.sendNowPending.add(threadId);
        this.deps.stop(threadId);
      } else {
        await this.dispatch(threadId);
      }
      return this.publish(threadId);
    });
  }

  /** The thread is gone: so is its queue. */
  async forget(threadId: string): Promise<void> {
    this.holds.delete(threadId);
    this.dispatched.delete(threadId);
    this.sendNowPending.delete(threadId);
    this.problems.delete(threadId);
    await this.deps.store.set(threadId, []);
  }

  /** Every turn's events pass here; a turn's end decides whether the queue moves on or holds. */
  onTurnEvent(event: TurnEvent): void {
    this.gate.see(event);
    if (event.type !== 'finished') return;
    const { threadId, turnId, status } = event;
    const mine = this.dispatched.get(threadId);
    if (mine && mine !== turnId) return; // an older turn ended; the one this queue started is still to come
    this.dispatched.delete(threadId);
    void this.serial(threadId, async () => {
      const items = await this.deps.store.get(threadId);
      const now = this.sendNowPending.delete(threadId);
      if (!items.length) {
        this.holds.delete(threadId);
        return this.publish(threadId);
      }
      if (now) {
        this.holds.delete(threadId);
        await this.dispatch(threadId);
      } else if (this.gate.closed) {
        this.holds.set(threadId, 'limit');
      } else if (status === 'done') {
        this.holds.delete(threadId);
        await this.dispatch(threadId);
      } else {
        this.holds.set(threadId, status === 'failed' ? 'failed' : 'stopped');
      }
      return this.publish(threadId);
    }).catch((err: unknown) => this.deps.log?.(`message queue: ${String(err)}`));
  }

  /** The plan limit has reset: each queue that waited for it goes, unless a turn runs there (its end moves it). */
  private afterReset(): void {
    for (const [threadId, hold] of this.holds) {
      if (hold !== 'limit') continue;
      void this.serial(threadId, async () => {
        if (this.holds.get(threadId) !== 'limit') return;
        this.holds.delete(threadId);
        if (this.isFree(threadId)) await this.dispatch(threadId);
        return this.publish(threadId);
      }).catch((err: unknown) => this.deps.log?.(`message queue: ${String(err)}`));
    }
  }

  private isFree(threadId: string): boolean {
    return !this.deps.isBusy(threadId) && !this.dispatched.has(threadId) && !this.holds.has(threadId);
  }

  private indexOf(items: StoredQueuedMessage[], id: string): number {
    const at = items.findIndex((m) => m.id === id);
    if (at < 0) throw new Error('That message is no longer queued: it was sent or removed.');
    return at;
  }

  /** Sends the first message; if the host refuses it, it goes back to the front, the queue holds and says why. */
  private async dispatch(threadId: string): Promise<void> {
    const items = await this.deps.store.get(threadId);
    const first = items.shift();
    if (!first) return;
    await this.deps.store.set(threadId, items);
    try {
      const { turnId } = await this.deps.send({
        threadId,
        messageId: first.id,
        text: first.text,
        ...(first.images?.length ? { images: first.images } : {}),
      });
      this.dispatched.set(threadId, turnId);
      this.problems.delete(threadId);
    } catch (err) {
      this.deps.log?.(`a queued message could not be sent: ${String(err)}`);
      await this.deps.store.set(threadId, [first, ...(await this.deps.store.get(threadId))]);
      this.holds.set(threadId, 'failed');
      this.problems.set(threadId, err instanceof Error ? err.message : String(err));
    }
  }

  private async publish(threadId: string): Promise<MessageQueueState> {
    const state = await this.state(threadId);
    this.deps.emit(state);
    return state;
  }

  /** One change at a time per thread: a turn's end and a click never interleave their reads and writes. */
  private serial<T>(threadId: string, work: () => Promise<T>): Promise<T> {
    const next = (this.chain.get(threadId) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.chain.set(threadId, next);
    return next;
  }
}
