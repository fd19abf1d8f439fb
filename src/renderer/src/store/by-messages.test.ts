import { describe, expect, it } from 'vitest';
import type { DeskState } from './desk-state';
import { byMessages } from './by-messages';

describe('byMessages', () => {
  it('derives again only when the id list or the messages record is another one', () => {
    let runs = 0;
    const count = byMessages((s) => {
      runs++;
      return s.messageIds.length;
    });
    const a = { messageIds: ['m1'], messages: {}, draft: 'x' } as unknown as DeskState;
    expect(count(a)).toBe(1);
    expect(count({ ...a, draft: 'xy' } as DeskState)).toBe(1); // another change of the store: not derived again
    expect(runs).toBe(1);
    expect(count({ ...a, messages: {} })).toBe(1);
    expect(count({ ...a, messageIds: ['m1', 'm2'] })).toBe(2);
    expect(runs).toBe(3);
  });
});
