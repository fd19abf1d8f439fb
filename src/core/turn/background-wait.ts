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
 * Holds a turn open past its `result` while sub-agents it started in the background still run, or while the CLI
 * has yet to report a background command that ended by itself (recorded case 40f: it ended while the model wrote
 * its answer, and the CLI started a turn of its own right after the `result` to say so; in a kept process that
 * turn's lines would otherwise reach the thread's next one).
 *
 * Recorded case 34 (the Agent tool's default in 2.1.328): the call returns "Async agent launched" at once
 * (`system/task_started {is_backgrounded:true}`), the turn's `result` follows, and only then come the
 * sub-agent's own lines (parent_tool_use_id), its `task_notification`, and a turn the CLI starts by itself
 * (a second `system/init` … `result`, `origin.kind:"task-notification"`). Ending the process at the first
 * `result` lost all of that, so the turn waits: one turn, one process, all its lines routed to it.
 */
export class BackgroundWait {
  private readonly running = new Set<string>();
  /** Background commands still running (case 40): task id → its Bash call. What the turn's end stops. */
  private readonly commands = new Map<string, string>();
  /** A background command ended by itself since the CLI's latest API request: the CLI has yet to report it. */
  private reportDue = false;
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

  /** The background commands still running: the turn's end stops them. */
  get runningCommands(): { taskId: string; toolUseId: string }[] {
    return [...this.commands].map(([taskId, toolUseId]) => ({ taskId, toolUseId }));
  }

  /**
   * A background command ended by itself and the CLI has not told the model yet: it will, in a turn it starts by
   * itself after the `result` (cases 40e, 40f). A process that still has that turn to run is not idle.
   */
  get followUpDue(): boolean {
    return this.reportDue;
  }

  /**
   * The CLI sends an API request: what ended before goes with it — a background command that ended during a tool
   * is reported in the turn's next request (case 40g), with no turn of its own.
   */
  sawRequest(): void {
    this.reportDue = false;
  }

  /**
   * Follow the turn's events: a background sub-agent starts (task_started) or ends (task_notification); a
   * background command starts or ends.
   */
  see(event: TurnEvent): void {
    if (event.type === 'init') {
      // The CLI started its follow-up turn: its own `result` will conclude, not the grace.
      this.clearGrace();
      return;
    }
    if (event.type === 'background_command') {
      if (event.status === 'running') this.commands.set(event.taskId, event.toolUseId);
      // Stopped (stop_task, the model's own TaskStop) is folded into the next user turn instead (case 40h).
      else if (this.commands.delete(event.taskId) && event.status !== 'stopped') this.reportDue = true;
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
   * sub-agents run or the CLI has a background command's end to report (it is held, and merged with the
   * follow-up's).
   */
  settle(verdict: CliVerdict): CliVerdict | undefined {
    const merged = this.held ? mergeVerdicts(this.held, verdict) : verdict;
    this.clearGrace();
    // A failed or interrupted turn is not held: what it started in the background ends with its process.
    if ((this.running.size > 0 || this.reportDue) && !verdict.verdict.isError) {
      this.held = merged;
      if (this.running.size === 0) this.armGrace();
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
