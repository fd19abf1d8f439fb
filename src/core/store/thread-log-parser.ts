import { BRANCH_KINDS, type ChatMessage, type ThreadBranch, type ThreadSummary } from '../../shared/threads';
import { EMPTY_TOTALS } from '../../shared/turn-reducer';
import { DEFAULT_THREAD_TITLE } from '../../shared/thread-title';
import { correctLegacyCosts, totalsFromMessages } from '../../shared/turn-costs';
import type { ParsedLog } from './thread-log-types';
import { parseLogRecord } from './thread-log-records';

/**
 * Folds log lines, in order, into a thread: the latest snapshot of each message wins, in place; a branch
 * record (a rewind) moves the later messages aside. Fed one line at a time, so a log is never one string.
 */
export class ThreadLogParser {
  private readonly summary: ThreadSummary;
  private readonly messages: ChatMessage[] = [];
  private readonly branches: ThreadBranch[] = [];
  private readonly where = new Map<string, { index: number; chars: number }>();
  private wasteChars = 0;
  private badLines = 0;
  private firstAt: number | undefined;

  constructor(id: string) {
    this.summary = {
      id,
      title: DEFAULT_THREAD_TITLE,
      createdAt: 0,
      updatedAt: 0,
      settings: {},
      totals: { ...EMPTY_TOTALS },
    };
  }

  /** `mayBeTorn`: the file's last line when the file does not end in a newline. */
  line(line: string, mayBeTorn: boolean): void {
    if (line === '') return;
    const summary = this.summary;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A torn last line is the expected trace of a crash mid-write; anything else is worth a warning.
      if (!mayBeTorn) this.badLines++;
      return;
    }
    const rec = parseLogRecord(value);
    if (!rec) {
      this.badLines++;
      return;
    }
    this.firstAt ??= rec.at;
    if (rec.op === 'meta') {
      if (rec.title !== undefined) summary.title = rec.title;
      if (rec.createdAt !== undefined) summary.createdAt = rec.createdAt;
      if (rec.settings) summary.settings = rec.settings;
      if (rec.totals) summary.totals = rec.totals;
      if (rec.pinned !== undefined) summary.pinned = rec.pinned || undefined;
      if (rec.updatedAt !== undefined) summary.updatedAt = Math.max(summary.updatedAt, rec.updatedAt);
      return;
    }
    if (rec.op === 'branch') {
      this.branch(rec);
      return;
    }
    summary.updatedAt = Math.max(summary.updatedAt, rec.at);
    const seen = this.where.get(rec.message.id);
    if (seen) {
      this.messages[seen.index] = rec.message;
      this.wasteChars += seen.chars;
      seen.chars = line.length;
    } else {
      this.where.set(rec.message.id, { index: this.messages.length, chars: line.length });
      this.messages.push(rec.message);
    }
  }

  result(totalChars: number, tornTail: boolean): ParsedLog {
    const summary = this.summary;
    if (!summary.createdAt) summary.createdAt = this.firstAt ?? 0;
    if (!summary.updatedAt) summary.updatedAt = summary.createdAt;
    // A thread saved before per-turn costs: its verdicts hold running session totals, and its totals their sum.
    const costs = correctLegacyCosts(this.messages);
    if (costs.corrected) summary.totals = totalsFromMessages(costs.messages);
    return {
      summary,
      messages: costs.messages,
      wasteChars: this.wasteChars,
      totalChars,
      badLines: this.badLines,
      tornTail,
      branches: this.branches,
    };
  }

  private branch(rec: { branch: ThreadBranch; resumeBranchId?: string }): void {
    const { messages, where, branches } = this;
    const b = rec.branch;
    const from = messages.findIndex((m) => m.id === b.fromMessageId);
    if (from >= 0) {
      for (const m of messages.splice(from)) where.delete(m.id);
    }
    if (rec.resumeBranchId !== undefined) {
      const i = branches.findIndex((x) => x.id === rec.resumeBranchId);
      if (i >= 0) {
        const [back] = branches.splice(i, 1);
        for (const m of back!.messages) {
          where.set(m.id, { index: messages.length, chars: 0 });
          messages.push(m);
        }
      }
    }
    // A branch with nothing in it (rewinding to the last message of a turn that never answered) is not kept.
    // An unknown kind (a newer version's, or a hand-edited log) is dropped: the marker then reads as a rewind.
    if (b.messages.length > 0) {
      const { kind, ...rest } = b;
      branches.push(kind === undefined || BRANCH_KINDS.includes(kind) ? b : rest);
    }
  }
}
