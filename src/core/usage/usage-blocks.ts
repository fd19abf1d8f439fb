/**
 * The 5-hour blocks, counted as ccusage counts its "blocks" (the windows a subscription's 5-hour limit runs in): a
 * block starts at the hour of the first message after the last block ended, and holds every message until 5 hours
 * after that start or until 5 hours pass without a message. It is open while now is inside it and its last message is
 * under 5 hours old; an open block's burn rate is over the time from its first message to now, projected to its end.
 */
import { addFigure, emptyFigure, totalTokens, type UsageBlock } from '../../shared/usage';
import type { UsageItem } from './usage-report';

export const BLOCK_MS = 5 * 3_600_000;
const HOUR = 3_600_000;

export function usageBlocks(items: readonly UsageItem[], now: number): UsageBlock[] {
  const sorted = [...items].sort((a, b) => a.at - b.at);
  const blocks: UsageBlock[] = [];
  let block: UsageBlock | undefined;
  let firstAt = 0;
  for (const i of sorted) {
    if (!block || i.at - block.startAt > BLOCK_MS || i.at - block.lastAt > BLOCK_MS) {
      const startAt = Math.floor(i.at / HOUR) * HOUR;
      block = { startAt, endAt: startAt + BLOCK_MS, lastAt: i.at, open: false, ...emptyFigure() };
      blocks.push(block);
      firstAt = i.at;
    }
    addFigure(block, i.figure);
    block.lastAt = i.at;
  }
  if (block && now >= block.startAt && now < block.endAt && now - block.lastAt < BLOCK_MS) {
    block.open = true;
    block.burn = burnOf(block, firstAt, now);
  }
  return blocks.reverse();
}

function burnOf(b: UsageBlock, firstAt: number, now: number): UsageBlock['burn'] {
  const minutes = Math.max(1, (now - firstAt) / 60_000);
  const tokens = totalTokens(b);
  const tokensPerMinute = tokens / minutes;
  const costPerMinute = b.cost / minutes;
  const left = Math.max(0, (b.endAt - now) / 60_000);
  return {
    tokensPerMinute,
    costPerHour: costPerMinute * 60,
    projectedTokens: Math.round(tokens + tokensPerMinute * left),
    projectedCost: b.cost + costPerMinute * left,
  };
}
