import type { BudgetPeriod, BudgetState, ProjectUsage, UsageOverview } from '../../../shared/usage';
import { getApi } from '../api';
import { errorText, type Slice } from './desk-state';
import { singleFlight } from './single-flight';

/** The Usage view's figures (features/usage): read when the view opens or its range changes. */
export interface UsageSlice {
  usage: UsageOverview | null;
  /** The range asked for: none = the last 30 days. */
  usageRange: { since?: string; until?: string };
  usageLoading: boolean;
  usageError: string | null;
  loadUsage(range?: { since?: string; until?: string }): Promise<void>;
  /** Sessions changed (the History's watcher): an open Usage view reads again, one read at a time. */
  usageChanged(): void;
  /** Budgets against their window's spend (the host pushes them after each turn: budgetsChanged). */
  budgets: BudgetState[];
  loadBudgets(): Promise<void>;
  /** null when saved, else the sentence to show. */
  setBudget(b: { period: BudgetPeriod; amountUsd: number; project?: string }): Promise<string | null>;
  removeBudget(id: string): Promise<string | null>;
  /** Each project folder's last 30 days (the project headings), by folder; read only once a heading asks. */
  projectUsage: Record<string, ProjectUsage>;
  /** null when read; else why not. */
  projectUsageError: string | null;
  /** Read these folders' 30 days (with those asked before); read again when sessions change. */
  loadProjectUsage(folders: readonly string[]): Promise<void>;
}

declare module './desk-state' {
  interface DeskState extends UsageSlice {}
}

export const createUsageSlice: Slice<UsageSlice> = (set, get) => {
  // An open Usage view reads again after sessions changed, one read at a time however many changes come.
  const readAgain = singleFlight(() => (get().view === 'usage' ? get().loadUsage() : undefined));
  /** Every folder a heading asked about: read again together when sessions change. */
  const projectFolders = new Set<string>();
  const readProjects = (): Promise<void> =>
    getApi()
      .getProjectUsage({ folders: [...projectFolders] })
      .then(
        (list) => set({ projectUsage: Object.fromEntries(list.map((p) => [p.folder, p])), projectUsageError: null }),
        (err: unknown) => set({ projectUsageError: `Usage could not be read: ${errorText(err)}.` }),
      );
  const readProjectsAgain = singleFlight(() => (projectFolders.size ? readProjects() : undefined));
  return {
    usage: null,
    usageRange: {},
    usageLoading: false,
    usageError: null,

    async loadUsage(range) {
      const asked = range ?? get().usageRange;
      set({ usageRange: asked, usageLoading: true });
      try {
        const usage = await getApi().getUsage(asked);
        // A later ask (another range) wins over an earlier answer.
        if (get().usageRange !== asked) return;
        set({ usage, usageLoading: false, usageError: null });
      } catch (err) {
        if (get().usageRange !== asked) return;
        set({
          usageLoading: false,
          usageError: `Usage could not be read: ${errorText(err)}. Choose Refresh to try again.`,
        });
      }
    },

    budgets: [],
    async loadBudgets() {
      try {
        set({ budgets: await getApi().getBudgets() });
      } catch {
        // Budgets unread: sending is not held up by them (the host checks again on the command line).
      }
    },
    async setBudget(b) {
      try {
        set({ budgets: await getApi().setBudget(b) });
        return null;
      } catch (err) {
        return `The budget could not be saved: ${errorText(err)}.`;
      }
    },
    async removeBudget(id) {
      try {
        set({ budgets: await getApi().removeBudget({ id }) });
        return null;
      } catch (err) {
        return `The budget could not be removed: ${errorText(err)}.`;
      }
    },

    projectUsage: {},
    projectUsageError: null,
    async loadProjectUsage(folders) {
      const known = get().projectUsage;
      const fresh = folders.filter((f) => !projectFolders.has(f));
      if (fresh.length === 0 && folders.every((f) => known[f])) return;
      for (const f of folders) projectFolders.add(f);
      await readProjects();
    },

    usageChanged() {
      readProjectsAgain();
      readAgain();
    },
  };
};
