/** The fake host's answers to the turns calls (composed with the others in fake-api.ts). */
import type { TurnsCallName } from '../../../../shared/contract/turns-names';
import type { QueuedMessage } from '../../../../shared/message-queue';
import type { FakeAnswers, FakeContext } from './host';

export function turnsAnswers({ fake, nextTurn }: FakeContext): FakeAnswers<TurnsCallName> {
  const queueOf = (threadId: string): QueuedMessage[] => fake.queues.get(threadId) ?? [];
  const setQueue = (threadId: string, items: QueuedMessage[]) => {
    fake.queues.set(threadId, items);
    return { threadId, items };
  };
  return {
    sendMessage: (input: { messageId?: string }) => {
      const n = nextTurn();
      return { turnId: `turn-${n}`, messageId: input.messageId ?? `msg-${n}` };
    },
    stopTurn: () => null,
    queueMessage: (input: { threadId: string; messageId: string; text: string }) =>
      setQueue(input.threadId, [...queueOf(input.threadId), { id: input.messageId, text: input.text, createdAt: 1 }]),
    getMessageQueue: ({ threadId }: { threadId: string }) => ({ threadId, items: queueOf(threadId) }),
    editQueuedMessage: (input: { threadId: string; messageId: string; text: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).map((m) => (m.id === input.messageId ? { ...m, text: input.text } : m)),
      ),
    removeQueuedMessage: (input: { threadId: string; messageId: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).filter((m) => m.id !== input.messageId),
      ),
    sendQueuedNow: (input: { threadId: string; messageId: string }) =>
      setQueue(
        input.threadId,
        queueOf(input.threadId).filter((m) => m.id !== input.messageId),
      ),
    answerApproval: () => null,
    readApprovalFile: () => ({ state: 'gone' }),
    prepareTurn: () => null,
    clearSession: () => null,
    listTurns: () => [],
  };
}
