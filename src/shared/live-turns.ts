/**
 * The host's turns in flight, as every window shows them (the `listTurns` call): a page rebuilds its running dots,
 * timers, Stop and queue places from this list after a reload, a reconnect or in a second tab — not only from the
 * events it happened to see, which say nothing while a turn is quiet (a long tool, a stalled answer, a queued turn).
 */
export interface LiveTurn {
  turnId: string;
  threadId: string;
  /** Queued (for a place under the cap, the thread's lock, or still being prepared), running, or waiting for an answer to a card. */
  status: 'queued' | 'running' | 'waiting';
  /** Place in the queue while queued (1 = next), as its last `queued` event said. */
  position?: number;
  /** Queued behind another Claude Desk process's turn on this thread: what it waits for, as a sentence. */
  elsewhere?: string;
  /** Host clock (ms) when the turn started running: the timer counts from here. */
  startedAt?: number;
}
