import type { AssistantMessage } from '../../shared/threads';
import { DISK_FULL_SENTENCE } from '../../core/store/disk-full';

/** How often an answer that could not be saved (a full disk) is tried again while the app runs. */
export const UNSAVED_RETRY_MS = 10_000;

export interface UnsavedAnswersDeps {
  save(threadId: string, message: AssistantMessage): Promise<void>;
  notice(level: 'info' | 'error', message: string): void;
  /** An answer that waited was saved at last (the crash journal may journal its turn's end now). */
  settled?(messageId: string): void;
  /** When the next try runs (a timer in the app; run by hand in tests). */
  schedule?: (run: () => void, ms: number) => void;
}

/**
 * Answers whose save failed for want of space: the answer is kept in memory (its latest snapshot) and saved as soon as
 * the disk has room again, so nothing shown is lost and no turn stays "running" in the log after its process ended.
 * The user is told once per answer, with what to do, and again when it is saved.
 */
export class UnsavedAnswers {
  private readonly waiting = new Map<string, { threadId: string; message: AssistantMessage }>();
  private armed = false;

  constructor(private readonly deps: UnsavedAnswersDeps) {}

  /** A save of this answer failed for want of space. */
  failed(threadId: string, message: AssistantMessage): void {
    if (!this.waiting.has(message.id)) this.deps.notice('error', DISK_FULL_SENTENCE);
    this.waiting.set(message.id, { threadId, message });
    this.arm();
  }

  /** A later save of this answer went through: nothing of it waits any more. */
  saved(messageId: string): void {
    if (this.waiting.delete(messageId)) this.deps.settled?.(messageId);
  }

  get size(): number {
    return this.waiting.size;
  }

  /** Try every waiting answer now; the ones still refused wait for the next try. */
  async retry(): Promise<void> {
    let savedNow = 0;
    for (const [id, { threadId, message }] of [...this.waiting]) {
      try {
        await this.deps.save(threadId, message);
        if (this.waiting.get(id)?.message === message) {
          this.waiting.delete(id);
          this.deps.settled?.(id);
        }
        savedNow++;
      } catch {
        // still no room: the next try
      }
    }
    if (savedNow > 0)
      this.deps.notice(
        'info',
        `Saved ${savedNow === 1 ? 'the answer' : `${savedNow} answers`} that could not be saved while the disk was full.`,
      );
    if (this.waiting.size > 0) this.arm();
  }

  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    const schedule = this.deps.schedule ?? ((run, ms) => void setTimeout(run, ms).unref());
    schedule(() => {
      this.armed = false;
      void this.retry();
    }, UNSAVED_RETRY_MS);
  }
}
