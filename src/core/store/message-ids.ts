/**
 * The ids of each thread's messages, once its log has been read in this run: enough to refuse a message sent
 * twice without parsing a long thread's whole log again on every send. A thread not known yet is read once.
 */
export class MessageIds {
  private readonly byThread = new Map<string, Set<string>>();

  known(threadId: string): boolean {
    return this.byThread.has(threadId);
  }

  has(threadId: string, messageId: string): boolean {
    return this.byThread.get(threadId)?.has(messageId) ?? false;
  }

  /** Everything the log holds now (after a read). */
  replace(threadId: string, ids: Iterable<string>): void {
    this.byThread.set(threadId, new Set(ids));
  }

  /** A message written: only tracked for a thread whose ids are known (else the next read has it). */
  add(threadId: string, id: string): void {
    this.byThread.get(threadId)?.add(id);
  }

  forget(threadId: string): void {
    this.byThread.delete(threadId);
  }
}
