import { activityLine, orderBoardRows, type BoardRow, type BoardState } from '../../shared/board';
import type { AssistantMessage, ThreadSummary } from '../../shared/threads';
import type { TurnEvent } from '../../shared/turn-events';
import type { ChangeCounts } from '../../shared/worktree';
import { tokenCounts } from '../../shared/turn-costs';
import {
  isAnsweringPhase,
  type TurnOutcomeStatus,
  type TurnPhaseChange,
  type TurnPhaseRecord,
} from '../../core/turn/turn-phases';
import type { FailedTurn, FailedTurnsStore } from '../../core/store/failed-turns-store';

export interface BoardServiceDeps {
  threads: { list(): Promise<ThreadSummary[]> };
  /** The live turns' phases (core/turn/turn-phases.ts), oldest first. */
  live(): TurnPhaseRecord[];
  /** The thread's live answers (its turns still in flight). */
  liveMessages(threadId: string): AssistantMessage[];
  /** Threads whose turn shows an approval card nobody answered yet. */
  waitingThreadIds(): string[];
  /** How many turns hold a place under the cap now. */
  runningCount(): number;
  cap: number;
  /** A worktree thread's changes against its base; null when unknown. Injected: git runs in core/worktree. */
  counts(threadId: string): Promise<ChangeCounts | null>;
  /** Where dismissed rows are kept across restarts (a failed row kept across one stays dismissed); absent: memory. */
  dismissals?: { load(): Promise<Record<string, string>>; save(dismissed: Record<string, string>): Promise<void> };
  /** Turns another live Claude Desk on this data dir runs (another window, the command line). */
  elsewhere?: () => Promise<{ threadId: string }[]>;
  /** Threads whose last turn failed, kept on disk (every process's, across restarts); absent: this process's only. */
  failed?: FailedTurnsStore;
  now?: () => number;
}

/** How a thread's last turn in this process ended, and what it was doing then. */
interface Ended {
  outcome: TurnOutcomeStatus;
  at: number;
  activity: string;
}

/** What a dismissed row was: the same thread reading the same again stays hidden. */
const dismissKey = (row: Pick<BoardRow, 'status' | 'since'>): string => `${row.status}@${row.since}`;

/** A worktree that has not been landed yet: its changes are still the thread's own. */
const UNLANDED = new Set(['pending', 'ready']);

/**
 * The board's rows, built from what the host already knows: the turns' phases (working, queued), the approval cards
 * (needs you), the outcome of each thread's last turn (failed) and the worktrees not landed yet (finished, with
 * their change counts). It keeps only what the phases drop once a turn is over: when it started and how it ended.
 */
export class BoardService {
  private readonly now: () => number;
  /** turnId → when it left the queue (its elapsed "working" time counts from there). */
  private readonly startedAt = new Map<string, number>();
  /** threadId → when its open approval card appeared. */
  private readonly waitingSince = new Map<string, number>();
  private readonly ended = new Map<string, Ended>();
  /** threadId → the failed or finished row the user dismissed (its status and since): hidden while it reads so. */
  private readonly dismissed = new Map<string, string>();
  private loaded: Promise<void> | undefined;
  /** threadId → its counts, dropped when the thread's files may have changed (a tool ran, a turn moved). */
  private readonly countCache = new Map<string, Promise<ChangeCounts | null>>();

  constructor(private readonly deps: BoardServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Follow a turn's phase change (subscribe it to the engine's phases). */
  phaseChanged(change: TurnPhaseChange): void {
    const { threadId, turnId, phase } = change;
    if (phase === 'queued') {
      this.ended.delete(threadId);
      void this.deps.failed?.clear(threadId).catch(() => undefined); // retried: the failure is over
    }
    if (phase === 'preparing') this.startedAt.set(turnId, change.at);
    if (phase === 'closing' && change.outcome) {
      // Taken now: once the turn is over the engine drops its answer, and the row keeps saying what it last did.
      const message = this.deps.liveMessages(threadId).find((m) => m.id === turnId);
      const ended = { outcome: change.outcome, at: change.at, activity: activityLine(message) };
      this.ended.set(threadId, ended);
      if (ended.outcome === 'failed')
        void this.deps.failed?.set(threadId, { at: ended.at, activity: ended.activity }).catch(() => undefined);
      this.waitingSince.delete(threadId);
    }
    if (phase === 'closed' || phase === 'failed' || phase === 'stopped') this.startedAt.delete(turnId);
    this.countCache.delete(threadId);
  }

  /** Follow a turn event: an approval card's time, and a tool result that may have changed the files. */
  turnEvent(event: TurnEvent): void {
    if (event.type === 'approval_request' && !this.waitingSince.has(event.threadId))
      this.waitingSince.set(event.threadId, this.now());
    if (event.type === 'approval_resolved') this.waitingSince.delete(event.threadId);
    if (event.type === 'tool_result') this.countCache.delete(event.threadId);
  }

  /**
   * The user dismissed the thread's failed or finished row: it leaves the board until the thread has something new
   * to show (a next turn, a new failure, a turn that leaves changes). False when the row is not one to dismiss.
   */
  async dismiss(threadId: string): Promise<boolean> {
    const row = (await this.state(false)).rows.find((r) => r.threadId === threadId);
    if (!row || (row.status !== 'failed' && row.status !== 'finished')) return false;
    this.dismissed.set(threadId, dismissKey(row));
    // A failure kept on disk is over for every front door (the command line's agents, a window after a restart).
    if (this.ended.get(threadId)?.outcome === 'failed') this.ended.delete(threadId);
    await this.deps.failed?.clear(threadId);
    // Kept: the threads still there (a deleted thread's dismissal goes with it).
    const threads = new Set((await this.deps.threads.list()).map((t) => t.id));
    for (const id of this.dismissed.keys()) if (!threads.has(id)) this.dismissed.delete(id);
    await this.deps.dismissals?.save(Object.fromEntries(this.dismissed)).catch(() => undefined);
    return true;
  }

  /** The dismissals kept from before, read once (an unreadable file dismisses nothing). */
  private loadDismissed(): Promise<void> {
    this.loaded ??= (this.deps.dismissals?.load() ?? Promise.resolve<Record<string, string>>({})).then(
      (kept) => {
        for (const [id, key] of Object.entries(kept)) if (!this.dismissed.has(id)) this.dismissed.set(id, key);
      },
      () => undefined,
    );
    return this.loaded;
  }

  /** The thread's files changed outside a turn (landed, discarded, rewound): count them again. */
  forget(threadId: string): void {
    this.countCache.delete(threadId);
  }

  async state(hideDismissed = true): Promise<BoardState> {
    await this.loadDismissed();
    const summaries = await this.deps.threads.list();
    const liveByThread = new Map<string, TurnPhaseRecord>();
    for (const record of this.deps.live())
      // A closing turn sent its `finished`: every window shows it over (its last saves still run), so does the board.
      if (isAnsweringPhase(record.phase) && !liveByThread.has(record.threadId))
        liveByThread.set(record.threadId, record);
    const waiting = new Set(this.deps.waitingThreadIds());
    // A journal that cannot be read hides nothing of this instance's own rows.
    const otherInstance = new Set(((await this.deps.elsewhere?.().catch(() => [])) ?? []).map((t) => t.threadId));
    const failed: Record<string, FailedTurn> = (await this.deps.failed?.all().catch(() => ({}))) ?? {};
    const rows = await Promise.all(
      summaries.map((summary) =>
        this.row(
          summary,
          liveByThread.get(summary.id),
          waiting.has(summary.id),
          otherInstance.has(summary.id),
          failed[summary.id],
        ),
      ),
    );
    const shown = rows.filter(
      (r): r is BoardRow => r !== null && !(hideDismissed && this.dismissed.get(r.threadId) === dismissKey(r)),
    );
    return { rows: orderBoardRows(shown), cap: this.deps.cap };
  }

  private async row(
    summary: ThreadSummary,
    live: TurnPhaseRecord | undefined,
    waiting: boolean,
    elsewhere: boolean,
    failedBefore?: FailedTurn,
  ): Promise<BoardRow | null> {
    const worktree = summary.settings.worktree;
    const tokens = tokenCounts(summary.totals);
    const base = {
      threadId: summary.id,
      title: summary.title,
      project: worktree?.repo ?? summary.settings.projectDir ?? '',
      ...(worktree ? { worktreePath: worktree.path, branch: worktree.branch, base: worktree.base } : {}),
      costUsd: summary.totals.costUsd,
      tokens: { in: tokens.in, out: tokens.out },
    };
    const unlanded = worktree !== undefined && UNLANDED.has(worktree.state);
    const changes = unlanded ? await this.countsOf(summary.id) : null;
    if (live) {
      const message = this.deps.liveMessages(summary.id).find((m) => m.id === live.turnId);
      const activity = activityLine(message);
      if (waiting) {
        const card = message?.approvals?.find((c) => !c.outcome);
        const call = message?.parts.find((p) => p.kind === 'tool' && p.toolUseId === card?.request.toolUseId);
        return {
          ...base,
          status: 'needs-you',
          since: this.waitingSince.get(summary.id) ?? live.since,
          activity,
          changes,
          ...(card
            ? { pending: { turnId: live.turnId, card, ...(call?.kind === 'tool' ? { toolInput: call.input } : {}) } }
            : {}),
        };
      }
      if (live.phase === 'queued')
        return { ...base, status: 'queued', since: live.since, activity, changes, running: this.deps.runningCount() };
      return { ...base, status: 'working', since: this.startedAt.get(live.turnId) ?? live.since, activity, changes };
    }
    // Another Claude Desk's turn: working since the thread's last change (its message was saved as the turn began);
    // what it does now is that window's to show.
    if (elsewhere)
      return {
        ...base,
        status: 'working',
        since: summary.updatedAt,
        activity: 'Running in another Claude Desk',
        changes,
        elsewhere: true,
      };
    // This process's own last outcome first; else a failure kept on disk (another process's, or before a restart).
    const ended = this.ended.get(summary.id) ?? (failedBefore && { outcome: 'failed' as const, ...failedBefore });
    if (ended?.outcome === 'failed')
      return { ...base, status: 'failed', since: ended.at, activity: ended.activity, changes };
    // Finished: a made worktree whose changes are still to land (a thread in a shared folder has nothing to land);
    // counts that could not be read (null) keep it on the board rather than hide work not landed.
    if (worktree?.state === 'ready' && (changes === null || changes.files > 0))
      return {
        ...base,
        status: 'finished',
        since: ended?.at ?? summary.updatedAt,
        activity: ended?.activity ?? '',
        changes,
      };
    return null;
  }

  private countsOf(threadId: string): Promise<ChangeCounts | null> {
    let counted = this.countCache.get(threadId);
    if (!counted) {
      // A failed count shows no +/− rather than failing the board.
      counted = this.deps.counts(threadId).catch(() => null);
      this.countCache.set(threadId, counted);
    }
    return counted;
  }
}
