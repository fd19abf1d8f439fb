import type { AssistantMessage } from '../../shared/threads';
import { DEFAULT_THREAD_TITLE, autoTitle, isWeakTitle, titleFromAnswer } from '../../shared/thread-title';
import { isFinalStatus } from '../../shared/turn-reducer';
import { messageText } from './thread-search';

/**
 * A thread's automatic title: its first message names it (shared/thread-title.ts); when that says little ("hi", a
 * pasted trace), its first finished answer names it instead, unless the user renamed it meanwhile.
 */
export class AutoTitles {
  /** Threads whose auto title said little: the title this store gave, which the first answer may replace. */
  private readonly weak = new Map<string, string>();

  /**
   * A user message sent to a thread that still has the default title. Returns the title it names the thread by
   * (the caller records it), or undefined when it has no words for one (images only).
   */
  fromMessage(threadId: string, text: string): string | undefined {
    const title = autoTitle(text);
    // "hi", a pasted trace: the first answer names the thread instead (after a greeting, only with a heading;
    // unless the user renames it first).
    if (isWeakTitle(title)) this.weak.set(threadId, title || DEFAULT_THREAD_TITLE);
    return title || undefined;
  }

  /**
   * A turn's snapshot. Once the turn is over the weak title's chance is used up: returns the answer's title when it
   * gives one and `currentTitle` is still the one this store gave.
   */
  fromAnswer(threadId: string, currentTitle: string, message: AssistantMessage): string | undefined {
    const weak = this.weak.get(threadId);
    if (weak === undefined || !isFinalStatus(message.status)) return undefined;
    this.weak.delete(threadId);
    const better = message.status === 'done' ? titleFromAnswer(messageText(message), weak) : undefined;
    // Only over the title this store gave: a rename in the meantime wins.
    return better && currentTitle === weak ? better : undefined;
  }

  /** The user named the thread, or it was deleted: no answer renames it. */
  forget(threadId: string): void {
    this.weak.delete(threadId);
  }
}
