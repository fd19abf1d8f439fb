import type { Thread, ThreadSummary } from '../../shared/threads';

/**
 * The read-only view of the user's chat history that the MCP thread tools need. The threads store
 * implements it; tests use an in-memory fake. Kept this narrow so the model can never write threads.
 */
export interface ThreadsReader {
  /** Most recently updated first. */
  list(limit: number): Promise<ThreadSummary[]>;
  /** The thread with (at most) its last `limit` messages, or undefined when there is no such thread. */
  read(threadId: string, limit: number): Promise<Thread | undefined>;
  search(query: string, limit: number): Promise<{ thread: ThreadSummary; snippet: string }[]>;
}
