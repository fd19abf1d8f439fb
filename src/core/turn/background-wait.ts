import type { TurnEvent } from '../../shared/turn-events';
import type { CliVerdict } from './cli-verdict';
import type { Clock } from './turn-process';

/**
 * After the last background sub-agent ended, how long to wait for the turn the CLI starts by itself to
 * report on it (recorded case 34: its `system/init` came ~50 ms after `task_notification`). If none
 * starts, the turn ends with the answer it already gave.
 */
export const FOLLOW_UP_GRACE_MS = 10_000;

/**
 * Holds a turn open past its `result` while sub-agents it started in the background still run.
 *
 * Recorded case 34 (the Agent tool's default in 2.1.328): the call returns "Async agent launched" at once
 * (`system/task_started {is_backgrounded:true}`), the turn's `result` follows, and only then come the
 * sub-agent's own lines (parent_tool_use_id), its `task_notification`, and a turn the CLI starts by itself
 * (a second `system/init` … `result`, `origin.kind:"task-notification"`). Ending the process at the first
 * `result` lost all of that, so the turn waits: one turn, one process, all its lines routed to it.
 */
export class BackgroundWait {
  private readonly running = new Set<string>();
  private held: CliVerdict | undefined;
  private graceTimer: unknown;

  constructor(
    private readonly clock: Clock,
    /** No follow-up came within the grace: conclude with the verdict held so far. */
    private readonly onQuiet: (verdict: CliVerdict) => void,
    private readonly graceMs = FOLLOW_UP_GRACE_MS,
  ) {}

  /** A background sub-agent is still working: silence then is its work, not a hung CLI. */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** The verdict of the results so far while the turn is held open, if any. */
  get heldVerdict(): CliVerdict | undefined {
    return this.held;
  }

  /** Follow the turn's events: a background sub-agent starts (task_started) or ends (task_notification). */
  see(event: TurnEvent): void {
    if (event.type === 'init') {
      // The CLI started its follow-up turn: its own `result` will conclude, not the grace.
      this.clearGrace();
      return;
    }
    if (event.type !== 'subagent') return;
    if (event.status === 'running') {
      if (event.background) this.running.add(event.toolUseId);
      return;
    }
    if (!this.running.delete(event.toolUseId)) return;
    if (this.running.size === 0 && this.held) this.armGrace();
  }

  /**
   * A `result` line arrived: the verdict to conclude the turn with now, or undefined while background
   * sub-agents run (it is held, and merged with the follow-up's).
   */
  settle(verdict: CliVerdict): CliVerdict | undefined {
    const merged = this.held ? mergeVerdicts(this.held, verdict) : verdict;
    this.clearGrace();
    // A failed or interrupted turn is not held: what it started in the background ends with its process.
    if (this.running.size > 0 && !verdict.verdict.isError) {
      this.held = merged;
      return undefined;
    }
    this.held = undefined;
    return merged;
  }

  /** The process is gone: nothing more will come. */
  dispose(): void {
    this.clearGrace();
  }

  private armGrace(): void {
    this.clearGrace();
    this.graceTimer = this.clock.setTimeout(() => {
      this.graceTimer = undefined;
      const held = this.held;
      this.held = undefined;
      if (held) this.onQuiet(held);
    }, this.graceMs);
  }

  private clearGrace(): void {
    if (this.graceTimer !== undefined) this.clock.clearTimeout(this.graceTimer);
    this.graceTimer = undefined;
  }
}

/**
 * One verdict for a turn the CLI answered in several results: the later one says how it ended and what the
 * context holds; time, turns and tokens add up. `costUsd` needs no sum: each result's is the session's running
 * total minus the same baseline, so the last one covers the whole turn.
 */
export function mergeVerdicts(first: CliVerdict, later: CliVerdict): CliVerdict {
  const a = first.verdict;
  const b = later.verdict;
  const add = (x: number | undefined, y: number | undefined) =>
    x === undefined && y === undefined ? undefined : (x ?? 0) + (y ?? 0);
  const cacheRead = add(a.usage.cacheReadTokens, b.usage.cacheReadTokens);
  const cacheCreation = add(a.usage.cacheCreationTokens, b.usage.cacheCreationTokens);
  return {
    ...later,
    errors: [...first.errors, ...later.errors],
    verdict: {
      ...b,
      durationMs: a.durationMs + b.durationMs,
      numTurns: a.numTurns + b.numTurns,
      usage: {
        inputTokens: a.usage.inputTokens + b.usage.inputTokens,
        outputTokens: a.usage.outputTokens + b.usage.outputTokens,
        ...(cacheRead !== undefined ? { cacheReadTokens: cacheRead } : {}),
        ...(cacheCreation !== undefined ? { cacheCreationTokens: cacheCreation } : {}),
      },
      context: b.context ?? a.context,
    },
  };
}
