import { describe, expect, it } from 'vitest';
import { MAIN_PANE, paneCapacity, reducePanes, singlePane, type PaneAction, type PaneLayout } from './pane-layout';

const run = (layout: PaneLayout, ...actions: PaneAction[]): PaneLayout => actions.reduce(reducePanes, layout);
const threads = (l: PaneLayout) => l.panes.map((p) => `${p.id}:${p.threadId ?? '-'}`);
const open = (id: string, threadId: string): PaneAction => ({ type: 'open', id, threadId });

describe('reducePanes', () => {
  it('opens a thread beside the focused pane, focuses it and shares the width evenly', () => {
    const l = run(singlePane('a'), open('p1', 'b'));
    expect(threads(l)).toEqual(['main:a', 'p1:b']);
    expect(l.focused).toBe('p1');
    expect(l.sizes).toEqual([0.5, 0.5]);
    // Beside the focused one, not at the end.
    const m = run(l, { type: 'focus', paneId: MAIN_PANE }, open('p2', 'c'));
    expect(threads(m)).toEqual(['main:a', 'p2:c', 'p1:b']);
    expect(m.sizes.every((s) => Math.abs(s - 1 / 3) < 1e-9)).toBe(true);
  });

  it('opens the same thread in two panes, and never more than four panes', () => {
    const l = run(singlePane('a'), open('p1', 'a'), open('p2', 'b'), open('p3', 'c'));
    expect(l.panes).toHaveLength(4);
    expect(run(l, open('p4', 'd'))).toBe(l);
    expect(run(l, open('p1', 'z'))).toBe(l); // an id in use: nothing
  });

  it('closes a pane and gives focus to the one that took its place', () => {
    const l = run(singlePane('a'), open('p1', 'b'), open('p2', 'c'), { type: 'focus', paneId: 'p1' });
    const c = run(l, { type: 'close', paneId: 'p1' });
    expect(threads(c)).toEqual(['main:a', 'p2:c']);
    expect(c.focused).toBe('p2');
    expect(c.sizes).toEqual([0.5, 0.5]);
    const last = run(c, { type: 'close', paneId: 'p2' });
    expect(threads(last)).toEqual(['main:a']);
    expect(last.focused).toBe(MAIN_PANE);
    expect(run(last, { type: 'close', paneId: MAIN_PANE })).toBe(last); // the last pane stays
  });

  it('closing the main pane hands it its neighbour’s thread and place', () => {
    const l = run(singlePane('a'), open('p1', 'b'), open('p2', 'c'));
    const withDrafts = { ...l, drafts: { p1: 'typed in b', p2: 'typed in c' } };
    const c = run(withDrafts, { type: 'focus', paneId: MAIN_PANE }, { type: 'close', paneId: MAIN_PANE });
    expect(threads(c)).toEqual(['main:b', 'p2:c']);
    expect(c.focused).toBe(MAIN_PANE);
    expect(c.drafts).toEqual({ p2: 'typed in c' });
    // The main pane last in the row: its neighbour is the one before it.
    const d = run(l, { type: 'swap', a: MAIN_PANE, b: 'p2' }, { type: 'close', paneId: MAIN_PANE });
    expect(threads(d)).toEqual(['p2:c', 'main:b']);
  });

  it('swaps two panes, threads and all, and keeps focus on the same pane', () => {
    const l = run(singlePane('a'), open('p1', 'b'), { type: 'swap', a: MAIN_PANE, b: 'p1' });
    expect(threads(l)).toEqual(['p1:b', 'main:a']);
    expect(l.focused).toBe('p1');
    expect(run(l, { type: 'swap', a: 'p1', b: 'nope' })).toBe(l);
  });

  it('moves a separator between its two panes only, never below the smallest share', () => {
    const l = run(singlePane('a'), open('p1', 'b'), open('p2', 'c'));
    const r = run(l, { type: 'resize', index: 0, share: 0.4 });
    expect(r.sizes[0]).toBeCloseTo(0.4);
    expect(r.sizes[1]).toBeCloseTo(2 / 3 - 0.4);
    const far = run(l, { type: 'resize', index: 0, share: 0.9 });
    expect(far.sizes[1]).toBeCloseTo(0.2);
    expect(r.sizes[2]).toBeCloseTo(1 / 3); // untouched
    const min = run(l, { type: 'resize', index: 1, share: 0.99 });
    expect(min.sizes[2]).toBeCloseTo(0.2);
    expect(run(l, { type: 'resize', index: 5, share: 0.5 })).toBe(l);
  });

  it('arranges three or four panes as a grid, with a column and a row split', () => {
    const two = run(singlePane('a'), open('p1', 'b'));
    expect(run(two, { type: 'arrange', arrangement: 'grid' }).arrangement).toBe('columns');
    const four = run(two, open('p2', 'c'), open('p3', 'd'), { type: 'arrange', arrangement: 'grid' });
    expect(four.arrangement).toBe('grid');
    expect(four.sizes).toEqual([0.5, 0.5]);
    const rows = run(four, { type: 'resize', index: -1, share: 0.05 });
    expect(rows.rowSplit).toBeCloseTo(0.2);
    // Back to two panes: columns again.
    const back = run(four, { type: 'close', paneId: 'p2' }, { type: 'close', paneId: 'p3' });
    expect(back.arrangement).toBe('columns');
    expect(back.sizes).toEqual([0.5, 0.5]);
  });

  it('steps focus in reading order, wrapping at both ends', () => {
    const l = run(singlePane('a'), open('p1', 'b'), open('p2', 'c'));
    expect(run(l, { type: 'focusStep', by: 1 }).focused).toBe(MAIN_PANE);
    expect(run(l, { type: 'focusStep', by: -1 }).focused).toBe('p1');
    expect(run(l, { type: 'focus', paneId: 'gone' })).toBe(l);
  });

  it('a pane shows another thread', () => {
    const l = run(singlePane('a'), open('p1', 'b'), { type: 'show', paneId: 'p1', threadId: 'c' });
    expect(threads(l)).toEqual(['main:a', 'p1:c']);
  });

  it('restores a saved layout without the panes whose thread was deleted meanwhile', () => {
    const saved = {
      ...run(singlePane('a'), open('p1', 'b'), open('p2', 'c'), { type: 'resize', index: 0, share: 0.4 }),
      drafts: { p1: 'gone with b', p2: 'kept' },
    };
    const l = reducePanes(singlePane('a'), { type: 'restore', saved, threadIds: new Set(['a', 'c']) });
    expect(threads(l)).toEqual(['main:a', 'p2:c']);
    expect(l.focused).toBe('p2');
    expect(l.sizes).toEqual([0.5, 0.5]);
    expect(l.drafts).toEqual({ p2: 'kept' });
    // Everything there: sizes and focus as saved.
    const all = reducePanes(singlePane('a'), { type: 'restore', saved, threadIds: new Set(['a', 'b', 'c']) });
    expect(all.focused).toBe('p2');
    const focusLost = { ...saved, focused: 'p1' };
    expect(reducePanes(singlePane('a'), { type: 'restore', saved: focusLost, threadIds: new Set(['a']) }).focused).toBe(
      MAIN_PANE,
    );
    expect(all.sizes[0]).toBeCloseTo(0.4);
  });

  it('keeps the current layout when the saved one is unreadable, and the main pane when it was left out', () => {
    const now = singlePane('a');
    expect(reducePanes(now, { type: 'restore', saved: { panes: 'x' }, threadIds: new Set() })).toBe(now);
    expect(reducePanes(now, { type: 'restore', saved: undefined, threadIds: new Set() })).toBe(now);
    const noMain = {
      panes: [{ id: 'p1', threadId: 'b' }],
      focused: 'p1',
      arrangement: 'grid',
      sizes: [0.9, 0.05],
      rowSplit: 0.5,
    };
    const l = reducePanes(now, { type: 'restore', saved: noMain, threadIds: new Set(['b']) });
    expect(threads(l)).toEqual(['main:a', 'p1:b']);
    expect(l.arrangement).toBe('columns');
    expect(l.sizes).toEqual([0.5, 0.5]);
  });
});

describe('paneCapacity', () => {
  it('fits two panes at 1280 px with the sidebar, four on a 1920×1080 screen, one at 800 px', () => {
    expect(paneCapacity(1280 - 260, 800 - 40).most).toBe(2);
    expect(paneCapacity(1920 - 260, 1080 - 40)).toEqual({ columns: 3, grid: true, most: 4 });
    expect(paneCapacity(2560, 700).most).toBe(4);
    expect(paneCapacity(800 - 0, 600).most).toBe(1);
  });
});
