import type { TurnEngine } from '../../core/turn/turn-engine';
import type { Prewarmer } from './prewarm';

/**
 * After an edit Claude Code reads only at start-up (rules, hooks, agents, plugins — a kept process did not see a new
 * deny rule, deny-rule.real-cli.test.ts): every idle kept or pre-warmed process goes, and so does the process of a
 * turn running now once that turn ends (it would otherwise be kept for the thread's next turn with the old files).
 */
export function sendStaleProcessesAway(
  engine: Pick<TurnEngine, 'running'> & { idle: Pick<TurnEngine['idle'], 'discard' | 'discardAll'> },
  prewarm: Pick<Prewarmer, 'invalidate'> | undefined,
): (reason: string) => void {
  return (reason) => {
    const why = `your Claude Code setup changed (${reason})`;
    engine.idle.discardAll(why);
    for (const turn of engine.running()) void turn.done.then(() => engine.idle.discard(turn.threadId, why));
    prewarm?.invalidate(reason);
  };
}
