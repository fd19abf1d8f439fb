import type { TurnError } from '../../shared/turn-events';
import { type LockOwner, type LockResult, busyElsewhereMessage, elsewhereName } from '../store/thread-locks';
import type { Clock } from './turn-process';

/** How long a turn waits for another process's turn on its thread (CLAUDE_DESK_BUSY_WAIT_MS). */
export const DEFAULT_BUSY_WAIT_MS = 15 * 60_000;
/** How often it looks again: the lock file is gone within this of the other turn's end. */
const POLL_MS = 500;

export interface LockWait {
  /** Take the thread's lock; undefined when there is none to take (no cross-process lock, or it failed). */
  acquire: () => Promise<LockResult | undefined>;
  clock: Clock;
  waitMs: number;
  pollMs?: number;
  /** Resolves when the user stops the turn: a wait ends at once, and the turn is stopped. */
  stopped: Promise<unknown>;
  /** The sentence the turn shows while it waits (again when the holder changes). */
  onWaiting: (sentence: string) => void;
}

export type LockWaitResult =
  | { ok: true; lock: Extract<LockResult, { ok: true }> | undefined }
  | { ok: false; stopped: true }
  | { ok: false; stopped: false; error: TurnError };

/** What the turn shows while another process runs a turn on its thread. */
export function waitingElsewhereMessage(owner: LockOwner): string {
  return `Waiting for ${elsewhereName(owner.host)} to finish its turn on this thread (process ${owner.pid})…`;
}

function waited(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;
}

/**
 * Take the thread's lock, waiting (bounded) while another Claude Desk process runs a turn on it: two
 * turns on one session would fork it, so the second waits, visibly, and runs as soon as the first is over; if the
 * first outlasts the bound, the turn fails with a sentence saying so, its message never sent.
 */
export async function takeThreadLock(w: LockWait): Promise<LockWaitResult> {
  let stopped = false;
  void w.stopped.then(() => (stopped = true));
  let lock = await w.acquire();
  const deadline = w.clock.now() + w.waitMs;
  let shown = '';
  while (lock && !lock.ok) {
    const owner = lock.owner;
    const sentence = waitingElsewhereMessage(owner);
    if (sentence !== shown) w.onWaiting((shown = sentence));
    const left = deadline - w.clock.now();
    if (left <= 0) {
      return {
        ok: false,
        stopped: false,
        error: {
          kind: 'busy_elsewhere',
          message: `${busyElsewhereMessage(owner)} Claude Desk waited ${waited(w.waitMs)} for it to finish.`,
          hint: 'Your message did not reach Claude: send it again once that turn has finished, or stop it there.',
        },
      };
    }
    let timer: unknown;
    await Promise.race([
      new Promise<void>((resolve) => (timer = w.clock.setTimeout(resolve, Math.min(w.pollMs ?? POLL_MS, left)))),
      w.stopped,
    ]);
    w.clock.clearTimeout(timer);
    if (stopped) return { ok: false, stopped: true };
    lock = await w.acquire();
  }
  return { ok: true, lock };
}
