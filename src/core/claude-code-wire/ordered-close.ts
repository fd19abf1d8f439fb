import { killProcessGroup } from '../process-group';
import type { GroupKiller, SpawnedProcess } from './spawned-process';
import type { Timers } from './control-requests';

export interface OrderedCloseOptions {
  timers: Timers;
  /** undefined: the real process-group kill; null: signal only the child itself (no group, or a fake). */
  killGroup?: GroupKiller | null;
  /** The signals sent while the child still runs, each `stepMs` after the one before. */
  signals?: readonly NodeJS.Signals[];
  stepMs: number;
}

/**
 * Ending a CLI in order (as the Agent SDK does): close its stdin — the CLI then exits by itself (case 11b) — and
 * only if it is still there after a grace period, signal it: SIGTERM, then SIGKILL last. Every timer goes with
 * cancel(), called once the child has exited.
 */
export class OrderedClose {
  private readonly graceTimers = new Set<unknown>();
  private stepTimer: unknown;
  private readonly signals: readonly NodeJS.Signals[];

  constructor(
    private readonly child: () => SpawnedProcess | undefined,
    private readonly options: OrderedCloseOptions,
  ) {
    this.signals = options.signals ?? ['SIGTERM', 'SIGKILL'];
  }

  /** Close stdin: the CLI reads EOF and ends when it is done. */
  closeStdin(): void {
    const stdin = this.child()?.stdin;
    if (stdin && !stdin.writableEnded) stdin.end();
  }

  /**
   * Close stdin, and signal once `graceMs` has passed (whether the child has gone then is the exit's business:
   * cancel() clears this). `once`: not if a grace is already running.
   */
  close(graceMs: number, once = false): void {
    this.closeStdin();
    if (once && this.graceTimers.size > 0) return;
    const timer = this.options.timers.setTimeout(() => {
      this.graceTimers.delete(timer);
      this.terminate();
    }, graceMs);
    this.graceTimers.add(timer);
  }

  /** Signal now: the first signal at once, the next ones a step apart (scheduled only once). */
  terminate(): void {
    this.closeStdin();
    if (!this.child()) return;
    const [first, ...rest] = this.signals;
    if (first) this.signal(first);
    if (this.stepTimer === undefined && rest.length > 0) this.step(rest);
  }

  /** The signal reaches the child's whole group (tools it started stop with it), then the child if it still runs. */
  signal(sig: NodeJS.Signals): void {
    const child = this.child();
    if (!child) return;
    if (child.pid !== undefined && this.options.killGroup !== null) {
      (this.options.killGroup ?? killProcessGroup)(child.pid, sig);
    }
    if (child.exitCode === null) child.kill(sig);
  }

  /** The child has exited: nothing more is sent. */
  cancel(): void {
    for (const timer of this.graceTimers) this.options.timers.clearTimeout(timer);
    this.graceTimers.clear();
    if (this.stepTimer !== undefined) this.options.timers.clearTimeout(this.stepTimer);
  }

  private step(signals: readonly NodeJS.Signals[]): void {
    const [next, ...rest] = signals;
    if (!next) return;
    this.stepTimer = this.options.timers.setTimeout(() => {
      this.signal(next);
      this.step(rest);
    }, this.options.stepMs);
  }
}
