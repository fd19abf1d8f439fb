import { getApi } from '../api';
import { errorText, type Slice, type StoreDeps } from './desk-state';
import type { RateLimitInfo } from '../../../shared/rate-limit';

/** A refused message to send again when the plan limit resets ("Send at 16:05" on the refused turn). */
export interface ScheduledSend {
  threadId: string;
  /** The user's message, as sent (it goes again even if its thread is not open then). */
  text: string;
  /** When the limit resets (ms, host clock); the send goes a few seconds after. */
  at: number;
}

export interface LimitsSlice {
  /** The latest plan-limit state any turn reported (rate_limit_event, recorded cases 38/38c): limits are per account. */
  planLimit: { info: RateLimitInfo; seenAt: number } | null;
  /** By the refused turn's id. Lives as long as this window: a reload drops it rather than send by surprise. */
  scheduledSends: Record<string, ScheduledSend>;
  scheduleSend(turnId: string, send: ScheduledSend): void;
  cancelScheduledSend(turnId: string): void;
}

declare module './desk-state' {
  interface DeskState extends LimitsSlice {}
}

/** The CLI rounds its reset time; a send right on it could be refused again. */
export const SEND_AFTER_RESET_MS = 10_000;

/**
 * Plan limits in the renderer: the latest state the CLI reported, and the refused messages the user asked to send
 * again at the reset. A scheduled send is a timer of this window only (cancelled on Cancel, dropped if its thread is
 * gone when it fires); nothing is sent later by a process the user no longer sees.
 */
export const createLimitsSlice =
  (deps: StoreDeps): Slice<LimitsSlice> =>
  (set, get) => {
    const now = deps.now ?? Date.now;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();

    const fire = async (turnId: string) => {
      timers.delete(turnId);
      const job = get().scheduledSends[turnId];
      if (!job) return;
      get().cancelScheduledSend(turnId);
      if (!get().threads.some((t) => t.id === job.threadId)) return;
      try {
        // The open thread retries as the Retry button does (its new turn shows at once); another thread gets the
        // message through the host, which saves it there, and its sidebar row shows the turn running.
        if (get().activeThreadId === job.threadId && get().messages[turnId]) await get().retryTurn(turnId);
        else await getApi().sendMessage({ threadId: job.threadId, messageId: crypto.randomUUID(), text: job.text });
      } catch (err) {
        get().pushNotice('error', `The message scheduled for the limit's reset could not be sent: ${errorText(err)}`);
      }
    };

    return {
      planLimit: null,
      scheduledSends: {},

      scheduleSend(turnId, job) {
        get().cancelScheduledSend(turnId);
        set((s) => ({ scheduledSends: { ...s.scheduledSends, [turnId]: job } }));
        const delay = Math.max(0, job.at + SEND_AFTER_RESET_MS - now());
        timers.set(
          turnId,
          setTimeout(() => void fire(turnId), delay),
        );
      },

      cancelScheduledSend(turnId) {
        const timer = timers.get(turnId);
        if (timer) clearTimeout(timer);
        timers.delete(turnId);
        if (!(turnId in get().scheduledSends)) return;
        set((s) => {
          const { [turnId]: _gone, ...rest } = s.scheduledSends;
          return { scheduledSends: rest };
        });
      },
    };
  };
