/**
 * Usage for every front door: the ledger read up to date, each message counted once, grouped as asked. Sessions are
 * named and placed as the History names them (a worktree's under its repository), and tied to the thread that
 * continues them.
 */
import type { UsageBlock, UsageGrouping, UsageOverview, UsageRow } from '../../shared/usage';
import type { HistoryIndex } from '../../core/history/history-index';
import { projectFromSlug } from '../../core/history/cli-projects-dir';
import { repositoryOf } from '../../core/history/worktree-repository';
import { countedMessages } from '../../core/usage/counted-messages';
import type { UsageLedger } from '../../core/usage/usage-ledger';
import { usageBlocks } from '../../core/usage/usage-blocks';
import { usageOverview } from '../../core/usage/usage-overview';
import { groupRows, inDays, usageItems, type DescribeSession, type UsageItem } from '../../core/usage/usage-report';

export interface UsageServiceDeps {
  ledger: UsageLedger;
  index: HistoryIndex;
  /** Session id → the thread that continues it. */
  threadsBySession: () => Promise<Map<string, string>>;
  now?: () => number;
  /**
   * Bring the History index up to date before each read (default). Off (the command line), the index is used as
   * it is on disk: titles and folders as the History last read them; the figures are the ledger's either way.
   */
  refreshIndex?: boolean;
}

export class UsageService {
  private items: { version: number; items: UsageItem[] } | undefined;

  constructor(private readonly deps: UsageServiceDeps) {}

  async overview(range: { since?: string; until?: string } = {}): Promise<UsageOverview> {
    const { items, describe } = await this.read();
    return usageOverview(items, { ...range, now: this.now(), describe, unreadable: this.deps.ledger.unreadable });
  }

  async report(q: {
    since?: string;
    until?: string;
    by?: UsageGrouping;
  }): Promise<{ rows: UsageRow[]; blocks: UsageBlock[] }> {
    const { items, describe } = await this.read();
    const range = inDays(items, q.since, q.until);
    return { rows: groupRows(range, q.by ?? 'day', describe), blocks: usageBlocks(range, this.now()) };
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async read(): Promise<{ items: UsageItem[]; describe: DescribeSession }> {
    const { index, ledger } = this.deps;
    if (this.deps.refreshIndex !== false) await index.refreshAll(); // titles, folders, kept copies of deleted sessions
    await ledger.refresh();
    const threads = await this.deps.threadsBySession();
    // The folder is cheap (the index's fold); the title is worked out only where a row shows it.
    const describe: DescribeSession = (sessionId, slug) => {
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
    if (this.items?.version !== ledger.version) {
      this.items = { version: ledger.version, items: usageItems(countedMessages(ledger.list()), describe) };
    }
    return { items: this.items.items, describe };
  }
}
