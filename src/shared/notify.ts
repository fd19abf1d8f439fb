/**
 * Told when it matters (issue 51): a paired phone hears that a thread waits for the user or finished, by Web Push
 * (end-to-end encrypted, RFC 8291) or on a topic of the user's own ntfy server. The types both sides share; the
 * calls are in contract/notify.ts.
 */

/**
 * Told apart: "Waiting for you" (an approval, a question or a plan opened, a login), "Finished" (a turn done),
 * "Failed" (a turn that ended in an error) and "Stopped" (a turn someone stopped — at the computer or from another
 * device — told to every device but the one that stopped it).
 */
export const NOTIFY_KINDS = ['waiting', 'finished', 'failed', 'stopped'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/**
 * One notification, as the service worker receives it (decrypted on the phone). `id` is unique per event: the
 * worker drops an id it has shown already, and a message older than MAX_PUSH_AGE_MS (a phone back online after a
 * day hears of yesterday's turns only on the board).
 */
export interface PushMessage {
  v: 1;
  id: string;
  kind: NotifyKind;
  threadId: string;
  /** The thread's title. */
  title: string;
  /** Why, in one sentence ("Claude is waiting for your approval to use Bash."). */
  body: string;
  /** When the event happened (ms since the epoch, the computer's clock). */
  at: number;
}

/** A message older than this is stale: the push service keeps it no longer (TTL) and the worker drops it. */
export const MAX_PUSH_AGE_MS = 6 * 60 * 60 * 1000;

/** The words when ntfy gets no titles (it is not end-to-end encrypted): nothing about the thread. */
export const NTFY_PLAIN_WORDS: Record<NotifyKind, string> = {
  waiting: 'A thread is waiting for you',
  finished: 'A thread finished',
  failed: 'A thread failed',
  stopped: 'A thread was stopped',
};

/** What a notification's heading says before the thread's title. */
export const NOTIFY_KIND_WORDS: Record<NotifyKind, string> = {
  waiting: 'Waiting for you',
  finished: 'Finished',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** Settings → notifications as the computer shows it. The token itself never leaves the computer's host. */
export interface NotifyState {
  ntfy: {
    /** `https://ntfy.example.org` — the user's own server. */
    server?: string;
    topic?: string;
    hasToken: boolean;
    /** Whether the token is kept encrypted by the system's keychain, or in memory only until quit. */
    tokenStorage: 'encrypted' | 'memory';
    /** Titles and reasons sent to ntfy (off by default: ntfy sees what it carries). */
    titles: boolean;
  };
  /** Paired devices with Web Push on, and how many subscriptions (one per browser) they hold. */
  push: { devices: number; subscriptions: number };
  /** The last thing that went wrong sending, in one sentence (push service down, ntfy refused the token…). */
  problem?: string;
  problemAt?: number;
}
