/** Rewind and branches: what a rewind would change, the rewind, the branches set aside, Edit & resend. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import { MAX_IMAGES_PER_MESSAGE } from '../call-names';
import { REWIND_SCOPES, type BranchSummary, type RewindOutcome, type RewindPreview } from '../rewind';
import { imageAttachmentSchema } from '../threads';
import { RESEND_KINDS } from '../turn-states';
import { id } from './fields';
import type { RewindCallName } from './rewind-names';

export const rewindCalls = {
  /** What "Rewind to here" would change: the files (with before/now text for a diff) and what can't be undone. */
  previewRewind: call<RewindPreview>()(z.object({ threadId: id, messageId: id }).strict()),
  /**
   * Restore the files and continue the conversation from before `messageId` (`scope`: both, the default, or one
   * of them); conflicts in `overwrite` are replaced.
   */
  rewindThread: call<RewindOutcome>()(
    z
      .object({
        threadId: id,
        messageId: id,
        overwrite: z.array(z.string().max(4096)).max(10_000).optional(),
        scope: z.enum(REWIND_SCOPES).optional(),
      })
      .strict(),
  ),
  /** The branches rewinds set aside in a thread (summaries; the messages come with getThread). */
  listBranches: call<BranchSummary[]>()(z.object({ threadId: id }).strict()),
  /** Bring a branch a rewind set aside back, with its files; the current messages become a branch. */
  /**
   * Send a user message again from where it was — the conversation forks just before it (what followed
   * stays as a branch; files are untouched) and `text` (edited) or the same text goes as a new message.
   * Edit & resend, Regenerate and Retry are this call.
   */
  resendFrom: call<{ turnId: string; messageId: string }>()(
    z
      .object({
        threadId: id,
        messageId: id,
        text: z.string().max(1_000_000).optional(),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
        /** What the user did, for the branch marker's words (default: `edit` with a text, else `regenerate`). */
        kind: z.enum(RESEND_KINDS).optional(),
      })
      .strict(),
  ),
  switchBranch: call<{ restored: string[]; kept: string[] }>()(z.object({ threadId: id, branchId: id }).strict()),
} satisfies CallsOf<RewindCallName>;
