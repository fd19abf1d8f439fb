import path from 'node:path';
import type { DeskHandlers } from '../../shared/contract';
import { MessageQueueStore } from '../../core/store/message-queue-store';
import type { ThreadsStore } from '../../core/store/threads-store';
import type { DeskFoundation } from '../settings/desk-foundation';
import { MessageQueue } from './message-queue';
import type { TurnsPort } from './turns-port';
import type { ThreadPeerHooks } from '../threads/thread-peers';

type QueueHandlers = Pick<
  DeskHandlers,
  'queueMessage' | 'getMessageQueue' | 'editQueuedMessage' | 'removeQueuedMessage' | 'sendQueuedNow'
>;

/** Messages typed while a turn runs, waiting in order; each is sent the way sendMessage sends. */
export function wireQueue(
  f: Pick<DeskFoundation, 'layout' | 'log' | 'warn' | 'bus'>,
  threads: ThreadsStore,
  turns: Pick<TurnsPort, 'start' | 'stop' | 'isAnswering'>,
  peers: Pick<ThreadPeerHooks, 'onBeforeDelete'>,
) {
  const { layout, log, warn, bus } = f;
  const store = new MessageQueueStore(path.join(layout.stateDir, 'queued-messages.json'), warn);
  const queue = new MessageQueue({
    store,
    send: turns.start,
    stop: (threadId) => turns.stop(threadId),
    isBusy: (threadId) => turns.isAnswering(threadId),
    emit: (state) => bus.emit('queueChanged', state),
    log: (m) => log.warn(m),
  });
  bus.on('turnEvent', (e) => queue.onTurnEvent(e));
  peers.onBeforeDelete((threadId) => queue.forget(threadId)); // a deleted thread's queued messages go with it
  const handlers: QueueHandlers = {
    queueMessage: async ({ threadId, messageId, text, images }) => {
      if (!(await threads.get(threadId))) throw new Error('This thread no longer exists.');
      return queue.enqueue(threadId, { id: messageId, text, images });
    },
    getMessageQueue: async ({ threadId }) => queue.state(threadId),
    editQueuedMessage: async ({ threadId, messageId, text }) => queue.edit(threadId, messageId, text),
    removeQueuedMessage: async ({ threadId, messageId }) => queue.remove(threadId, messageId),
    sendQueuedNow: async ({ threadId, messageId }) => queue.sendNow(threadId, messageId),
  };
  return { queue, handlers, close: () => store.flush() };
}
