import type { DeskHandlers } from '../../shared/contract';
import type { HistoryIndex } from '../../core/history/history-index';
import type { SessionsStore } from '../../core/store/sessions-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import { UsageLedger } from '../../core/usage/usage-ledger';
import type { DeskFoundation } from '../settings/desk-foundation';
import { UsageService } from './usage-service';

type UsageHandlers = Pick<DeskHandlers, 'getUsage' | 'getUsageReport'>;

export interface UsageWiringDeps {
  f: Pick<DeskFoundation, 'layout' | 'warn'>;
  /** The History's index: the same sessions, their titles, folders and kept copies. */
  index: HistoryIndex;
  threads: ThreadsStore;
  sessions: SessionsStore;
}

/** The Usage view and `claude-desk usage`: the ledger opens now, and is read when someone asks. */
export async function wireUsage({ f, index, threads, sessions }: UsageWiringDeps) {
  const ledger = await UsageLedger.open({ stateDir: f.layout.stateDir, history: index, onWarning: f.warn });
  const usage = new UsageService({
    ledger,
    index,
    threadsBySession: async () => {
      const map = await sessions.threadsBySession();
      for (const [sessionId, threadId] of map) if (!threads.summary(threadId)) map.delete(sessionId);
      return map;
    },
  });
  const handlers: UsageHandlers = {
    getUsage: async (range) => usage.overview(range ?? {}),
    getUsageReport: async (q) => usage.report(q),
  };
  return { usage, handlers };
}
