import os from 'node:os';
import path from 'node:path';
import type { DeskHandlers } from '../../shared/contract';
import { HistoryIndex } from '../../core/history/history-index';
import { cliProjectsDir } from '../../core/history/cli-projects-dir';
import { resolveDataDir, type DataDirLayout } from '../../core/store/data-dir';
import { SessionsStore } from '../../core/store/sessions-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import { UsageLedger } from '../../core/usage/usage-ledger';
import { PlanWindowsStore } from '../../core/usage/plan-windows-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import { UsageService } from './usage-service';
import { BudgetStore, budgetStates, budgetsOver } from '../../core/usage/usage-budget';
import { budgetSentence, type BudgetState } from '../../shared/usage';

/** A budget's notification: what was reached, and what happens next. */
export function budgetNotice(s: BudgetState): { title: string; body: string } {
  const figure = budgetSentence(s);
  return s.level === 'over'
    ? { title: 'Budget reached', body: `${figure}. New turns ask before they are sent.` }
    : { title: `Budget at ${Math.floor(s.ratio * 100)} %`, body: `${figure}.` };
}

type UsageHandlers = Pick<
  DeskHandlers,
  'getUsage' | 'getUsageReport' | 'getBudgets' | 'setBudget' | 'removeBudget' | 'budgetsOver' | 'getProjectUsage'
>;

/** After a turn ends, budgets are measured again once the CLI's writes settle (ms). */
const BUDGET_RECHECK_MS = 1_000;

export interface UsageWiringDeps {
  f: Pick<DeskFoundation, 'layout' | 'warn' | 'bus'>;
  /** The OS notification (the desktop app's; none in browser mode and on the command line). */
  notify?: (title: string, body: string) => void;
  now?: () => number;
  /** The History's index: the same sessions, their titles, folders and kept copies. */
  index: HistoryIndex;
  threads: ThreadsStore;
  sessions: SessionsStore;
}

/** The Usage view and `claude-desk usage`: the ledger opens now, and is read when someone asks. */
export async function wireUsage({ f, index, threads, sessions, notify, now = Date.now }: UsageWiringDeps) {
  const ledger = await UsageLedger.open({ stateDir: f.layout.stateDir, history: index, onWarning: f.warn });
  // Every turn's rate-limit report is kept: the view shows the windows after a restart too.
  const planWindows = new PlanWindowsStore(f.layout.stateDir, Date.now, f.warn);
  f.bus.on('turnEvent', (event) => {
    if (event.type === 'rate_limit') void planWindows.see(event.info);
  });
  const usage = new UsageService({
    ledger,
    index,
    planWindows,
    now,
    stateDir: f.layout.stateDir,
    onWarning: f.warn,
    threadsBySession: async () => {
      const map = await sessions.threadsBySession();
      for (const [sessionId, threadId] of map) if (!threads.summary(threadId)) map.delete(sessionId);
      return map;
    },
  });
  const budgets = new BudgetStore(f.layout.stateDir, f.warn);
  const budgetStatesNow = async (): Promise<BudgetState[]> => {
    const list = await budgets.list();
    return list.length ? budgetStates(list, await usage.rolledItems(), now()) : [];
  };
  /** Measure again, tell every window, and notify a budget that crossed 80 % or 100 % (once per window). */
  const recheck = async (): Promise<BudgetState[]> => {
    const states = await budgetStatesNow();
    f.bus.emit('budgetsChanged', { states });
    for (const s of await budgets.crossed(states)) {
      const { title, body } = budgetNotice(s);
      f.bus.emit('notice', { level: s.level === 'over' ? 'warning' : 'info', message: `${title}: ${body}` });
      notify?.(title, body);
    }
    return states;
  };
  let recheckTimer: NodeJS.Timeout | undefined;
  f.bus.on('turnEvent', (event) => {
    if (event.type !== 'finished') return;
    clearTimeout(recheckTimer);
    recheckTimer = setTimeout(() => {
      void budgets
        .list()
        .then((list) => (list.length ? recheck() : undefined))
        .catch((err: unknown) => f.warn(`Could not measure the budgets: ${String(err)}`));
    }, BUDGET_RECHECK_MS);
    recheckTimer.unref?.();
  });
  /** Where a turn would work: its thread's folder, the folder of the thread or session it continues, or the one given. */
  const projectDirOf = async (
    where: { threadId: string } | { sessionId: string } | { projectDir?: string },
  ): Promise<string | undefined> => {
    if ('threadId' in where) return threads.summary(where.threadId)?.settings.projectDir;
    if ('sessionId' in where) {
      const tied = (await sessions.threadsBySession()).get(where.sessionId);
      const summary = tied ? threads.summary(tied) : undefined;
      return summary ? summary.settings.projectDir : index.get(where.sessionId)?.project;
    }
    const dir = where.projectDir;
    return dir === undefined ? undefined : path.resolve(dir.startsWith('~') ? os.homedir() + dir.slice(1) : dir);
  };
  const handlers: UsageHandlers = {
    getUsage: async (range) => usage.overview(range ?? {}),
    getUsageReport: async (q) => usage.report(q),
    getProjectUsage: async ({ folders }) => usage.projectTotals(folders, f.layout.workspaceDir),
    getBudgets: async () => budgetStatesNow(),
    setBudget: async (b) => {
      await budgets.set(b);
      return recheck();
    },
    removeBudget: async ({ id }) => {
      await budgets.remove(id);
      return recheck();
    },
    budgetsOver: async (where) => {
      const dir = await projectDirOf(where);
      return budgetsOver(await budgetStatesNow(), dir ? usage.projectOf(dir) : undefined);
    },
  };
  return { usage, handlers, budgets };
}

export interface UsageOnlyOptions {
  env: NodeJS.ProcessEnv;
  layout?: DataDirLayout;
  warn?: (message: string) => void;
}

/**
 * `claude-desk usage`: only what its figures need — the data dir, the History index as it is on disk (not
 * refreshed: its titles and folders, and the kept copies of deleted sessions it found), the ledger and the
 * sessions' threads — then the same UsageService the app's view reads, so the figures are the app's. The ledger
 * still reads every file that changed since. Undefined when the History was never indexed here: then the whole
 * app builds it first (the folders it names are where the rows go; Settings decide whether copies are kept).
 */
export async function openUsageOnly({ env, layout = resolveDataDir({ env }), warn = () => {} }: UsageOnlyOptions) {
  const index = await HistoryIndex.open({
    stateDir: layout.stateDir,
    projectsDir: cliProjectsDir(env),
    onWarning: warn,
  });
  if (index.list().length === 0) {
    index.close();
    return undefined;
  }
  const ledger = await UsageLedger.open({ stateDir: layout.stateDir, history: index, onWarning: warn });
  const sessions = new SessionsStore(layout.sessionsFile, warn);
  const usage = new UsageService({
    ledger,
    index,
    stateDir: layout.stateDir,
    onWarning: warn,
    threadsBySession: () => sessions.threadsBySession(),
    refreshIndex: false,
  });
  return { usage, close: () => index.close() };
}
