/** Sending a message: the turn, its approvals, the message queue, `/clear`, the pre-warm hint, the turns in flight. */
import * as z from 'zod';
import { call, type CallsOf } from '../contract-call';
import { MAX_IMAGES_PER_MESSAGE } from '../call-names';
import type { LiveTurn } from '../live-turns';
import type { MessageQueueState } from '../message-queue';
import { imageAttachmentSchema } from '../threads';
import { approvalDecisionSchema, type ApprovalFile, type TurnEvent } from '../turn-events';
import { id, messageId, sessionId } from './fields';
import type { TurnsCallName } from './turns-names';

export const turnsCalls = {
  sendMessage: call<{ turnId: string; messageId: string }>()(
    z
      .object({
        threadId: id,
        /** The id the sender gave its optimistic user message: the host stores the message under it. */
        messageId: messageId.optional(),
        /**
         * The id the sender gave the answer it shows at once (its turn): a UUID, so no two senders pick the same.
         * The page shows the question and the answer's place in one render at Enter, not a second on the reply.
         */
        turnId: sessionId.optional(),
        text: z.string().max(1_000_000),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
      })
      .strict(),
  ),
  stopTurn: call<null>()(z.object({ threadId: id, turnId: id.optional() }).strict()),
  /** A message typed while a turn runs waits in the host and goes when the turn ends well. */
  queueMessage: call<MessageQueueState>()(
    z
      .object({
        threadId: id,
        messageId,
        text: z.string().max(1_000_000),
        images: z.array(imageAttachmentSchema).max(MAX_IMAGES_PER_MESSAGE).optional(),
      })
      .strict(),
  ),
  getMessageQueue: call<MessageQueueState>()(z.object({ threadId: id }).strict()),
  editQueuedMessage: call<MessageQueueState>()(
    z.object({ threadId: id, messageId, text: z.string().max(1_000_000) }).strict(),
  ),
  removeQueuedMessage: call<MessageQueueState>()(z.object({ threadId: id, messageId }).strict()),
  /** Stop the running turn (if any) and send this queued message next. */
  sendQueuedNow: call<MessageQueueState>()(z.object({ threadId: id, messageId }).strict()),
  answerApproval: call<null>()(
    z.object({ threadId: id, turnId: id, requestId: id, decision: approvalDecisionSchema }).strict(),
  ),
  /**
   * The file a waiting Write/Edit card is about, as it is on disk now: the card diffs against it. The host finds the
   * path in the pending request (the page names no path) and reads only inside the thread's project folder.
   */
  readApprovalFile: call<ApprovalFile>()(z.object({ threadId: id, turnId: id, requestId: id }).strict()),
  /** `/clear`: the thread's next turn starts a fresh Claude Code session; the messages stay visible. */
  clearSession: call<null>()(z.object({ threadId: id }).strict()),
  /** Hint that the user is about to type in this thread (pre-warm the next turn's CLI process). */
  prepareTurn: call<null>()(z.object({ threadId: id }).strict()),
  /** The host's turns in flight (queued, running, waiting), as every window shows them: a page rebuilds from it. */
  listTurns: call<LiveTurn[]>()(z.undefined()),
} satisfies CallsOf<TurnsCallName>;

export interface TurnsEvents {
  turnEvent: TurnEvent;
  /** A thread's queued messages changed (queued, edited, removed, sent, held). */
  queueChanged: MessageQueueState;
}
