import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useDesk } from '../../store/store-context';
import type { DeskState } from '../../store/desk-state';

/** The texts the user sent in the active thread, oldest first (markers such as /clear left out). */
export function sentTexts(s: Pick<DeskState, 'messageIds' | 'messages'>): string[] {
  const out: string[] = [];
  for (const id of s.messageIds) {
    const m = s.messages[id];
    if (m?.role === 'user' && !m.marker && m.text.trim()) out.push(m.text);
  }
  return out;
}

/**
 * ↑ in the empty composer, as in the terminal: the last queued message comes back into the text
 * box for editing (out of the queue: Enter queues it again), else the last message sent; more ↑/↓ walk the
 * thread's sent messages while the text is still the recalled one. Returns whether it used the key.
 */
export function useRecall(text: string, setText: (value: string) => void) {
  const at = useRef<number | null>(null);
  const removeQueued = useDesk((s) => s.removeQueued);
  const queue = useDesk((s) => (s.activeThreadId ? s.queues[s.activeThreadId]?.items : undefined));
  const messageIds = useDesk((s) => s.messageIds);
  const messages = useDesk((s) => s.messages);

  return (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.nativeEvent.isComposing) return false;
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return false;
    const history = sentTexts({ messageIds, messages });
    const el = e.currentTarget;
    const walking = at.current !== null && history[at.current] === text;
    if (e.key === 'ArrowUp') {
      // Only from the first line: ↑ inside a longer text moves the caret as usual.
      if (text.slice(0, el.selectionStart).includes('\n')) return false;
      if (!text) {
        const last = queue?.at(-1);
        if (last && !last.images?.length) {
          void removeQueued(last.id).then((ok) => ok && setText(last.text));
          at.current = null;
          return true;
        }
        if (!history.length) return false;
        at.current = history.length - 1;
      } else if (walking && at.current! > 0) {
        at.current = at.current! - 1;
      } else return false;
    } else {
      if (!walking || text.slice(el.selectionEnd).includes('\n')) return false;
      at.current = at.current! + 1 < history.length ? at.current! + 1 : null;
    }
    setText(at.current === null ? '' : history[at.current]!);
    return true;
  };
}
