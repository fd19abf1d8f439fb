import { memo, useState } from 'react';
import { useDesk } from '../../store/store-context';
import { previousIdIn, shownMessage } from '../../store/turn-selectors';
import { AssistantMessageView } from './assistant-message';
import { UserMessageView } from './user-message';

/**
 * One row subscribes to its own message by id. A streamed delta replaces only that message's
 * object in the store, so only this row re-renders; the list and every other row stay put.
 * `lazy`: the row came in while the list scrolled or out of sight; only its value at mount counts.
 */
export const MessageRow = memo(
  function MessageRow({ id, lazy: lazyNow = false }: { id: string; lazy?: boolean }) {
    const [lazy] = useState(lazyNow);
    const message = useDesk((s) => shownMessage(s, id));
    const threadId = useDesk((s) => s.activeThreadId) ?? undefined;
    // A string: the row re-renders only when the message before it changes (a rewind's branch marker needs it).
    const previousId = useDesk((s) => previousIdIn(s.messageIds, id));
    if (!message) return null;
    return message.role === 'user' ? (
      <UserMessageView message={message} previousId={previousId} lazy={lazy} />
    ) : (
      <AssistantMessageView message={message} threadId={threadId} lazy={lazy} />
    );
  },
  (a, b) => a.id === b.id,
);
