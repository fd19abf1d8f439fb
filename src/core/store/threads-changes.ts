import type { ThreadsChangeKind } from '../../shared/threads';

/** What changed in the threads, for listeners (the windows' thread lists, the open thread, prewarming). */
export interface ThreadsChange {
  threadId: string;
  kind: ThreadsChangeKind;
}

/**
 * The listeners of a threads store. A listener that throws is reported and the others still hear of the change:
 * a write already on disk must not look failed because a window could not redraw.
 */
export class ThreadsChanges {
  private readonly listeners = new Set<(change: ThreadsChange) => void>();

  constructor(private readonly warn: (message: string) => void) {}

  subscribe(cb: (change: ThreadsChange) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  emit(threadId: string, kind: ThreadsChange['kind']): void {
    for (const cb of [...this.listeners]) {
      try {
        cb({ threadId, kind });
      } catch (err) {
        this.warn(`A threads listener failed: ${String(err)}`);
      }
    }
  }
}
