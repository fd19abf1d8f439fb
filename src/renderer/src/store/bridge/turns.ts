import type { TurnEvent } from '../../../../shared/turn-events';
import type { DeskState } from '../desk-state';
import { frameGroup, type FrameGroup } from '../frame-batch';
import type { BridgeContext, BridgePart } from './part';

/**
 * Events that say a turn this window just sent is getting ready — started, the CLI's init, its ids, the
 * answer's message id — and ask nothing of the reader. They are held until the turn's next other event or
 * QUIET_MS, whichever comes first, and then go in one batch: applied at once, each was a render of the page
 * (~10 ms of main thread, and a frame) in the tens of milliseconds after Enter that the CLI needs the two cores
 * for, to send its request. A real API answers hundreds of milliseconds later, so the reader sees "running" as
 * before; a fast answer arrives with them. Other turns (another window's, a background thread's) are not held.
 */
const QUIET = new Set<TurnEvent['type']>(['started', 'init', 'cli_uuids', 'message_start']);
export const QUIET_MS = 120;
/** The events a stream is made of: many per second, nothing lost if they wait for the next frame. */
const STREAMED = new Set<TurnEvent['type']>(['text_delta', 'thinking_delta', 'subagent_text']);
/** The events that say a turn has answered something (or ended): the first glyph is on its way to the screen. */
export const ANSWERED = new Set<TurnEvent['type']>([
  'text_delta',
  'text',
  'thinking_delta',
  'tool_call',
  'approval_request',
  'error',
  'finished',
]);

/** One frame group per window: the stores of its split panes get their streamed text in the same frame. */
const windowFrames = new WeakMap<Window, FrameGroup>();
function framesOf(win: Window): FrameGroup {
  let group = windowFrames.get(win);
  if (!group) windowFrames.set(win, (group = frameGroup(win)));
  return group;
}

/** The turn events on their way into the store: streamed text once per frame, the quiet start held back. */
export interface TurnStream {
  take(e: TurnEvent): void;
  /** Apply what is batched (before any other event: it reads the store as the host sent it). */
  flush(): void;
  /** Let the held events go too, and apply everything (before a resync reads the host's newer copy). */
  settle(): void;
  /** Hear each batch once applied (the thread list owed a refresh until the answer's first output). */
  afterBatch(listener: (events: readonly TurnEvent[]) => void): void;
  cancel(): void;
}

export function turnStream(s: () => DeskState, win: Window): TurnStream {
  const listeners: ((events: readonly TurnEvent[]) => void)[] = [];
  // Streamed text is applied once per frame; any other event (a turn's start, end, approval request…) at once,
  // after the deltas that came before it. Every pane's store of the window in the same frame: one render, one layout.
  const batch = framesOf(win).batch<TurnEvent>((events) => {
    s().handleTurnEvents(events);
    for (const listener of listeners) listener(events);
  });

  // Turns whose stream this bridge has seen begin: a turn's first streamed words go at the next frame, even right
  // after another pane's batch (frame-batch.ts); the rest of its stream keeps the pace between batches.
  const streaming = new Set<string>();
  const firstWords = (e: TurnEvent): boolean => {
    if (e.type === 'finished') streaming.delete(e.turnId);
    if (!STREAMED.has(e.type) || streaming.has(e.turnId)) return false;
    streaming.add(e.turnId);
    if (streaming.size > 200) streaming.delete(streaming.values().next().value as string);
    return true;
  };

  // The quiet events held back (in arrival order) and the timer that lets them go on their own.
  let held: TurnEvent[] = [];
  let heldTimer: ReturnType<typeof setTimeout> | undefined;
  const release = (): void => {
    if (heldTimer !== undefined) win.clearTimeout(heldTimer);
    heldTimer = undefined;
    const events = held;
    held = [];
    for (const e of events) batch.push(e);
  };

  return {
    take(e) {
      if (QUIET.has(e.type) && s().awaitsFirstAnswer(e.threadId, e.turnId)) {
        held.push(e);
        heldTimer ??= win.setTimeout(() => {
          heldTimer = undefined;
          release();
          batch.flush();
        }, QUIET_MS);
        return;
      }
      release(); // the held ones first: a turn's events apply in the order the host sent them
      if (ANSWERED.has(e.type)) s().firstAnswerCame(e.turnId);
      batch.push(e, { first: firstWords(e) });
      if (!STREAMED.has(e.type)) batch.flush();
    },
    flush: () => batch.flush(),
    settle() {
      release();
      batch.flush();
    },
    afterBatch: (listener) => void listeners.push(listener),
    cancel() {
      if (heldTimer !== undefined) win.clearTimeout(heldTimer);
      batch.cancel();
    },
  };
}

/** The turns: their events, the message queue, and the turns in flight (quiet ones too) read from the host. */
export function turnsPart({ api, on, s }: BridgeContext, stream: TurnStream): BridgePart {
  const catchUp = (): void => {
    void s().loadTurns();
    void s().resyncBackgroundTurns();
  };
  return {
    offs: [
      api.on('turnEvent', stream.take),
      on('queueChanged', (state) => {
        s().applyQueue(state);
        // A queued message the host sent is in the thread log now: show it with its turn.
        if (state.threadId === s().activeThreadId) void s().reloadActiveThread();
      }),
      () => stream.cancel(),
    ],
    // The turns in flight, quiet ones too (a long tool, a stall, a queued turn): what other windows show of them.
    start: () => void s().loadTurns(),
    resync() {
      const active = s().activeThreadId;
      if (active) void s().loadQueue(active);
      catchUp();
    },
    refocus: catchUp,
  };
}
