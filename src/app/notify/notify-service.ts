import { createHash } from 'node:crypto';
import { MAX_PUSH_AGE_MS, type PushMessage } from '../../shared/notify';
import type { TurnError, TurnEvent } from '../../shared/turn-events';
import { MessageIds } from '../../core/notify/message-ids';
import { sendNtfy, ntfyRequest, type NtfyConfig } from '../../core/notify/ntfy';
import type { PushNetwork } from '../../core/notify/push-endpoint';
import { sendPush, type PushOutcome } from '../../core/notify/push-sender';
import type { PushSubscriptions } from '../../core/notify/push-subscriptions';
import type { VapidKeys } from '../../core/notify/vapid-keys';
import { notifyEventOf } from './notify-message';

/** Notifications waiting to go out; past this the oldest are dropped (and Settings says so). */
export const MAX_QUEUED = 50;

export interface NotifyServiceDeps {
  subscriptions: PushSubscriptions;
  keys: () => Promise<VapidKeys>;
  network: PushNetwork;
  /** The ntfy topic, when one is set up with a token. */
  ntfy: () => NtfyConfig | null;
  threadTitle: (threadId: string) => string;
  now: () => number;
  log: (message: string) => void;
  /** The problem sentence changed (Settings reads it again). */
  changed?: () => void;
  /**
   * Whether paired devices are told now: only while phone access is on (off or quit, a device hears nothing more —
   * its page could not open anyway). Absent: always (tests of this service alone).
   */
  devicesReachable?: () => boolean;
}

interface Queued {
  message: PushMessage;
  card?: string;
  /** The device that asked for what is told (a stop): it is not told of its own doing. */
  except?: string;
}

/** Who stopped a turn: at the computer (no device), or a paired device by its name. */
export interface StopAsker {
  deviceId?: string;
  deviceName?: string;
}

/** A stop asked for is told when its turn's end comes within this long; past it, the record is dropped. */
const STOP_TOLD_WITHIN_MS = 60_000;

/**
 * Tells paired devices (Web Push) and the ntfy topic what a turn's events mean for the user. Hearing an event only
 * queues it: sending runs apart, one message at a time, so a push service that hangs or a full queue never holds a
 * turn back. What goes wrong is kept as one sentence for Settings (the log gets it too, never a payload or token).
 */
export class NotifyService {
  private readonly ids = new MessageIds(MAX_PUSH_AGE_MS);
  private readonly errors = new Map<string, TurnError>();
  private readonly answered = new Set<string>();
  /** threadId → a stop a person asked for (the turn it names, if any), until that turn's end. */
  private readonly stops = new Map<string, { turnId?: string; by: StopAsker; at: number }>();
  private readonly queue: Queued[] = [];
  private sending: Promise<void> | null = null;
  private closed = false;
  /** Dropped from a full queue since it last ran empty. */
  private dropped = 0;
  problem: { sentence: string; at: number } | null = null;

  constructor(private readonly d: NotifyServiceDeps) {}

  /**
   * A person asked to stop a thread's turn (the Stop of the window, browser mode or a device): its end is told as
   * "Stopped", to every device but the one that asked. Called before the stop, so the turn's end always finds it.
   */
  stopAsked(threadId: string, turnId: string | undefined, by: StopAsker): void {
    if (this.closed) return;
    this.stops.set(threadId, { ...(turnId ? { turnId } : {}), by, at: this.d.now() });
  }

  turnEvent(event: TurnEvent): void {
    if (this.closed) return;
    if (event.type === 'error') this.errors.set(event.turnId, event.error);
    if (event.type === 'approval_resolved') this.answered.add(`${event.threadId}/${event.requestId}`);
    const stop = event.type === 'finished' ? this.stopOf(event.threadId, event.turnId) : undefined;
    const told = notifyEventOf(
      event,
      {
        threadTitle: this.d.threadTitle(event.threadId),
        error: this.errors.get(event.turnId),
        ...(stop ? { stoppedBy: stop.deviceName ? `from ${stop.deviceName}` : 'at the computer' } : {}),
      },
      this.d.now(),
    );
    if (event.type === 'finished') {
      this.errors.delete(event.turnId);
      for (const card of this.answered) if (card.startsWith(`${event.threadId}/`)) this.answered.delete(card);
    }
    if (!told || !this.ids.accept(told.message.id, told.message.at, this.d.now())) return;
    this.enqueue(stop?.deviceId ? { ...told, except: stop.deviceId } : told);
  }

  /** The stop asked for this turn, taken (a thread's next turn starts with none). */
  private stopOf(threadId: string, turnId: string): StopAsker | undefined {
    const stop = this.stops.get(threadId);
    if (!stop || (stop.turnId && stop.turnId !== turnId)) return undefined;
    this.stops.delete(threadId);
    return this.d.now() - stop.at <= STOP_TOLD_WITHIN_MS ? stop.by : undefined;
  }

  /** A test notification through every route; the answer in one sentence. */
  async test(): Promise<{ ok: boolean; message: string }> {
    const message: PushMessage = {
      v: 1,
      id: `test:${this.d.now()}:${Math.random().toString(36).slice(2)}`,
      kind: 'finished',
      threadId: '',
      title: 'Claude Desk',
      body: 'Notifications reach this device.',
      at: this.d.now(),
    };
    const subs = this.reachable() ? await this.d.subscriptions.all() : [];
    const ntfy = this.d.ntfy();
    if (subs.length === 0 && !ntfy)
      return {
        ok: false,
        message: this.reachable()
          ? 'Nothing to notify yet: set up ntfy here, or turn notifications on on a paired device.'
          : 'Phone access is off, so paired devices are not told: turn it on, or set up ntfy here.',
      };
    const problems = await this.deliver(message);
    if (problems.length) return { ok: false, message: problems[0]! };
    const routes = [
      subs.length ? `${subs.length} device browser${subs.length === 1 ? '' : 's'}` : '',
      ntfy ? 'ntfy' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return { ok: true, message: `Sent to ${routes}.` };
  }

  /** Until what is queued has been sent (tests, and a quit that wants the last "finished" out). */
  async idle(): Promise<void> {
    while (this.sending) await this.sending;
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.stops.clear();
  }

  private enqueue(item: Queued): void {
    this.queue.push(item);
    if (this.queue.length > MAX_QUEUED) {
      this.dropped += this.queue.splice(0, this.queue.length - MAX_QUEUED).length;
      const n = this.dropped;
      this.setProblem(
        `Notifications fell behind and ${n === 1 ? 'one was' : `${n} were`} not sent; the board shows every thread.`,
      );
    }
    this.sending ??= this.drain().finally(() => {
      this.sending = null;
    });
  }

  private async drain(): Promise<void> {
    for (let item = this.queue.shift(); item && !this.closed; item = this.queue.shift()) {
      // A card answered (here or on a device) before its notification went out is not told any more.
      if (item.card && this.answered.has(item.card)) continue;
      if (this.d.now() - item.message.at > MAX_PUSH_AGE_MS) continue;
      const problems = await this.deliver(item.message, item.except);
      if (problems.length) this.setProblem(problems[0]!);
      else if (this.problem && this.dropped === 0) this.setProblem(null);
    }
    this.dropped = 0;
  }

  /** Every subscription and ntfy; the sentences of what failed. A gone subscription is forgotten. */
  private async deliver(message: PushMessage, except?: string): Promise<string[]> {
    const problems: string[] = [];
    const payload = JSON.stringify(message);
    const subs = this.reachable()
      ? (await this.d.subscriptions.all().catch(() => [])).filter((s) => s.deviceId !== except)
      : [];
    if (subs.length) {
      const keys = await this.d.keys();
      // Same topic = same thread and kind: a phone that was off gets the latest, not a pile.
      const topic = createHash('sha256').update(`${message.kind}:${message.threadId}`).digest('base64url').slice(0, 32);
      const outcomes = await Promise.all(
        subs.map((s) =>
          sendPush(s, payload, {
            keys,
            network: this.d.network,
            topic,
            urgency: message.kind === 'waiting' ? 'high' : 'normal',
          }).catch((): PushOutcome => ({ kind: 'failed', sentence: 'A notification could not be sent.' })),
        ),
      );
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.kind === 'gone') await this.d.subscriptions.remove({ endpoint: subs[i]!.endpoint }).catch(() => {});
        if (outcome.kind === 'failed') problems.push(outcome.sentence);
      }
    }
    const ntfy = this.d.ntfy();
    if (ntfy) {
      const problem = await sendNtfy(ntfyRequest(ntfy, message), this.d.network.ca);
      if (problem) problems.push(problem);
    }
    return problems;
  }

  private reachable(): boolean {
    return this.d.devicesReachable?.() ?? true;
  }

  private setProblem(sentence: string | null): void {
    if (sentence) this.d.log(`notifications: ${sentence}`);
    this.problem = sentence ? { sentence, at: this.d.now() } : null;
    this.d.changed?.();
  }
}
