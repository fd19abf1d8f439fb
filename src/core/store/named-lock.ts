import { createHash } from 'node:crypto';
import { elsewhereName, type LockResult } from './thread-locks';

/** How long a creation waits for another front door making the same thing (a thread by name, its worktree). */
export const CREATION_WAIT_MS = 60_000;
const RETRY_MS = 50;

/**
 * Runs `fn` holding the data dir's lock `<kind>-<hash of key>` (the thread locks' folder): two front doors creating
 * the same thing at once — `chat --thread fresh` twice, two first turns making one thread's worktree — do it one
 * after the other, and the second finds what the first made. Waits while a live holder has it.
 */
export async function underCreationLock<T>(
  locks: { acquire(id: string, turn?: boolean): Promise<LockResult> },
  kind: string,
  key: string,
  fn: () => Promise<T>,
  waitMs = CREATION_WAIT_MS,
): Promise<T> {
  const id = `${kind}-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = await locks.acquire(id, false);
    if (lock.ok) {
      try {
        return await fn();
      } finally {
        await lock.release();
      }
    }
    if (Date.now() > until)
      throw new Error(
        `${elsewhereName(lock.owner.host)} (process ${lock.owner.pid}) is still making this ${kind}: try again once it is done.`,
      );
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
