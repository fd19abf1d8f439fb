/** The thread list's calls and event: create, read, rename, pin, delete, search, a thread's settings. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import { modelRoutingSchema } from '../model-routing';
import { permissionModeSchema } from '../settings';
import type { Thread, ThreadsChangeKind, ThreadSummary, ToolResultPage } from '../threads';
import { id } from './fields';
import type { ThreadsCallName } from './threads-names';

const threadSettings = z
  .object({
    model: modelRoutingSchema.optional(),
    projectDir: z.string().max(4096).optional(),
    systemPrompt: z.string().max(200_000).optional(),
    permissionMode: permissionModeSchema.optional(),
    /** [] = all of the user's servers on. Names as MCP configs allow them; they end up in a CLI argument. */
    disabledMcpServers: z
      .array(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'an MCP server name is letters, digits, _, . or -'))
      .max(100)
      .optional(),
    /** Chosen until the first message; the host makes the worktree and records it (never from a patch). */
    useWorktree: z.boolean().optional(),
    /** Its worktree when Claude first edits (chosen until the first message, as useWorktree). */
    worktreeOnEdit: z.boolean().optional(),
  })
  .strict();

export const threadsCalls = {
  listThreads: call<ThreadSummary[]>()(z.undefined()),
  getThread: call<Thread | null>()(z.object({ threadId: id }).strict()),
  /** A page of a big tool result stored beside the thread (the card's "Show all"), byte offsets; null if none. */
  readToolResult: call<ToolResultPage | null>()(
    z
      .object({
        threadId: id,
        toolUseId: z.string().min(1).max(200),
        offset: z.number().int().min(0).optional(),
        limit: z
          .number()
          .int()
          .min(1)
          .max(4 * 1024 * 1024)
          .optional(),
      })
      .strict(),
  ),
  createThread: call<ThreadSummary>()(
    z
      .object({ title: z.string().max(200).optional(), settings: threadSettings.optional() })
      .strict()
      .optional(),
  ),
  renameThread: call<null>()(z.object({ threadId: id, title: z.string().min(1).max(200) }).strict()),
  deleteThread: call<null>()(z.object({ threadId: id }).strict()),
  /** Answers the thread's settings as saved (the mode Claude Code took, when it took another than asked). */
  updateThreadSettings: call<ThreadSummary['settings'] | null>()(
    z.object({ threadId: id, settings: threadSettings }).strict(),
  ),
  /** Pinned threads sit above the date groups in the sidebar. */
  pinThread: call<null>()(z.object({ threadId: id, pinned: z.boolean() }).strict()),
  searchThreads: call<{ thread: ThreadSummary; snippet: string }[]>()(
    z.object({ query: z.string().max(1000) }).strict(),
  ),
} satisfies CallsOf<ThreadsCallName>;

export interface ThreadsEvents {
  /** `kind` says what changed, so a page re-reads only what it shows of it (absent: anything may have). */
  threadsChanged: { threadId?: string; kind?: ThreadsChangeKind };
}
