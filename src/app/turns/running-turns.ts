import type { AssistantMessage } from '../../shared/threads';
import { applyTurnEvent } from '../../shared/turn-reducer';
import { isFinalStatus } from '../../shared/turn-reducer';
import type { ThreadsStore } from '../../core/store/threads-store';
import { processAlive as alive } from '../../core/process-group';
import {
  RunningTurnsJournal,
  removeJournal,
  unfinishedTurns,
  type JournalledTurn,
} from '../../core/store/running-turns-journal';
import type { TurnPhaseChange, TurnPhases } from '../../core/turn/turn-phases';

/** A journal with no turn running is started afresh past this size (it gains ~150 bytes a turn). */
const JOURNAL_RESTART_BYTES = 64 * 1024;

/** The phases a turn is over in: its end is journalled then, after its owner's last saves. */
const OVER = new Set<TurnPhaseChange['phase']>(['closed', 'failed', 'stopped']);

/**
 * Which turns are running, for recovery after a crash (or SIGKILL, or power loss): each instance journals its turns'
 * starts and ends (RunningTurnsJournal, in core/store). The next start marks the turns a dead instance left started
 * but not ended interrupted — with Retry — instead of showing them "running" forever. A journal whose pid is alive
 * belongs to another window and is left alone.
 */
export class RunningTurns {
  private readonly journal: RunningTurnsJournal;
  private readonly running = new Set<string>();
  /** Turns whose answer a full disk refused: their end waits in the journal until the answer is saved. */
  private readonly held = new Set<string>();
  /** Held turns that are over: their end is journalled on release. */
  private readonly overWhileHeld = new Set<string>();

  constructor(dir: string) {
    this.journal = new RunningTurnsJournal(dir);
  }

  /**
   * Journal the turns as their phases change: a start when one is queued (before its message can reach the CLI), an
   * end once it is over — after its owner's end, so the answer's last snapshot is on disk before its end is.
   */
  follow(phases: Pick<TurnPhases, 'subscribe'>, log: (message: string) => void = () => {}): () => void {
    return phases.subscribe((change) => {
      if (change.phase === 'queued')
        this.started(change.threadId, change.turnId).catch((err: unknown) => log(`turn marker failed: ${String(err)}`));
      else if (OVER.has(change.phase)) this.ended(change.turnId).catch(() => undefined);
    });
  }

  /** Synchronous, so it is on disk before the user line goes out (each turn's first token waits on it). */
  async started(threadId: string, turnId: string): Promise<void> {
    this.running.add(turnId);
    this.journal.started(threadId, turnId);
  }

  async ended(turnId: string): Promise<void> {
    if (this.held.has(turnId)) {
      this.overWhileHeld.add(turnId);
      return;
    }
    if (!this.running.delete(turnId)) return;
    this.journal.ended(turnId);
    if (this.running.size > 0) return;
    // Nothing running: a long journal holds only finished turns, and the next start begins a new one.
    if (this.journal.bytes > JOURNAL_RESTART_BYTES) await this.journal.remove();
  }

  /**
   * The turn's answer could not be saved (a full disk): its start stays in the journal — journalled again if its end
   * already was — until release(), so a shutdown meanwhile leaves the journal for the next start, which marks the
   * turn interrupted (with what was saved, and Retry) instead of showing it running for good.
   */
  hold(threadId: string, turnId: string): void {
    if (this.held.has(turnId)) return;
    this.held.add(turnId);
    if (this.running.has(turnId)) return;
    this.running.add(turnId);
    this.overWhileHeld.add(turnId);
    try {
      this.journal.started(threadId, turnId);
    } catch {
      // the disk is full for the journal too: an earlier start line, if any, is what the next start reads
    }
  }

  /** The held answer was saved: the turn's end is journalled if it is over. */
  async release(turnId: string): Promise<void> {
    if (!this.held.delete(turnId)) return;
    if (this.overWhileHeld.delete(turnId)) await this.ended(turnId);
  }

  /** Close the journal (it stays on disk); the next line opens it again. */
  close(): void {
    this.journal.close();
  }

  /**
   * A clean shutdown: the journal closed, and removed when it holds only ended turns (the next start would read it
   * for nothing). A turn still running (stopAll could not end it), or one whose answer is still unsaved, keeps it,
   * for the next start to mark interrupted.
   */
  shutdown(): void {
    if (this.running.size > 0) this.journal.close();
    else this.journal.removeSync();
  }

  /**
   * The turns other live instances on this data dir (another window, `claude-desk chat`) have started and not ended:
   * the board shows them working, and the command line's `agents` sees the window's turns.
   */
  async elsewhere(): Promise<JournalledTurn[]> {
    const turns: JournalledTurn[] = [];
    for (const file of await this.journal.others()) {
      const left = await unfinishedTurns(file);
      if (left.pid !== undefined && left.pid !== process.pid && alive(left.pid)) turns.push(...left.turns);
    }
    return turns;
  }

  /** Mark the turns of dead instances interrupted; returns how many were. */
  async recover(threads: Pick<ThreadsStore, 'get' | 'saveAssistant'>, warn: (m: string) => void): Promise<number> {
    let recovered = 0;
    for (const file of await this.journal.others()) {
      const left = await unfinishedTurns(file);
      // Another window's: left for it.
      if (left.pid !== undefined && left.pid !== process.pid && alive(left.pid)) continue;
      for (const { threadId, turnId } of left.turns) {
        try {
          if (await markInterrupted(threads, threadId, turnId)) recovered++;
        } catch (err) {
          warn(`Could not mark an interrupted turn of thread ${threadId}: ${String(err)}`);
        }
      }
      // Read, or unreadable (torn, not a marker): nothing more to recover from it.
      await removeJournal(file);
    }
    return recovered;
  }
}

/** A turn still "running" in its thread's log becomes failed, interrupted; false when there was nothing to mark. */
async function markInterrupted(
  threads: Pick<ThreadsStore, 'get' | 'saveAssistant'>,
  threadId: string,
  turnId: string,
): Promise<boolean> {
  const thread = await threads.get(threadId);
  const message = thread?.messages.find((m): m is AssistantMessage => m.role === 'assistant' && m.id === turnId);
  if (!message || isFinalStatus(message.status)) return false;
  const base = { threadId, turnId };
  let next = applyTurnEvent(message, {
    ...base,
    type: 'error',
    error: {
      kind: 'interrupted',
      message: 'Claude Desk closed while this turn was running.',
      hint: 'Press Retry to send the message again.',
    },
  });
  next = applyTurnEvent(next, { ...base, type: 'finished', status: 'failed' });
  await threads.saveAssistant(threadId, next);
  return true;
}
