import type { TurnError } from '../../shared/turn-events';

/**
 * How long a CLI that should answer at once may stay silent before it is declared wedged. Measured with the real CLI
 * (2.1.328) and the app's argv against the mock, on 2 shared cores, once at load ~4 and once at load ~11
 * (recorded/58-first-event-times.json holds the second), from the user line to the first stdout line:
 *
 * - kept (it answered a turn before): its `system/init`, 13–51 ms at load 4 and 15–163 ms at load 11, also with a user
 *   MCP server that takes 5 s to start (connected during its first turn);
 * - pre-warmed: the answer to the `initialize` request the turn sends it first, 19–53 ms and 14–594 ms, written 1 s
 *   or 5 s after its spawn. Its turn's own first line waits for a slow MCP server (up to 6.8 s): that is why anything
 *   it prints once the turn has it counts, the `initialize` answer included;
 * - fresh: the `initialize` answer, 292–436 ms and 368–2784 ms.
 *
 * So a kept or warm process silent for `reusedMs` is 13× past the slowest seen, under a load of 11 on 2 cores: it is
 * wedged, not busy (and a wrong call costs only a fresh start and a note). A fresh process is bounded only when it
 * replaces a wedged one, with `freshMs`, 10× its slowest: its start (loading the binary on a busy machine) is slower.
 * Any other fresh start is never cut short by this: the idle bound covers it.
 */
export interface WedgeBounds {
  /** A kept or pre-warmed process, from the turn's user line. */
  reusedMs: number;
  /** The fresh process that retries the turn of a wedged one, from its user line. */
  freshMs: number;
}

export const DEFAULT_WEDGE_BOUNDS: WedgeBounds = { reusedMs: 8_000, freshMs: 30_000 };

/**
 * The bound of a reused process. A kept one started long ago; a warm one taken just after its spawn (the user sent
 * at once) is still starting — a fresh start in all but name — so it gets what is left of the fresh bound if more.
 */
export function reusedBoundMs(bounds: WedgeBounds, kind: 'kept' | 'warm', ageMs: number): number {
  return kind === 'kept' ? bounds.reusedMs : Math.max(bounds.reusedMs, bounds.freshMs - ageMs);
}

/** The quiet note on a turn whose reused process was replaced. */
export function wedgedNote(kind: 'kept' | 'warm'): string {
  return kind === 'kept'
    ? "Claude Code's kept process did not answer; started a fresh one."
    : "Claude Code's pre-started process did not answer; started a fresh one.";
}

/** The turn's error when the fresh process that replaced a wedged one said nothing either. */
export function wedgedTwiceError(bounds: WedgeBounds): TurnError {
  return {
    kind: 'idle_timeout',
    message: `Claude Code did not answer: the process waiting for this thread said nothing, and a fresh one said nothing for ${seconds(bounds.freshMs)} s either. Nothing was sent to Claude.`,
    hint: 'Retry the message. If it happens again, restart Claude Desk, or run `claude` in this project in a terminal to see what holds it.',
  };
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
