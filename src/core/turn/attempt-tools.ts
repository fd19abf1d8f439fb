import type { TurnEvent } from '../../shared/turn-events';
import { parseContextUsage, type ContextUsage } from '../../shared/context-usage';
import type { BackgroundWait } from './background-wait';
import type { BigText } from '../claude-code-wire/big-text';
import { BIG_TOOL_RESULT_CHARS, TOOL_RESULT_HEAD_CHARS } from './big-tool-result';
import type { ControlSession } from './control-session';
import { stopBackgroundCommands } from './stop-background-commands';
import type { Clock } from './turn-process';
import type { TurnRequest } from './turn-request';

/** How long a turn's end waits for get_context_usage (answered in ~30 ms, recorded case 37). */
export const CONTEXT_USAGE_WAIT_MS = 2_000;

/**
 * The tool calls of one attempt as they stream: which are still open (while any runs, silence is a build or a test,
 * not a hang), when each started, and where a big result goes.
 */
export class AttemptTools {
  private readonly open = new Set<string>();

  constructor(
    private readonly background: BackgroundWait,
    private readonly clock: Clock,
    private readonly setToolRunning: (running: boolean) => void,
    private readonly keepToolResult: TurnRequest['keepToolResult'],
  ) {}

  /** The event as it goes on to the app. */
  track(event: TurnEvent, bigs?: Map<string, BigText>): TurnEvent {
    this.background.see(event);
    if (event.type === 'subagent' && this.background.busy) this.setToolRunning(true);
    if (event.type === 'tool_call') {
      this.open.add(event.toolUseId);
      this.setToolRunning(true);
      // When it started, for the card's "Running 3:12" (a repeated call for the same id keeps the first).
      return event.startedAt === undefined ? { ...event, startedAt: this.clock.now() } : event;
    }
    if (event.type === 'tool_result' || event.type === 'permission_denied') {
      this.open.delete(event.toolUseId);
      this.setToolRunning(this.open.size > 0 || this.background.busy);
    }
    // A 64 MiB result copied into every ~250 ms snapshot grew a thread log to ~900 MiB:
    // it is stored once, and what streams on is its head. One from a long line was never a whole string
    // (BigText): it goes to disk piece by piece — or, with nowhere to keep it, whole into the event.
    const big = event.type === 'tool_result' ? bigs?.get(event.toolUseId) : undefined;
    if (big && event.type === 'tool_result') {
      if (this.keepToolResult) {
        this.keepToolResult(event.toolUseId, big);
        return event;
      }
      const { fullChars: _full, ...rest } = event;
      return { ...rest, content: big.toString() };
    }
    if (event.type === 'tool_result' && this.keepToolResult && event.content.length > BIG_TOOL_RESULT_CHARS) {
      this.keepToolResult(event.toolUseId, event.content);
      const { detail: _detail, ...rest } = event; // the structured copy is as big: dropped
      return { ...rest, content: event.content.slice(0, TOOL_RESULT_HEAD_CHARS), fullChars: event.content.length };
    }
    return event;
  }

  /** The answer is over: nothing counts as running any more. */
  clear(): void {
    this.open.clear();
    this.setToolRunning(false);
  }
}

/**
 * Ask for the context breakdown, bounded: a CLI that does not answer never holds the turn up. `summary`: from the
 * last response's usage and the CLI's own estimates. The default (`full`) counts each category with the
 * token-count API: 26 calls the first time a process is asked (recorded case 37c; 0 with summary, 37b) — with a
 * real key, API calls at every new process, and the turn's end waited for them (two waves in flight: a
 * 200 ms count_tokens held a thread's first turn ~0.45 s past its answer).
 */
export async function askContextUsage(control: ControlSession, clock: Clock): Promise<ContextUsage | undefined> {
  let timer: unknown;
  const bound = new Promise<undefined>(
    (resolve) => (timer = clock.setTimeout(() => resolve(undefined), CONTEXT_USAGE_WAIT_MS)),
  );
  const answer = await Promise.race([
    control.request('ctx', { subtype: 'get_context_usage', detail: 'summary' }),
    bound,
  ]);
  clock.clearTimeout(timer);
  return answer?.ok ? parseContextUsage(answer.response) : undefined;
}

/**
 * Nothing a turn starts runs on after its answer: the background commands still running are stopped, the CLI's
 * own way (case 40), and their cards say the answer's end stopped them. True when none is left running.
 */
export async function stopLeftCommands(
  req: Pick<TurnRequest, 'threadId' | 'turnId'>,
  background: BackgroundWait,
  control: ControlSession,
  clock: Clock,
  emit: (event: TurnEvent) => void,
  log: (message: string) => void,
): Promise<boolean> {
  const left = background.runningCommands;
  if (left.length === 0) return true;
  const stopped = await stopBackgroundCommands(
    left.map((c) => c.taskId),
    control,
    clock,
  );
  const base = { threadId: req.threadId, turnId: req.turnId, type: 'background_command' } as const;
  for (const { taskId, toolUseId } of left.filter((c) => stopped.includes(c.taskId))) {
    emit({ ...base, toolUseId, taskId, status: 'stopped', endedWithTurn: true });
  }
  if (stopped.length < left.length) log(`turn ${req.turnId}: a background command did not stop in time`);
  return stopped.length === left.length;
}
