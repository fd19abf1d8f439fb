/**
 * What a line of a thread log must hold to be used, as zod schemas: a line is parsed into `unknown` and
 * narrowed here, never cast. A line that fails is skipped and counted (the store says how many, and the
 * thread shows that something is missing); every other line is kept.
 *
 * Each line is checked cheaply: the record's kind and time, and each message's identity (id, role, time,
 * its text, or its status and parts). A message's inner fields are carried as the app wrote them: checking
 * every field of every snapshot would cost more than reading the line, and a thread log can hold 50 MB.
 * Measured on a 55 MB log: JSON.parse of its lines ~220 ms; these checks ~20 ms; a copying (loose) parse
 * of the same shape ~50 ms — so messages are checked, and the line's own object is kept.
 */
import * as z from 'zod';
import { permissionModeSchema } from '../../shared/settings';
import type { ThreadSettings, ThreadTotals } from '../../shared/threads';
import { TURN_STATUSES } from '../../shared/turn-states';
import { threadWorktreeSchema } from '../../shared/worktree';
import type { LogRecord } from './thread-log-types';

/** Unknown keys are kept: a newer version's fields survive this one's compaction and index. */
export const storedThreadSettingsSchema = z.looseObject({
  model: z.string().optional(),
  projectDir: z.string().optional(),
  systemPrompt: z.string().optional(),
  permissionMode: permissionModeSchema.optional(),
  disabledMcpServers: z.array(z.string()).optional(),
  useWorktree: z.boolean().optional(),
  worktreeOnEdit: z.boolean().optional(),
  worktree: threadWorktreeSchema.optional(),
}) satisfies z.ZodType<ThreadSettings>;

export const threadTotalsSchema = z.looseObject({
  costUsd: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cacheReadTokens: z.number().optional(),
  cacheCreationTokens: z.number().optional(),
  durationMs: z.number(),
  turns: z.number(),
  costBeforeUsd: z.number().optional(),
}) satisfies z.ZodType<ThreadTotals>;

// Checks only (their output is dropped): a plain object schema is zod's fast path.
const userMessageSchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  createdAt: z.number(),
  text: z.string(),
});

const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  createdAt: z.number(),
  status: z.enum(TURN_STATUSES),
  parts: z.array(z.object({ kind: z.string() })),
});

const branchSchema = z.object({
  id: z.string(),
  fromMessageId: z.string(),
  messages: z.array(z.discriminatedUnion('role', [userMessageSchema, assistantMessageSchema])),
});

/** A meta record is a patch: a field of the wrong type is ignored, the record's other fields still apply. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const logRecordSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('meta'),
    at: z.number(),
    title: lenient(z.string()),
    createdAt: lenient(z.number()),
    updatedAt: lenient(z.number()),
    settings: lenient(storedThreadSettingsSchema),
    totals: lenient(threadTotalsSchema),
    pinned: lenient(z.boolean()),
  }),
  z.object({ op: z.literal('user'), at: z.number(), message: userMessageSchema }),
  z.object({ op: z.literal('assistant'), at: z.number(), message: assistantMessageSchema }),
  z.object({ op: z.literal('branch'), at: z.number(), branch: branchSchema, resumeBranchId: z.string().optional() }),
]);

/** One parsed line as a record this version can use; undefined when it is not one. */
export function parseLogRecord(value: unknown): LogRecord | undefined {
  const parsed = logRecordSchema.safeParse(value);
  if (!parsed.success) return undefined;
  // A meta patch as parsed (fields of a wrong type dropped). A message or branch: the line as written, now
  // checked in what every reader relies on; its inner fields are the app's own writes (see above).
  return parsed.data.op === 'meta' ? parsed.data : (value as LogRecord);
}
