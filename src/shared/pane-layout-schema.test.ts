import { describe, expect, it } from 'vitest';
import { reducePanes, singlePane } from './pane-layout';
import { paneLayoutSchema } from './pane-layout-schema';

describe("the page's reading of a saved layout and the host's schema", () => {
  const good = {
    panes: [
      { id: 'main', threadId: 'a' },
      { id: 'p2', threadId: 'b' },
    ],
    focused: 'p2',
    arrangement: 'columns',
    sizes: [0.5, 0.5],
    rowSplit: 0.5,
    drafts: { p2: 'half typed' },
  };
  const bad: unknown[] = [
    { ...good, panes: [] },
    { ...good, panes: [{ id: '', threadId: 'a' }] },
    { ...good, panes: [{ id: 'main', threadId: 3 }] },
    { ...good, focused: '' },
    { ...good, arrangement: 'rows' },
    { ...good, sizes: [2] },
    { ...good, rowSplit: -1 },
    { ...good, drafts: { p2: 7 } },
    { ...good, panes: Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, threadId: null })) },
  ];

  it('agree on what is readable', () => {
    const now = singlePane('a');
    const ids = new Set(['a', 'b']);
    expect(paneLayoutSchema.safeParse(good).success).toBe(true);
    expect(reducePanes(now, { type: 'restore', saved: good, threadIds: ids })).not.toBe(now);
    for (const saved of bad) {
      expect(paneLayoutSchema.safeParse(saved).success, JSON.stringify(saved)).toBe(false);
      expect(reducePanes(now, { type: 'restore', saved, threadIds: ids }), JSON.stringify(saved)).toBe(now);
    }
  });
});
