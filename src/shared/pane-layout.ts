/**
 * Split panes: several threads side by side in one window. The layout is a pure value changed only by
 * `reducePanes`, so the page, its saved copy and the tests agree on every move. The pane `MAIN_PANE` is the
 * window's own (its thread is the window's open thread, what the sidebar marks and the title names); the others
 * each show a thread of their own, with their own composer.
 */
export const MAIN_PANE = 'main';
/** Four at most: beyond that a pane is too small to read a conversation in at any common screen size. */
export const MAX_PANES = 4;
/** A pane narrower than this (px) cannot show a conversation and its composer: fewer fit side by side. */
export const MIN_PANE_WIDTH = 420;
/** Two rows of panes need this much height (px) each: below it the grid is not offered. */
export const MIN_PANE_HEIGHT = 420;
/** A separator never leaves a pane less than this share of the row or column. */
export const MIN_SHARE = 0.2;

export interface Pane {
  id: string;
  threadId: string | null;
}

/** A window's panes (validated where it is read from disk: pane-layout-schema.ts, kept out of the page's first chunk). */
export interface PaneLayout {
  panes: Pane[];
  focused: string;
  arrangement: 'columns' | 'grid';
  /** Columns: each pane's share of the width. Grid: the left column's and the right's. */
  sizes: number[];
  /** Grid: the top row's share of the height. */
  rowSplit: number;
  /** What each pane's composer held for its thread (by pane id), so a reload loses no typing. */
  drafts?: Record<string, string>;
}

export type Arrangement = PaneLayout['arrangement'];

export type PaneAction =
  /** Open `threadId` in a new pane `id` right after the focused one; the new pane takes focus. */
  | { type: 'open'; id: string; threadId: string }
  /** A pane shows another thread. */
  | { type: 'show'; paneId: string; threadId: string | null }
  /** Close a pane. The main pane cannot go: it takes its neighbour's thread and place, and the neighbour goes. */
  | { type: 'close'; paneId: string }
  /** Exchange two panes' places (their threads and composers travel with them). */
  | { type: 'swap'; a: string; b: string }
  /** Move the separator after column `index` (grid: 0 = the column split, -1 = the row split) to `share`. */
  | { type: 'resize'; index: number; share: number }
  | { type: 'focus'; paneId: string }
  /** Focus the pane `by` places further in reading order (wrapping). */
  | { type: 'focusStep'; by: number }
  | { type: 'arrange'; arrangement: Arrangement }
  /** A saved layout back, without panes whose thread is gone (`threadIds`: the threads that exist). */
  | { type: 'restore'; saved: unknown; threadIds: ReadonlySet<string> };

export const singlePane = (threadId: string | null = null): PaneLayout => ({
  panes: [{ id: MAIN_PANE, threadId }],
  focused: MAIN_PANE,
  arrangement: 'columns',
  sizes: [1],
  rowSplit: 0.5,
});

const even = (n: number): number[] => Array.from({ length: n }, () => 1 / n);
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
/** Sizes for the layout's panes: columns one per pane, a grid its two columns; anything else starts even. */
function fitSizes(layout: PaneLayout): number[] {
  const n = layout.arrangement === 'grid' && layout.panes.length > 2 ? 2 : layout.panes.length;
  const { sizes } = layout;
  const sum = sizes.reduce((a, b) => a + b, 0);
  return sizes.length === n && Math.abs(sum - 1) < 1e-6 && sizes.every((s) => s >= MIN_SHARE - 1e-9) ? sizes : even(n);
}
const withPanes = (layout: PaneLayout, panes: Pane[], focused = layout.focused): PaneLayout => {
  const next = { ...layout, panes, focused: panes.some((p) => p.id === focused) ? focused : MAIN_PANE };
  // A change in the number of panes shares the width evenly again; the grid is for three or four.
  if (panes.length !== layout.panes.length) next.sizes = [];
  if (panes.length < 3) next.arrangement = 'columns';
  return { ...next, sizes: fitSizes(next) };
};

export function reducePanes(layout: PaneLayout, action: PaneAction): PaneLayout {
  const at = (id: string): number => layout.panes.findIndex((p) => p.id === id);
  switch (action.type) {
    case 'open': {
      if (layout.panes.length >= MAX_PANES || at(action.id) >= 0) return layout;
      const panes = [...layout.panes];
      panes.splice(at(layout.focused) + 1, 0, { id: action.id, threadId: action.threadId });
      return withPanes(layout, panes, action.id);
    }
    case 'show': {
      const i = at(action.paneId);
      if (i < 0 || layout.panes[i]!.threadId === action.threadId) return layout;
      const panes = layout.panes.map((p, j) => (j === i ? { ...p, threadId: action.threadId } : p));
      return { ...layout, panes };
    }
    case 'close': {
      const i = at(action.paneId);
      if (i < 0 || layout.panes.length === 1) return layout;
      const drafts = dropDraft(layout.drafts, action.paneId);
      if (action.paneId !== MAIN_PANE) {
        // Focus goes to the pane that took the closed one's place (or the one before it).
        const panes = layout.panes.filter((_, j) => j !== i);
        const focus = layout.focused === action.paneId ? panes[Math.min(i, panes.length - 1)]!.id : layout.focused;
        return { ...withPanes(layout, panes, focus), ...(drafts ? { drafts } : {}) };
      }
      const n = i + 1 < layout.panes.length ? i + 1 : i - 1;
      const neighbour = layout.panes[n]!;
      const panes = layout.panes
        .map((p, j) => (j === i ? { ...p, threadId: neighbour.threadId } : p))
        .filter((_, j) => j !== n);
      const focus = layout.focused === neighbour.id || layout.focused === MAIN_PANE ? MAIN_PANE : layout.focused;
      return { ...withPanes(layout, panes, focus), drafts: dropDraft(layout.drafts, neighbour.id) ?? {} };
    }
    case 'swap': {
      const i = at(action.a);
      const j = at(action.b);
      if (i < 0 || j < 0 || i === j) return layout;
      const panes = [...layout.panes];
      [panes[i], panes[j]] = [panes[j]!, panes[i]!];
      return { ...layout, panes };
    }
    case 'resize': {
      if (action.index === -1) return { ...layout, rowSplit: clamp(action.share, MIN_SHARE, 1 - MIN_SHARE) };
      const sizes = [...layout.sizes];
      const i = action.index;
      if (i < 0 || i + 1 >= sizes.length) return layout;
      // The separator moves between its two panes only: the others keep their width.
      const before = sizes.slice(0, i).reduce((a, b) => a + b, 0);
      const pair = sizes[i]! + sizes[i + 1]!;
      const left = clamp(action.share - before, MIN_SHARE, pair - MIN_SHARE);
      sizes[i] = left;
      sizes[i + 1] = pair - left;
      return { ...layout, sizes };
    }
    case 'focus':
      return at(action.paneId) < 0 || layout.focused === action.paneId ? layout : { ...layout, focused: action.paneId };
    case 'focusStep': {
      const n = layout.panes.length;
      const next = layout.panes[(((at(layout.focused) + action.by) % n) + n) % n]!;
      return next.id === layout.focused ? layout : { ...layout, focused: next.id };
    }
    case 'arrange': {
      const arrangement = layout.panes.length > 2 ? action.arrangement : 'columns';
      if (arrangement === layout.arrangement) return layout;
      const next = { ...layout, arrangement, sizes: [] };
      return { ...next, sizes: fitSizes(next) };
    }
    case 'restore':
      return restorePanes(action.saved, action.threadIds, layout);
  }
}

function dropDraft(drafts: PaneLayout['drafts'], paneId: string): PaneLayout['drafts'] {
  if (!drafts || !(paneId in drafts)) return drafts;
  const { [paneId]: _gone, ...rest } = drafts;
  return rest;
}

/**
 * A saved layout as it can be shown now: a pane whose thread was deleted meanwhile (here or in another window) is
 * left out; the main pane always stays (its own thread is the window's to restore). Anything unreadable: `current`.
 */
function restorePanes(saved: unknown, threadIds: ReadonlySet<string>, current: PaneLayout): PaneLayout {
  const parsed = readLayout(saved);
  if (!parsed) return current;
  const main = current.panes.find((p) => p.id === MAIN_PANE) ?? { id: MAIN_PANE, threadId: null };
  const seen = new Set<string>();
  const panes = parsed.panes.flatMap((p): Pane[] => {
    if (seen.has(p.id)) return [];
    seen.add(p.id);
    if (p.id === MAIN_PANE) return [main];
    return p.threadId !== null && threadIds.has(p.threadId) ? [p] : [];
  });
  if (!seen.has(MAIN_PANE)) panes.unshift(main);
  const kept = new Set(panes.map((p) => p.id));
  const drafts = Object.fromEntries(Object.entries(parsed.drafts ?? {}).filter(([id]) => kept.has(id)));
  const next: PaneLayout = { ...parsed, panes, drafts };
  if (panes.length < 3) next.arrangement = 'columns';
  if (panes.length !== parsed.panes.length) next.sizes = [];
  return {
    ...next,
    focused: kept.has(next.focused) ? next.focused : MAIN_PANE,
    sizes: fitSizes(next),
    rowSplit: clamp(next.rowSplit, MIN_SHARE, 1 - MIN_SHARE),
  };
}

/**
 * How many panes the space shows at once: columns as wide as `MIN_PANE_WIDTH` allows, and four as a 2×2 grid
 * when two columns fit and the height takes two rows. `width`/`height`: the panes' area (px).
 */
export function paneCapacity(width: number, height: number): { columns: number; grid: boolean; most: number } {
  const columns = clamp(Math.floor(width / MIN_PANE_WIDTH), 1, MAX_PANES);
  const grid = columns >= 2 && height >= 2 * MIN_PANE_HEIGHT;
  return { columns, grid, most: grid ? MAX_PANES : columns };
}

const isShare = (n: unknown): n is number => typeof n === 'number' && n >= 0 && n <= 1;

/**
 * A saved layout read as the page may trust it, or undefined: the same rules as the host's schema
 * (pane-layout-schema.ts), written out so zod stays out of the page's first chunk.
 */
function readLayout(saved: unknown): PaneLayout | undefined {
  if (!saved || typeof saved !== 'object') return undefined;
  const o = saved as Record<string, unknown>;
  const panes: Pane[] = [];
  if (!Array.isArray(o.panes) || o.panes.length < 1 || o.panes.length > MAX_PANES) return undefined;
  for (const p of o.panes as unknown[]) {
    const { id, threadId } = (p ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || id.length < 1 || id.length > 40) return undefined;
    if (threadId !== null && (typeof threadId !== 'string' || threadId.length > 200)) return undefined;
    panes.push({ id, threadId });
  }
  const { focused, arrangement, sizes, rowSplit, drafts } = o;
  if (typeof focused !== 'string' || focused.length < 1 || focused.length > 40) return undefined;
  if (arrangement !== 'columns' && arrangement !== 'grid') return undefined;
  if (!Array.isArray(sizes) || sizes.length > MAX_PANES || !sizes.every(isShare) || !isShare(rowSplit))
    return undefined;
  let kept: Record<string, string> | undefined;
  if (drafts !== undefined) {
    if (!drafts || typeof drafts !== 'object') return undefined;
    const entries = Object.entries(drafts);
    if (!entries.every(([k, v]) => k.length <= 40 && typeof v === 'string' && v.length <= 200_000)) return undefined;
    kept = Object.fromEntries(entries) as Record<string, string>;
  }
  return { panes, focused, arrangement, sizes, rowSplit, ...(kept ? { drafts: kept } : {}) };
}
