/** The composer's pickers: slash commands and models, and the @-picker's project files. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import type { ComposerCatalog, FileMatch } from '../composer';
import { id } from './fields';
import type { ComposerCallName } from './composer-names';

export const composerCalls = {
  /** The composer's pickers: the CLI's slash commands and models for this thread's folder. */
  getComposerCatalog: call<ComposerCatalog>()(z.object({ threadId: id.optional() }).strict().optional()),
  /**
   * The @-picker: files of the thread's project folder matching what was typed after `@`. `indexing`: the
   * folder is still being listed and the answer covers the `total` files found so far (ask again shortly);
   * `refreshing`: the answer comes from the last whole listing while a newer one is made (ask again shortly).
   */
  searchProjectFiles: call<{
    matches: FileMatch[];
    truncated: boolean;
    total: number;
    indexing: boolean;
    refreshing: boolean;
  }>()(
    z
      .object({
        threadId: id.optional(),
        query: z.string().max(1000),
        limit: z.number().int().min(1).max(200).optional(),
      })
      .strict(),
  ),
} satisfies CallsOf<ComposerCallName>;
