import type { BridgeContext, BridgePart } from './part';

/** A worktree thread's files may have changed: its Changes panel reads them again. */
export function worktreePart({ on, s }: BridgeContext): BridgePart {
  return { offs: [on('changesChanged', ({ threadId }) => s().changesChanged(threadId))] };
}
