/** The saved pane layout's schema (window-state.ts reads it from disk); zod stays out of the page's first chunk. */
import * as z from 'zod';
import { MAX_PANES, type PaneLayout } from './pane-layout';

const paneSchema = z.object({ id: z.string().min(1).max(40), threadId: z.string().max(200).nullable() }).strict();

export const paneLayoutSchema = z
  .object({
    panes: z.array(paneSchema).min(1).max(MAX_PANES),
    focused: z.string().min(1).max(40),
    arrangement: z.enum(['columns', 'grid']),
    /** Columns: each pane's share of the width. Grid: the left column's and the right's. */
    sizes: z.array(z.number().min(0).max(1)).max(MAX_PANES),
    /** Grid: the top row's share of the height. */
    rowSplit: z.number().min(0).max(1),
    /** What each pane's composer held for its thread (by pane id), so a reload loses no typing. */
    drafts: z.record(z.string().max(40), z.string().max(200_000)).optional(),
  })
  .strict();

// The schema and the page's type say the same thing.
export type SameShape =
  z.infer<typeof paneLayoutSchema> extends PaneLayout
    ? PaneLayout extends z.infer<typeof paneLayoutSchema>
      ? true
      : never
    : never;
const same: SameShape = true;
void same;
