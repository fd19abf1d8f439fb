import { turnsOf } from '../turn-selectors';
import { singleFlight } from '../single-flight';
import type { BridgeContext, BridgePart } from './part';
import { ANSWERED, type TurnStream } from './turns';

/** The thread list and the open thread: read again when the host says a thread changed. */
export function threadsPart({ on, s, win, pane }: BridgeContext, stream: TurnStream): BridgePart {
  // Coalesce bursts of threadsChanged (every turn end, rename, delete) into at most one pending reload. A pane reads
  // no list of its own: the window's bridge reads it on the same events, and the pane takes it (panes-slice.ts).
  const readList = singleFlight(() => s().loadThreads());
  const refreshList = (): void => {
    if (!pane) readList();
  };

  // The list's refresh for a message of this window's own turn waits for the answer's first output (or its end):
  // before it, the CLI races to its API request on the same cores, and the sidebar can wait a frame.
  let listOwed = false;
  stream.afterBatch((events) => {
    if (!listOwed || !events.some((e) => ANSWERED.has(e.type))) return;
    listOwed = false;
    win.setTimeout(refreshList, 0); // after this frame's paint
  });

  return {
    offs: [
      on('threadsChanged', ({ threadId, kind }) => {
        // This window's own send or turn: its events (and the bubble already shown) keep the thread current.
        // (A turn of the thread that another window or pane started is not: its user message is read from the host.)
        const own =
          threadId !== undefined &&
          (s().isSending(threadId) || turnsOf(s().inFlight, threadId).some((t) => s().startedHere(t.turnId)));
        if (own && kind === 'message') {
          listOwed = true;
          return;
        }
        refreshList();
        // Another window changed the thread on screen: read it again, with its branches.
        const reload = threadId !== undefined && threadId === s().activeThreadId && !own;
        // A message never changes a thread's branches; anything else may have.
        if (kind !== 'message' && !reload) s().branchesChanged(threadId);
        if (reload) void s().reloadActiveThread();
      }),
    ],
    start: refreshList,
    resync() {
      refreshList();
      void s().reloadActiveThread();
    },
    // The list (the host's index, small), and the open thread only if the list says it changed: a 50 MB thread is
    // not re-read and re-parsed on every switch back to the window.
    refocus() {
      void s()
        .loadThreads()
        .then(() => s().reloadActiveThreadIfChanged());
    },
  };
}
