import type { PermissionMode } from '../../shared/settings';
import type { AssistantMessage } from '../../shared/threads';
import type { TurnEngine } from '../../core/turn/turn-engine';
import type { TurnService } from './turn-service';
import type { TurnControls } from './turn-controls';
import type { RunningTurns } from './running-turns';

/** A thread's idle processes (kept or pre-warmed): their pids and the sessions they hold. */
export interface IdleProcesses {
  pids: readonly number[];
  sessionIds: readonly string[];
}

/**
 * What the other features may ask of the turns, and nothing more: whether a thread is busy, when its turns are
 * over, starting and stopping one, its idle Claude Code processes (kept after a turn or pre-warmed for the next),
 * the turns in flight and the cap they run under. No feature reaches into the turn engine itself.
 */
export interface TurnsPort {
  /** A turn of the thread is in any phase before closed. */
  isBusy(threadId: string): boolean;
  /** A turn of the thread has still to emit `finished`. */
  isAnswering(threadId: string): boolean;
  /** Resolves once the thread's turns have ended (true) or another one started answering (false). */
  settled(threadId: string): Promise<boolean>;
  /** Starts a turn for a user message, as sendMessage does (the next one's process pre-warmed after it). */
  start(input: Parameters<TurnService['send']>[0]): Promise<{ turnId: string; messageId: string }>;
  stop(threadId: string, turnId?: string): void;
  /** A turn in flight is newer in memory than on disk. */
  liveMessages(threadId: string): AssistantMessage[];
  waitingThreadIds(): string[];
  /** Every turn from queued to answered, by phase. */
  live(): ReturnType<TurnEngine['phases']['live']>;
  /** Told of every phase change; returns the unsubscribe. */
  onPhaseChange(listener: Parameters<TurnEngine['phases']['subscribe']>[0]): () => void;
  /** Turns running now under the cap on Claude Code processes, and the cap. */
  capacity(): { running: number; max: number };
  /** Turns of this data dir another Claude Desk process runs. */
  elsewhere: RunningTurns['elsewhere'];
  /** Ends the thread's idle process (it may run in a folder about to go, or hold a rewound session). */
  discardIdle(threadId: string, why: string): void;
  /**
   * Every idle process goes now, and the process of a turn running now once that turn ends: what Claude Code reads
   * only at start-up changed.
   */
  discardAllIdle(why: string): void;
  idleProcesses(threadId: string): Promise<IdleProcesses>;
  setModel: TurnControls['setModel'];
  permissionModeChanged(
    previous: PermissionMode,
    next: PermissionMode,
    threadId: string,
  ): Promise<PermissionMode | undefined>;
}
