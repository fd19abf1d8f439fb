import { describe, expect, it } from 'vitest';
import { emptyFigure } from '../../shared/usage';
import { usageBlocks } from './usage-blocks';
import type { UsageItem } from './usage-report';

const H = 3_600_000;
const T0 = Date.UTC(2026, 11, 7, 9, 0);
const item = (at: number, output = 100, cost = 1): UsageItem => ({
  at,
  day: '2026-12-07',
  model: 'claude-sonnet-4-5',
  sessionId: 's',
  project: '/p',
  figure: { ...emptyFigure(), output, cost, messages: 1 },
});

describe('5-hour blocks', () => {
  it('starts a block at the hour of its first message and a new one 5 hours on or after a 5-hour gap', () => {
    const blocks = usageBlocks(
      [item(T0 + 20 * 60_000), item(T0 + 4 * H), item(T0 + 5.5 * H), item(T0 + 11 * H)],
      T0 + 24 * H,
    ).reverse();
    expect(blocks.map((b) => (b.startAt - T0) / H)).toEqual([0, 5, 11]);
    expect(blocks.map((b) => b.messages)).toEqual([2, 1, 1]);
    expect(blocks.every((b) => !b.open && !b.burn)).toBe(true);
  });

  it('says which block is open, its burn rate so far and its projected total at the end', () => {
    const now = T0 + 70 * 60_000; // 10:10, an hour after the first message at 09:10
    const [open] = usageBlocks([item(T0 + 10 * 60_000, 600, 2), item(T0 + H, 600, 2)], now);
    expect(open).toMatchObject({ open: true, startAt: T0, endAt: T0 + 5 * H, output: 1200, cost: 4 });
    expect(open!.burn!.tokensPerMinute).toBeCloseTo(1200 / 60, 9);
    expect(open!.burn!.costPerHour).toBeCloseTo(4, 9);
    // 230 minutes left (to 14:00) at 20 tokens a minute.
    expect(open!.burn!.projectedTokens).toBe(1200 + 20 * 230);
    expect(open!.burn!.projectedCost).toBeCloseTo(4 + (4 / 60) * 230, 9);
  });
});
