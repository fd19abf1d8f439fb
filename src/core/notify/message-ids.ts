/**
 * One notification per event: the ids already told, kept for a while and bounded. An event seen again (a card
 * re-announced after a reconnect, a turn's events replayed) is not told twice.
 */
export class MessageIds {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly max = 1000,
  ) {}

  /** true the first time an id comes (within maxAgeMs), and false for a repeat or a message already stale. */
  accept(id: string, at: number, now: number): boolean {
    if (now - at > this.maxAgeMs) return false;
    for (const [old, when] of this.seen) {
      if (now - when <= this.maxAgeMs && this.seen.size < this.max) break;
      this.seen.delete(old);
    }
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    return true;
  }
}
