import type { ChatMessage } from '../../shared/threads';
import type { PermissionMode } from '../../shared/settings';
import type { ThreadPeers } from './thread-handlers';

/** What the turns answer for a thread: its turn in flight, and the live switches of its running process. */
export type ThreadTurns = Pick<ThreadPeers, 'liveMessages' | 'setModel' | 'permissionModeChanged'>;

/**
 * The thread calls' peers, registered by the features built after the threads: the turns answer for a thread's
 * turn in flight, and each feature that keeps something of a thread says what it forgets when the thread is
 * deleted — before its files go (in the order the features registered: its turn stopped first), or after.
 */
export class ThreadPeerHooks implements ThreadPeers {
  private turns: ThreadTurns | undefined;
  private readonly before: ((threadId: string) => Promise<void> | void)[] = [];
  private readonly after: ((threadId: string) => void)[] = [];

  serveTurns(turns: ThreadTurns): void {
    this.turns = turns;
  }
  onBeforeDelete(forget: (threadId: string) => Promise<void> | void): void {
    this.before.push(forget);
  }
  onAfterDelete(forget: (threadId: string) => void): void {
    this.after.push(forget);
  }

  liveMessages(threadId: string): ChatMessage[] {
    return this.turns?.liveMessages(threadId) ?? [];
  }
  async beforeDelete(threadId: string): Promise<void> {
    for (const forget of this.before) await forget(threadId);
  }
  afterDelete(threadId: string): void {
    for (const forget of this.after) forget(threadId);
  }
  async setModel(threadId: string, model: string): Promise<{ ok: true } | { ok: false; error: string }> {
    return this.turns ? this.turns.setModel(threadId, model) : { ok: true };
  }
  async permissionModeChanged(
    previous: PermissionMode,
    next: PermissionMode,
    threadId: string,
  ): Promise<PermissionMode | undefined> {
    return this.turns?.permissionModeChanged(previous, next, threadId);
  }
}
