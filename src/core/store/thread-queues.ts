/**
 * One queue per thread: every write to a thread's files runs in call order, and a read joins the queue so it never
 * sees half of an append in flight. A failed task does not stop the ones behind it (its caller gets the error).
 */
export class ThreadQueues {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(id) ?? Promise.resolve()).then(fn);
    this.tails.set(
      id,
      run.catch(() => {}),
    );
    return run;
  }

  /** Resolves once everything queued so far has run, failed tasks included. */
  async idle(): Promise<void> {
    await Promise.all([...this.tails.values()]);
  }

  /** A deleted thread's queue, once its last task (the removal) has run. */
  drop(id: string): void {
    this.tails.delete(id);
  }
}
