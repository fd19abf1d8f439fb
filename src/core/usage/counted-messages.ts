/**
 * Each API message counted once, by ccusage's rule (so that day, model and session totals equal its own): files in
 * path order, lines in file order; a message is known by its message id and request id. The CLI writes one message's
 * usage on several lines (one per content block), a forked session copies its parent's lines, a kept copy repeats a
 * deleted file's: each is one message. A sidechain line that repeats a main-chain message under another request id
 * (`/btw` replays) is the same message too. Of two lines for one message, the main chain's wins, then the larger
 * total; a tie keeps the first (so a fork's copied messages stay with the session they were first written in).
 */
import { totalTokens } from '../../shared/usage';
import type { LedgerFile } from './usage-ledger';
import { R, type UsageRecord } from './usage-line';

export interface CountedMessage {
  r: UsageRecord;
  file: LedgerFile;
}

const tokensOf = (r: UsageRecord) =>
  totalTokens({ input: r[R.input], output: r[R.output], cacheWrite: r[R.cacheWrite], cacheRead: r[R.cacheRead] });

function replaces(candidate: UsageRecord, existing: UsageRecord): boolean {
  if (candidate[R.sidechain] !== existing[R.sidechain]) return existing[R.sidechain] === 1;
  return tokensOf(candidate) > tokensOf(existing);
}

export function countedMessages(files: readonly LedgerFile[]): CountedMessage[] {
  const out: CountedMessage[] = [];
  // Message id → the indexes of the counted messages with that id (almost always one): the exact match (same request
  // id) is looked for among them first, then a sidechain replay.
  const byMessage = new Map<string, number[]>();
  for (const file of files) {
    for (const r of file.records) {
      const messageId = r[R.messageId];
      const list = messageId === null ? undefined : byMessage.get(messageId);
      if (!list) {
        const index = out.push({ r, file }) - 1;
        if (messageId !== null) byMessage.set(messageId, [index]);
        continue;
      }
      const requestId = r[R.requestId];
      const found =
        list.find((i) => out[i]!.r[R.requestId] === requestId) ??
        list.find((i) => r[R.sidechain] === 1 || out[i]!.r[R.sidechain] === 1);
      if (found === undefined) list.push(out.push({ r, file }) - 1);
      else if (replaces(r, out[found]!.r)) out[found] = { r, file };
    }
  }
  return out;
}
