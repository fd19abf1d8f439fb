import { getApi } from '../api';
import type { MessageQueueState } from '../../../shared/message-queue';
import { errorText, type Slice } from './desk-state';
import type { ImageAttachment } from '../../../shared/threads';

/** Messages typed while a turn runs: the host keeps and sends them; this mirrors its state. */
export interface QueueSlice {
  queues: Record<string, MessageQueueState>;
  applyQueue(state: MessageQueueState): void;
  loadQueue(threadId: string): Promise<void>;
  /** Queue in the active thread; false (and a notice) if the host refused, so the composer keeps the text. */
  queueMessage(text: string, images?: ImageAttachment[]): Promise<boolean>;
  editQueued(messageId: string, text: string): Promise<boolean>;
  removeQueued(messageId: string): Promise<boolean>;
  /** Stop the running turn and send this one next (or at once when nothing runs). */
  sendQueuedNow(messageId: string): Promise<boolean>;
}

declare module './desk-state' {
  interface DeskState extends QueueSlice {}
}

/**
 * The active threads' queued messages, as the host last published them. The host owns the queue
 * and sends from it; every action here answers with the new state, and `queueChanged` brings other changes.
 */
export const createQueueSlice: Slice<QueueSlice> = (set, get) => {
  const apply = (state: MessageQueueState): void => set((s) => ({ queues: { ...s.queues, [state.threadId]: state } }));
  /** Runs a queue call; a refusal is a notice (the message stays where it was). */
  const act = async (call: () => Promise<MessageQueueState>, what: string): Promise<boolean> => {
    try {
      apply(await call());
      return true;
    } catch (err) {
      get().pushNotice('error', `${what}: ${errorText(err)}`);
      return false;
    }
  };
  const active = (): string | null => get().activeThreadId;

  return {
    queues: {},
    applyQueue: apply,

    async loadQueue(threadId) {
      try {
        apply(await getApi().getMessageQueue({ threadId }));
      } catch {
        // The thread may be gone or the host not ready: the next queueChanged or reload brings it.
      }
    },

    async queueMessage(text, images) {
      const threadId = active();
      if (!threadId) return false;
      const messageId = crypto.randomUUID();
      return act(
        () => getApi().queueMessage({ threadId, messageId, text, ...(images?.length ? { images } : {}) }),
        'The message could not be queued',
      );
    },

    editQueued(messageId, text) {
      const threadId = active();
      if (!threadId) return Promise.resolve(false);
      return act(() => getApi().editQueuedMessage({ threadId, messageId, text }), 'The queued message was not changed');
    },

    removeQueued(messageId) {
      const threadId = active();
      if (!threadId) return Promise.resolve(false);
      return act(() => getApi().removeQueuedMessage({ threadId, messageId }), 'The queued message was not removed');
    },

    sendQueuedNow(messageId) {
      const threadId = active();
      if (!threadId) return Promise.resolve(false);
      set((s) => ({ sendCount: s.sendCount + 1 })); // the list follows the conversation again
      return act(() => getApi().sendQueuedNow({ threadId, messageId }), 'The queued message was not sent');
    },
  };
};
