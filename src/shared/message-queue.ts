import type { ImageAttachment } from './threads';

/** A message typed while a turn ran, waiting its turn. Its id becomes the user message's id. */
export interface QueuedMessage {
  id: string;
  text: string;
  createdAt: number;
  /** What the renderer shows of the images; the host keeps their bytes until the message is sent. */
  images?: { name?: string; mediaType: ImageAttachment['mediaType'] }[];
}

/**
 * Why a thread's queue is not about to go. Absent: it goes when the running turn ends. `failed`/`stopped`:
 * the last turn did not finish, so nothing is sent behind the user's back; `idle`: nothing runs (after a
 * restart) — the user sends each with Send now; `limit`: the plan limit was reached, they go by themselves at
 * `resumesAt` (after its reset).
 */
export type QueueHold = 'failed' | 'stopped' | 'idle' | 'limit';

export interface MessageQueueState {
  threadId: string;
  items: QueuedMessage[];
  hold?: QueueHold;
  /** hold `limit`: when the queue goes by itself (epoch ms). */
  resumesAt?: number;
  /** Why the host refused the last queued message it tried to send (it is back at the front). */
  problem?: string;
}
