import type { DeskState } from './desk-state';

/**
 * A selector over the open thread's messages that computes again only when they change. Zustand runs every
 * selector on every store change (a draft typed, a turn's bookkeeping), and the header's walks back through a
 * 2,000-message thread for its latest model, limits and context were each run several times per streamed frame.
 * The derivation must read nothing from the state but `messageIds` and `messages`.
 */
export function byMessages<T>(derive: (s: Pick<DeskState, 'messageIds' | 'messages'>) => T): (s: DeskState) => T {
  let ids: DeskState['messageIds'] | undefined;
  let messages: DeskState['messages'] | undefined;
  let value: T;
  return (s) => {
    if (s.messageIds !== ids || s.messages !== messages) {
      value = derive(s);
      ids = s.messageIds;
      messages = s.messages;
    }
    return value;
  };
}
