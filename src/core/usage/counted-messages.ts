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
  const byExact = new Map<string, number[]>();
  const byMessage = new Map<string, number[]>();
  const remember = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [index]);
    else if (!list.includes(index)) list.push(index);
  };
  for (const file of files) {
    for (const r of file.records) {
      const messageId = r[R.messageId];
      if (messageId === null) {
        out.push({ r, file });
        continue;
      }
      const exact = `${messageId}\u0000${r[R.requestId] ?? ''}`;
      let found = byExact.get(exact)?.find((i) => out[i]!.r[R.requestId] === r[R.requestId]);
      found ??= byMessage.get(messageId)?.find((i) => r[R.sidechain] === 1 || out[i]!.r[R.sidechain] === 1);
      if (found !== undefined) {
        if (replaces(r, out[found]!.r)) {
          out[found] = { r, file };
          remember(byExact, exact, found);
          remember(byMessage, messageId, found);
        }
        continue;
      }
      const index = out.push({ r, file }) - 1;
      remember(byExact, exact, index);
      remember(byMessage, messageId, index);
    }
  }
  return out;
}
