import type { DeskHandlers } from '../../shared/contract';
import type { TurnEvent } from '../../shared/turn-events';
import type { ChangeCounts } from '../../shared/worktree';
import path from 'node:path';
import { runToEnd, type RunToEnd } from '../../core/process-runner';
import { readJsonOrDefault, writeJsonAtomic } from '../../core/store/atomic-write';
import type { DeskFoundation } from '../settings/desk-foundation';
import type { ClaudeCodeLauncher } from '../settings/claude-code-launch';
import type { ThreadsWiring } from '../threads/threads-wiring';
import type { TurnsPort } from '../turns/turns-port';
import { FailedTurnsStore } from '../../core/store/failed-turns-store';
import { BoardService } from './board-service';
import { ClaudeAgents } from './claude-agents';

export interface BoardWiringDeps {
  f: Pick<DeskFoundation, 'bus' | 'layout'>;
  threads: Pick<ThreadsWiring, 'threads'>;
  turns: Pick<TurnsPort, 'live' | 'liveMessages' | 'waitingThreadIds' | 'capacity' | 'elsewhere' | 'onPhaseChange'>;
  launcher: Pick<ClaudeCodeLauncher, 'withEnv'>;
  run?: RunToEnd;
}

/** The events after which a row may read differently (its status, its activity line, its files). */
const MOVES_A_ROW = new Set<TurnEvent['type']>([
  'queued',
  'started',
  'tool_call',
  'tool_result',
  'approval_request',
  'approval_resolved',
  'error',
  'finished',
]);

export type BoardWiring = ReturnType<typeof wireBoard>;

/**
 * The board: every thread that works, waits for the user, failed or has changes to land, and the Claude Code
 * sessions running elsewhere. Rows are read on demand (getBoard); `boardChanged` tells open boards when to read
 * again — at most once per tick however many events came, and never for streamed text (the rows don't show it).
 */
export function wireBoard(d: BoardWiringDeps) {
  const { bus, layout } = d.f;
  const { turns } = d;
  // A worktree thread's changes against its base: the worktree feature, built after the board, registers them.
  let counts: (threadId: string) => Promise<ChangeCounts | null> = async () => null;
  const dismissedFile = () => path.join(layout.stateDir, 'board-dismissed.json');
  const board = new BoardService({
    threads: d.threads.threads,
    live: () => turns.live(),
    liveMessages: (threadId) => turns.liveMessages(threadId),
    waitingThreadIds: () => turns.waitingThreadIds(),
    runningCount: () => turns.capacity().running,
    cap: turns.capacity().max,
    counts: (threadId) => counts(threadId),
    elsewhere: () => turns.elsewhere(),
    // A test's board without a data dir keeps failures in memory only.
    ...(layout.stateDir ? { failed: new FailedTurnsStore(path.join(layout.stateDir, 'failed-turns.json')) } : {}),
    dismissals: {
      load: async () => {
        const kept = await readJsonOrDefault(dismissedFile(), {});
        const valid = kept && typeof kept === 'object' && !Array.isArray(kept) ? Object.entries(kept) : [];
        return Object.fromEntries(valid.filter((e): e is [string, string] => typeof e[1] === 'string'));
      },
      save: (dismissed) => writeJsonAtomic(dismissedFile(), dismissed),
    },
  });
  const agents = new ClaudeAgents({ launcher: d.launcher, run: d.run ?? runToEnd, cwd: layout.workspaceDir });

  let pending = false;
  const changed = (): void => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      bus.emit('boardChanged', {});
    });
  };
  const offs = [
    turns.onPhaseChange((change) => {
      board.phaseChanged(change);
      changed();
    }),
    bus.on('turnEvent', (event) => {
      board.turnEvent(event);
      if (MOVES_A_ROW.has(event.type)) changed();
    }),
    // A worktree's files changed, or it was landed or discarded: its counts and status are read again.
    bus.on('changesChanged', ({ threadId }) => {
      board.forget(threadId);
      changed();
    }),
    bus.on('threadsChanged', ({ threadId }) => {
      if (threadId) board.forget(threadId);
      changed();
    }),
  ];

  const handlers: Pick<DeskHandlers, 'getBoard' | 'listClaudeAgents' | 'dismissBoardRow'> = {
    getBoard: () => board.state(),
    listClaudeAgents: () => agents.list(),
    dismissBoardRow: async ({ threadId }) => {
      if (!(await board.dismiss(threadId)))
        throw new Error('Only a failed or finished row can be dismissed; this thread is working or waiting for you.');
      changed();
      return null;
    },
  };
  return {
    board,
    agents,
    /** The worktree feature's counts of a thread's changes, shown in its row. */
    countChangesWith(count: typeof counts): void {
      counts = count;
    },
    handlers,
    close() {
      for (const off of offs) off();
    },
  };
}
