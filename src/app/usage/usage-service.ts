/**
 * Usage for every front door: the ledger read up to date, each message counted once, grouped as asked. Sessions are
 * named and placed as the History names them (a worktree's under its repository), and tied to the thread that
 * continues them.
 */
import type { ProjectUsage, UsageBlock, UsageGrouping, UsageOverview, UsageRow } from '../../shared/usage';
import type { HistoryIndex } from '../../core/history/history-index';
import { projectFromSlug } from '../../core/history/cli-projects-dir';
import { repositoryOf } from '../../core/history/worktree-repository';
import { countedMessages, type CountedMessage } from '../../core/usage/counted-messages';
import type { UsageLedger } from '../../core/usage/usage-ledger';
import type { PlanWindowsStore } from '../../core/usage/plan-windows-store';
import { usageBlocks } from '../../core/usage/usage-blocks';
import { usageOverview } from '../../core/usage/usage-overview';
import { readRollup, rollUp, rollupItems, writeRollup, type RollupEntry } from '../../core/usage/usage-rollup';
import {
  addDays,
  dayOf,
  groupRows,
  inDays,
  sumOf,
  usageItems,
  type DescribeSession,
  type UsageItem,
} from '../../core/usage/usage-report';

export interface UsageServiceDeps {
  ledger: UsageLedger;
  index: HistoryIndex;
  /** Where the rollup is kept (the ledger's state folder). */
  stateDir: string;
  /** Session id → the thread that continues it. */
  threadsBySession: () => Promise<Map<string, string>>;
  now?: () => number;
  /**
   * Bring the History index up to date before each read (default). Off (the command line), the index is used as
   * it is on disk: titles and folders as the History last read them; the figures are the ledger's either way.
   */
  refreshIndex?: boolean;
  /** The plan's windows as the CLI last reported them (the view shows them "as of" then). */
  planWindows?: PlanWindowsStore;
  onWarning?: (message: string) => void;
}

export class UsageService {
  private counted: { version: number; messages: CountedMessage[] } | undefined;
  private items: { version: number; items: UsageItem[] } | undefined;
  private rollup: { generation: string; entries: RollupEntry[] } | undefined;

  constructor(private readonly deps: UsageServiceDeps) {}

  async overview(range: { since?: string; until?: string } = {}): Promise<UsageOverview> {
    const describe = await this.refresh();
    const items = await this.messageItems(describe);
    const overview = usageOverview(items, {
      ...range,
      now: this.now(),
      describe,
      unreadable: this.deps.ledger.unreadable,
    });
    const planWindows = await this.deps.planWindows?.read();
    return planWindows ? { ...overview, planWindows } : overview;
  }

  /**
   * Rows from the rollup (read from disk when no file changed since it was made); the 5-hour blocks, which need
   * every message's time, unless `blocks: false`.
   */
  async report(q: {
    since?: string;
    until?: string;
    by?: UsageGrouping;
    blocks?: boolean;
  }): Promise<{ rows: UsageRow[]; blocks: UsageBlock[] }> {
    const describe = await this.refresh();
    const rolled = inDays(rollupItems(await this.rolled(), describe), q.since, q.until);
    const rows = groupRows(rolled, q.by ?? 'day', describe);
    if (q.blocks === false) return { rows, blocks: [] };
    const items = inDays(await this.messageItems(describe), q.since, q.until);
    return { rows, blocks: usageBlocks(items, this.now()) };
  }

  /** The counted messages by session, day and model, placed (what budgets are measured against). */
  async rolledItems(): Promise<UsageItem[]> {
    const describe = await this.refresh();
    return rollupItems(await this.rolled(), describe);
  }

  /** Each folder's last 30 days, every session in it counted (a worktree's under its repository). */
  async projectTotals(folders: readonly string[], workspaceDir: string): Promise<ProjectUsage[]> {
    const until = dayOf(this.now());
    const since = addDays(until, -29);
    const byProject = new Map<string, UsageItem[]>();
    for (const item of inDays(await this.rolledItems(), since, until)) {
      const list = byProject.get(item.project);
      if (list) list.push(item);
      else byProject.set(item.project, [item]);
    }
    return folders.map((folder) => ({
      folder,
      since,
      until,
      figure: sumOf(byProject.get(this.projectOf(folder || workspaceDir)) ?? []),
    }));
  }

  /** Where a folder's sessions are counted (a worktree's under its repository). */
  projectOf(dir: string): string {
    return repositoryOf(dir);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async refresh(): Promise<DescribeSession> {
    const { index, ledger } = this.deps;
    if (this.deps.refreshIndex !== false) await index.refreshAll(); // titles, folders, kept copies of deleted sessions
    await ledger.refresh({ lazy: true });
    const threads = await this.deps.threadsBySession();
    // The folder is cheap (the index's fold); the title is worked out only where a row shows it.
    return (sessionId, slug) => {
      const entry = index.entry(sessionId);
      const threadId = threads.get(sessionId);
      return {
        get title() {
          return index.get(sessionId)?.title ?? `Session ${sessionId.slice(0, 8)}`;
        },
        project: repositoryOf(entry?.fold.project ?? projectFromSlug(entry?.slug ?? slug)),
        ...(threadId ? { threadId } : {}),
      };
    };
  }

  /** One item per counted message (the view's hours and blocks need each message's time). */
  private async messageItems(describe: DescribeSession): Promise<UsageItem[]> {
    const { ledger } = this.deps;
    const messages = await this.countedMessages();
    if (this.items?.version !== ledger.version) {
      this.items = { version: ledger.version, items: usageItems(messages, describe) };
    }
    return this.items.items;
  }

  private async countedMessages(): Promise<CountedMessage[]> {
    const { ledger } = this.deps;
    const files = await ledger.records();
    if (this.counted?.version !== ledger.version) {
      this.counted = { version: ledger.version, messages: countedMessages(files) };
    }
    return this.counted.messages;
  }

  /** The counted messages by session, day and model, at the ledger's generation. */
  private async rolled(): Promise<RollupEntry[]> {
    const { ledger, stateDir } = this.deps;
    const generation = ledger.generation;
    if (this.rollup?.generation === generation && generation) return this.rollup.entries;
    const saved = ledger.recordsRead ? undefined : await readRollup(stateDir, generation);
    let entries = saved;
    if (!entries) {
      entries = rollUp(await this.countedMessages());
      if (generation) {
        await writeRollup(stateDir, generation, entries).catch((err: unknown) =>
          this.deps.onWarning?.(`Could not save the usage rollup: ${String(err)}`),
        );
      }
    }
    this.rollup = { generation, entries };
    return entries;
  }
}
