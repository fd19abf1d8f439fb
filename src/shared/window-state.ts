/**
 * What a window remembers between reloads and restarts (continuity): the thread that was
 * open and where it was scrolled, drafts, the sidebar's state. Kept by the host, not in the page's
 * localStorage: browser mode's origin carries an ephemeral port, so a page store would be new each run.
 */
import * as z from 'zod';
import { MAX_SAVED_DRAFTS, MAX_SAVED_SCROLLS, WINDOW_KEY } from './window-state-limits';
import { paneLayoutSchema } from './pane-layout-schema';

const id = z.string().min(1).max(200);
/** A reader's place in a thread: the message at the top of the view and how far into it (px). */
const scrollAnchor = z.object({ messageId: id, offset: z.number().finite() }).strict();

export { MAX_SAVED_DRAFTS, MAX_SAVED_SCROLLS } from './window-state-limits';

export const windowStateSchema = z
  .object({
    activeThreadId: id.nullable().optional(),
    sidebarCollapsed: z.boolean().optional(),
    /** Composer text by thread id ('' = the composer before any thread exists). */
    drafts: z
      .record(z.string().max(200), z.string().max(200_000))
      .refine((d) => Object.keys(d).length <= MAX_SAVED_DRAFTS, `at most ${MAX_SAVED_DRAFTS} drafts`)
      .optional(),
    /** Where each thread was scrolled; absent = at the latest message. */
    scroll: z
      .record(id, scrollAnchor)
      .refine((d) => Object.keys(d).length <= MAX_SAVED_SCROLLS, `at most ${MAX_SAVED_SCROLLS} scroll positions`)
      .optional(),
    /** The sidebar's project (folder) filter; absent = every project. */
    projectFilter: z.string().max(4096).nullable().optional(),
    /** The sidebar's project groups folded away and pinned on top (project dirs, '' = the default workspace). */
    collapsedProjects: z.array(z.string().max(4096)).max(500).optional(),
    pinnedProjects: z.array(z.string().max(4096)).max(500).optional(),
    /** Split panes: the threads side by side and their places (pane-layout.ts); absent = one pane. */
    panes: paneLayoutSchema.optional(),
  })
  .strict();

export type WindowState = z.infer<typeof windowStateSchema>;

/**
 * Which desktop window a page is (each keeps its own place): `main` is the first window, others are named when they
 * open. A file name is made from it, hence the narrow alphabet.
 */
export const windowKeySchema = z.string().regex(WINDOW_KEY);
export const MAIN_WINDOW = 'main';
/** The window state a page saves, with the window it is (absent = the first window, and browser mode's tabs). */
export const windowStatePatchSchema = windowStateSchema.extend({ window: windowKeySchema.optional() }).strict();
export type ScrollAnchor = z.infer<typeof scrollAnchor>;
